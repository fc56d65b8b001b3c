package extractive_test

import "testing"

// "invalid" and "unsupported" in a question are the documentation's "not
// valid" and "not supported": the sentence saying so answers the question
// by those words too.
func TestNegationInOneWord(t *testing.T) {
	runSupportCases(t, []supportCase{
		{"not valid", "What happens to invalid glazes?",
			weakPrompt("Glazes that are not valid are skipped by the kiln."), true},
		{"not supported", "What happens to unsupported glazes?",
			weakPrompt("Glazes that are not supported are skipped by the kiln."), true},
		{"valid", "What happens to invalid glazes?",
			weakPrompt("Glazes are mixed by the kiln's own pump."), false},
	})
}
