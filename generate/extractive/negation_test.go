package extractive_test

import (
	"testing"

	"github.com/hybridrag/hybridrag/generate"
)

// "invalid" and "unsupported" in a question are the documentation's "not
// valid" and "not supported": the sentence saying so answers the question
// by those words too.
func TestNegationInOneWord(t *testing.T) {
	weak := func(text string) *generate.Prompt {
		p := prompt(text)
		p.Sources[0].Source.Relevance = 0.3
		return p
	}
	runSupportCases(t, []supportCase{
		{"not valid", "What happens to invalid glazes?",
			weak("Glazes that are not valid are skipped by the kiln."), true},
		{"not supported", "What happens to unsupported glazes?",
			weak("Glazes that are not supported are skipped by the kiln."), true},
		{"valid", "What happens to invalid glazes?",
			weak("Glazes are mixed by the kiln's own pump."), false},
	})
}
