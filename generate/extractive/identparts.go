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
// and the overlap floor declined it. codeWordTerms gives a sentence the
// words of its identifiers as well, as the keyword index already does
// (textutil.CodeWord).

// memberStopwords calls add with a term for the member of every dotted
// name in text whose member is a stop word ("once" of "emitter.once()",
// "on" of "process.on()"): the member after a dot (".once"), which no
// word's stem is ("one" stems to "on"). As prose such a word says
// nothing, so term sets leave it out; as a member's name it is what tells
// "emitter.once()" from its siblings "emitter.on()" and "emitter.off()".
func memberStopwords(text string, add func(string)) { codeWordTerms(text, nil, add) }

// particle are the adverbs of phrasal verbs that English also writes
// joined to the verb as a noun (setup, shutdown, login, checkout).
var particle = map[string]bool{"up": true, "down": true, "in": true, "out": true, "off": true, "on": true, "over": true}

// codeWordTerms reads text's code words once: part gets each lower-cased
// part of every identifier with more than one part ("thread", "pool",
// "executor" for ThreadPoolExecutor) and each phrasal verb's two parts
// joined ("setup" for setUpClass), member memberStopwords' members
// (either may be nil). A sentence's term set needs both, and the
// code-word scan is most of its cost.
func codeWordTerms(text string, part, member func(string)) {
	textutil.ForEachCodeWord(text, func(_, _ int, whole string, parts []string) {
		if part != nil && len(parts) >= 2 {
			for i, p := range parts {
				part(strings.ToLower(p))
				if i > 0 && particle[strings.ToLower(p)] {
					// A phrasal verb written in two parts is the noun
					// a question writes in one: "setUp", "tearDown",
					// "logIn", "cleanUp" are its "setup", "teardown",
					// "login", "cleanup". Other adjacent parts are not
					// joined: "scriptalias" of VirtualScriptAlias would
					// name the ScriptAlias directive.
					part(strings.ToLower(parts[i-1] + p))
				}
			}
		}
		if member == nil {
			return
		}
		if i := strings.IndexAny(whole, "(["); i >= 0 {
			whole = whole[:i]
		}
		if _, m, ok := textutil.OwnerMember(whole); ok && textutil.IsStopword(m) {
			member("." + m)
		}
	})
}
