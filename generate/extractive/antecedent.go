package extractive

import (
	"regexp"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// A which-X question may be answered by a sentence that names the thing
// only as "this X", the sentence before it giving the name: "FnOnce
// applies to closures that can be called once. All closures implement at
// least this trait because all closures can be called." answers "Which
// closure trait does every closure implement?", and quoted alone it names
// no trait. scoreAntecedent passes the pointing sentence's coverage of
// the question and its score to the sentence before it, when that one
// leads with a name, so that the two are chosen together and quoted in
// their order (the chosen sentences of a source are).

// antecedentBonus is added to the named sentence's score over the
// pointing one's: it carries the answer's name.
const antecedentBonus = 0.05

// scoreAntecedent applies the rule above for a which-X question (nameQuestion).
func scoreAntecedent(cands []*candidate, question string) {
	m := nameQuestion.FindStringSubmatch(question)
	if m == nil {
		return
	}
	kind := strings.ToLower(m[1])
	pointing := regexp.MustCompile(`(?i)\b(?:this|these|that|such\s+an?)\s+` + regexp.QuoteMeta(kind) + `s?\b`)
	// "The main process … will receive SIGTERM, and after a grace period,
	// SIGKILL. The first signal can be changed …": an ordinal points into
	// the names the sentence before lists, wherever it writes them.
	ordinal := regexp.MustCompile(`(?i)\bthe\s+(?:first|second|third|last|former|latter)\s+` + regexp.QuoteMeta(kind) + `\b`)
	for i, c := range cands {
		if i == 0 || c.overlap == 0 || c.code || !strings.Contains(strings.ToLower(c.text), kind) {
			continue
		}
		byOrdinal := ordinal.MatchString(c.text)
		if !byOrdinal && !pointing.MatchString(c.text) {
			continue
		}
		prev := cands[i-1]
		if prev.source != c.source || prev.code || prev.headingText != c.headingText ||
			!leadsWithName(prev.text) && !(byOrdinal && writesNames(prev.text)) {
			continue
		}
		prev.score = max(prev.score, c.score) + antecedentBonus
		prev.overlap = max(prev.overlap, c.overlap)
	}
}

// leadsWithName reports whether text, past a list marker, starts with a
// word written as code or a capitalised word that is no sentence opener
// ("FnOnce applies …", "- octopus: …", "`Rc<T>` is …").
func leadsWithName(text string) bool {
	text = strings.TrimLeft(text, "-*• \t")
	first, _, _ := strings.Cut(text, " ")
	first = strings.Trim(first, "`'\"“”‘’:,")
	if first == "" {
		return false
	}
	return textutil.MaybeCode(first)
}

// writesNames reports whether text names two or more things the way a
// list of names is written: quoted as code or in capitals ("`SIGTERM`,
// and after a grace period, `SIGKILL`"); an ordinal points into such a
// list.
func writesNames(text string) bool {
	n := strings.Count(text, "`") / 2
	for _, w := range strings.Fields(strings.ReplaceAll(text, "`", " ")) {
		if textutil.AllCapitals(strings.Trim(w, "'\"“”‘’:,.;()")) {
			n++
		}
	}
	return n >= 2
}
