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

// kindIntroduction matches a sentence that opens by introducing a thing
// by its name and kind ("The ntpq utility program is used to monitor
// …"); groups: the name, the kind, the verb.
var kindIntroduction = regexp.MustCompile(`^(?i:the|a|an)\s+([a-z][\w.-]*[a-z0-9])\s+(?:[a-z]+\s+)?(commands?|programs?|tools?|utilit(?:y|ies)|functions?|modules?|options?|settings?|parameters?|directives?|variables?)\s+(is|are|was|can|will|lets?|provides?|allows?|reads?|shows?|prints?|displays?|queries|sends?)\b`)

// scoreKindIntroduction adds namedAnswerBonus, for a question asking which
// thing of a kind does something ("Which program queries a running ntpd
// …?"), to a sentence that introduces one of that kind by name ("The ntpq
// utility program is used to monitor NTP daemon ntpd operations …"),
// whose name need not hold the question's words as scoreNamedAnswer
// requires: a program is named for itself.
func scoreKindIntroduction(cands []*candidate, a *ask, qterms []string) {
	m := asksWhichName.FindStringSubmatch(a.question)
	if m == nil {
		return
	}
	q := strings.ToLower(a.question)
	best := 0.0
	for _, c := range cands {
		best = max(best, c.overlap)
	}
	// One thing answers: only the introduction that covers the question
	// best, and only when it covers half as much as the best sentence
	// ("The sslinfo module provides information about the SSL certificate
	// …" introduces a module, not the one that provides crosstab).
	var intro *candidate
	for _, c := range cands {
		if c.code || c.overlap < best/2 || intro != nil && c.overlap <= intro.overlap {
			continue
		}
		k := kindIntroduction.FindStringSubmatch(c.text)
		if k == nil || notAName[k[1]] || textutil.IsStopword(k[1]) || strings.Contains(q, k[1]) ||
			textutil.Stem(strings.ToLower(k[2])) != textutil.Stem(strings.ToLower(askedKindWord(m[0]))) ||
			!saysMore(c, qterms, a.kind, k[3]) {
			continue
		}
		intro = c
	}
	if intro != nil {
		intro.score += namedAnswerBonus
	}
}

// askedKindWord returns the kind word ending asksWhichName's match ("program" of
// "Which program").
func askedKindWord(match string) string {
	f := strings.Fields(match)
	return f[len(f)-1]
}

// saysMore reports whether c holds a question term besides the kind words
// and the introduction's verb: "The sslinfo module provides information
// about the SSL certificate" says of "Which module provides the crosstab
// function …?" only that it is a module that provides.
func saysMore(c *candidate, qterms []string, kind map[string]bool, verb string) bool {
	v := textutil.Stem(strings.ToLower(verb))
	for _, t := range qterms {
		if !kind[t] && t != v && c.terms[t] {
			return true
		}
	}
	return false
}
