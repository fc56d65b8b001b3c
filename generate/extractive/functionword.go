package extractive

import (
	"slices"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// A language keyword that is also an English function word ("the with
// statement", "a for loop", "the in operator") is dropped from every term
// set as a stop word, so a definition question about it has no subject,
// and "The global statement is a declaration …" answers "What does the with
// statement do?" as well as "The with statement is used to wrap …" does.
// The phrase as written still tells them apart.

// functionWordSubject returns the words of a definition question's
// subject when it is a function word and its kind ("with statement"), or
// nil.
func functionWordSubject(question string) []string {
	rest, ok := subjectText(question)
	if !ok {
		return nil
	}
	words := textutil.Words(rest)
	for len(words) > 0 && articles[words[0]] {
		words = words[1:]
	}
	for len(words) > 0 && askVerbs[words[len(words)-1]] {
		words = words[:len(words)-1] // "What does the with statement do?"
	}
	if len(words) != 2 || !textutil.IsStopword(words[0]) || !(kindWords[words[1]] || constructWords[words[1]]) {
		return nil
	}
	return words
}

// askVerbs close a definition question after its subject.
var askVerbs = map[string]bool{"do": true, "does": true, "mean": true, "means": true}

// constructWords name language constructs a keyword opens, besides
// kindWords.
var constructWords = map[string]bool{"loop": true, "loops": true, "block": true, "blocks": true, "expression": true, "expressions": true}

// scoreFunctionWordSubject adds subjectBonus to the sentences that lead
// with the subject phrase (after an article) and marks them as its
// definition by form (definesSubject).
func scoreFunctionWordSubject(cands []*candidate, phrase []string) {
	if len(phrase) == 0 {
		return
	}
	for _, c := range cands {
		words := c.words
		for len(words) > 0 && articles[words[0]] {
			words = words[1:]
		}
		if c.overlap > 0 && !c.code && len(words) >= len(phrase) && slices.Equal(words[:len(phrase)], phrase) {
			c.score += subjectBonus
			c.calls = true
		}
	}
}
