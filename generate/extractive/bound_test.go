package extractive_test

import (
	"testing"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
)

// weakPrompt is prompt with Relevance below the supported band, where the
// best sentence must cover DefaultMinOverlap of the question.
func weakPrompt(texts ...string) *generate.Prompt {
	p := prompt(texts...)
	for i := range p.Sources {
		p.Sources[i].Source = retrieve.Source{Relevance: 0.3}
	}
	return p
}

// A question asking for a bound ("the maximum load", "the minimum
// clearance") is answered by a sentence stating the bound in words before
// a figure ("lifts at most 2 t", "at least 40 cm"); a sentence with the
// phrase but no figure, or with a figure but no bound, does not hold the
// question's bound word.
func TestBoundStatedInWords(t *testing.T) {
	crane := "The dockside crane K7 was installed in 2019 next to the grain silo."
	runSupportCases(t, []supportCase{
		{"upper bound in words", "What is the maximum lifting load of the K7 crane?",
			weakPrompt(crane, "The K7 crane lifts at most 12 t with the jib retracted."), true},
		{"upper bound as up to", "What is the maximum lifting load of the K7 crane?",
			weakPrompt(crane, "The K7 crane lifts up to twelve tonnes with the jib retracted."), true},
		{"upper bound after the figure", "What is the maximum lifting load of the K7 crane?",
			weakPrompt(crane, "The K7 crane lifts 12 t or less with the jib retracted."), true},
		{"lower bound in words", "What is the minimum clearance around the K7 crane?",
			weakPrompt(crane, "Keep a clearance of at least 3 m around the K7 crane."), true},
		{"bound phrase without a figure", "What is the maximum lifting load of the K7 crane?",
			weakPrompt(crane, "The K7 crane lifts crates up to the upper deck with the jib retracted."), false},
		{"figure without a bound", "What is the maximum lifting load of the K7 crane?",
			weakPrompt(crane, "The K7 crane lifts 12 t with the jib retracted."), false},
		{"the other bound", "What is the minimum clearance around the K7 crane?",
			weakPrompt(crane, "The K7 crane swings at most 3 m around its mast."), false},
	})
}
