package extractive

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// A question writes a negation as one word ("invalid JSON", "an
// unsupported option", "a non-existent file") where documentation often
// writes it as two ("is not a valid JSON document", "is not supported").
// negatedForms gives a sentence the one-word forms of its "not X", so
// that the question's word is one of its terms; the question's word has
// no other way to match, and X alone means the opposite.

// negatedForms calls add with the prefixed forms of each word after "not"
// (past an article): "invalid", "unvalid" and "nonvalid" for "not a
// valid". Only the forms a question uses ever match; the others are
// terms no question holds.
func negatedForms(words []string, add func(string)) {
	for i, w := range words {
		if w != "not" {
			continue
		}
		j := i + 1
		for j < len(words) && (words[j] == "a" || words[j] == "an" || words[j] == "the" || words[j] == "be") {
			j++
		}
		if j == len(words) || len(words[j]) < 3 {
			continue
		}
		x := words[j]
		add(inPrefix(x) + x)
		add("un" + x)
		add("non" + x)
	}
}

// inPrefix returns the form English gives the negating "in-" before x:
// "im" before b, m and p (impossible), "il" before l (illegal), "ir"
// before r (irregular).
func inPrefix(x string) string {
	switch x[0] {
	case 'b', 'm', 'p':
		return "im"
	case 'l':
		return "il"
	case 'r':
		return "ir"
	}
	return "in"
}

// The other way round, a question writes the negation as two words ("files
// that aren't tracked yet") where documentation writes one ("untracked
// files"): negatedTerms gives a sentence that holds the one-word form the
// term of the question's negated word, which that form covers.

// negationWords are the words that negate the word after them, past
// negationSkip.
var negationWords = map[string]bool{"not": true, "never": true}

// negationSkip are the words between a negation and what it negates
// ("isn't yet tracked", "was never being used", "is not a valid").
var negationSkip = map[string]bool{"a": true, "an": true, "the": true, "be": true, "been": true, "being": true,
	"yet": true, "ever": true, "really": true, "currently": true, "already": true, "always": true, "even": true}

// negatedAsked returns the words the question negates ("tracked" in
// "Can git grep also search files that aren't tracked yet?").
func negatedAsked(question string) []string {
	words := textutil.Words(question)
	var out []string
	for i, w := range words {
		w = strings.ReplaceAll(w, "’", "'")
		if !negationWords[w] && !strings.HasSuffix(w, "n't") {
			continue
		}
		j := i + 1
		for j < len(words) && negationSkip[words[j]] {
			j++
		}
		if j < len(words) && len(words[j]) >= 3 && !textutil.IsStopword(words[j]) {
			out = append(out, words[j])
		}
	}
	return out
}

// negatedTerms gives each sentence holding a one-word negation of a word
// the question negates ("untracked", "nonexistent", "invalid") that
// word's term, when the question's terms hold it.
func negatedTerms(cands []*candidate, question string, qterms []string) {
	for _, x := range negatedAsked(question) {
		st := textutil.Stem(x)
		if !slices.Contains(qterms, st) {
			continue
		}
		forms := []string{textutil.Stem("un" + x), textutil.Stem("non" + x), textutil.Stem("non-" + x), textutil.Stem(inPrefix(x) + x)}
		for _, c := range cands {
			if c.code || c.terms[st] {
				continue
			}
			for _, f := range forms {
				if c.terms[f] {
					c.terms[st] = true
					break
				}
			}
		}
	}
}
