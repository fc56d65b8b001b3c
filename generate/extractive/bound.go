package extractive

import (
	"regexp"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// A question asking for a bound ("What is the maximum power draw of …?",
// "the minimum clearance") is answered by a sentence that states the bound
// in words rather than naming it: "draws at most 95 W", "up to 16
// clients", "at least 50 cm". Counted by terms alone, such a sentence
// lacks the question's "maximum" and covers too little of it to be
// quoted. boundPhrases gives each bound word of a question the phrases
// that state it before a figure; a sentence holding one holds the word.

// boundPhrases maps the stem of a question's bound word to the phrases that
// state that bound in a sentence.
var boundPhrases = map[string]*regexp.Regexp{}

func init() {
	// The bound must be a figure: "up to the roof" or "at least one of
	// them" states no bound.
	const num = `(?:\d|(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|hundred|thousand|million)\b)`
	upper := regexp.MustCompile(`(?i)\b(?:at\s+most|up\s+to|no\s+more\s+than|(?:not|never)\s+(?:to\s+)?exceed(?:s|ing)?)\s+(?:about\s+|approximately\s+|roughly\s+)?` + num +
		`|\d[\d.,]*\s*\S*\s+or\s+(?:less|fewer|below)\b`)
	lower := regexp.MustCompile(`(?i)\b(?:at\s+least|no\s+(?:less|fewer)\s+than)\s+(?:about\s+|approximately\s+|roughly\s+)?` + num +
		`|\d[\d.,]*\s*\S*\s+or\s+(?:more|above)\b`)
	for _, w := range []string{"maximum", "max", "maximal"} {
		boundPhrases[textutil.Stem(w)] = upper
	}
	for _, w := range []string{"minimum", "min", "minimal"} {
		boundPhrases[textutil.Stem(w)] = lower
	}
}

// boundTerms adds to each candidate that states a bound in words the
// question's term for that bound (qterms, as from uniqueTerms), so that
// overlap counts the sentence as holding it.
func boundTerms(cands []*candidate, qterms []string) {
	for _, t := range qterms {
		re := boundPhrases[t]
		if re == nil {
			continue
		}
		for _, c := range cands {
			if !c.terms[t] && re.MatchString(c.text) {
				c.terms[t] = true
			}
		}
	}
}
