package extractive

import (
	"regexp"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// namedAnswerBonus is added to the score of a sentence that leads with a
// name made of the question's words when the question asks which command,
// function or setting does something: "Which command adds a publication for
// logical replication?" is answered by "CREATE PUBLICATION adds a new
// publication …", which covers fewer of the question's words than "CREATE
// SUBSCRIPTION adds a new logical-replication subscription." It equals
// subjectBonus; at 0.15 the subscription still led.
const namedAnswerBonus = 0.25

// asksWhichName matches a question asking for the name of a thing by its
// kind ("Which command …", "What function …", "Which two settings …").
var asksWhichName = regexp.MustCompile(`(?i)^\s*(?:which|what)\s+(?:\w+\s+)?(?:commands?|functions?|statements?|options?|settings?|parameters?|operators?|types?|modules?|methods?|flags?|variables?|propert(?:y|ies)|directives?|tools?|programs?|macros?|classes)\b`)

// leadingName matches a sentence's leading name and what follows it: words
// in capitals ("CREATE PUBLICATION"), or a code word ("pg_restore",
// "--jobs"), as the subject of a verb (a lower-case word after it) or
// before a summary's dash ("DROP PUBLICATION — remove a publication"). A
// name followed by a comma ("OWNER TO, and other … changes, …") is a
// clause's fragment.
var leadingName = regexp.MustCompile(`^((?:[A-Z][A-Z0-9_]+(?:\s+[A-Z][A-Z0-9_]+)*\b|-{0,2}[A-Za-z][\w.-]*[_.-][\w.()-]*))\s+([a-z]|[—–]\s)`)

// scoreNamedAnswer adds namedAnswerBonus to each sentence that leads with
// a name holding one of the question's terms other than its kind words.
func scoreNamedAnswer(cands []*candidate, a *ask, qterms []string) {
	if !asksWhichName.MatchString(a.question) {
		return
	}
	asked := map[string]bool{}
	for _, t := range qterms {
		if !a.kind[t] {
			asked[t] = true
		}
	}
	for _, c := range cands {
		m := leadingName.FindStringSubmatchIndex(c.text)
		if m == nil || c.code || strings.ContainsAny(c.text, "[{|") || c.text[m[4]] != 0xE2 && !textutil.EndsSentence(c.text) {
			// A name in prose must be a sentence's subject; a line with
			// a synopsis's brackets, or that does not end as a sentence,
			// is a synopsis or an index entry ("TABLESAMPLE
			// sampling_method ( argument [, ...]").
			continue
		}
		name := c.text[m[2]:m[3]]
		for _, w := range textutil.Words(strings.NewReplacer("_", " ", ".", " ").Replace(name)) {
			if !textutil.IsStopword(w) && asked[textutil.Stem(w)] {
				c.score += namedAnswerBonus
				break
			}
		}
	}
}
