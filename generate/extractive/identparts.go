package extractive

import (
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// Documentation names things by identifiers built from words
// ("ThreadPoolExecutor", "core.excludesFile", "gc.logExpiry") and a
// question names them in those words ("the thread pool executor", "the
// global excludes file", "how old the log must be"). Word segmentation
// keeps a camelCase identifier whole ("threadpoolexecutor"), so a sentence
// or heading naming the thing held none of the question's words for it,
// and the overlap floor declined it. identifierParts gives a sentence the
// words of its identifiers as well, as the keyword index already does
// (textutil.CodeWord).

// identifierParts calls add with each lower-cased part of every identifier
// in text that has more than one part ("thread", "pool", "executor" for
// ThreadPoolExecutor).
func identifierParts(text string, add func(string)) {
	textutil.ForEachCodeWord(text, func(_, _ int, _ string, parts []string) {
		if len(parts) < 2 {
			return
		}
		for _, p := range parts {
			add(strings.ToLower(p))
		}
	})
}

// memberStopwords calls add with a term for the member of every dotted
// name in text whose member is a stop word ("once" of "emitter.once()",
// "on" of "process.on()"): the member after a dot (".once"), which no
// word's stem is ("one" stems to "on"). As prose such a word says
// nothing, so term sets leave it out; as a member's name it is what tells
// "emitter.once()" from its siblings "emitter.on()" and "emitter.off()".
func memberStopwords(text string, add func(string)) {
	textutil.ForEachCodeWord(text, func(_, _ int, whole string, _ []string) {
		if i := strings.IndexAny(whole, "(["); i >= 0 {
			whole = whole[:i]
		}
		if _, member, ok := textutil.OwnerMember(whole); ok && textutil.IsStopword(member) {
			add("." + member)
		}
	})
}
