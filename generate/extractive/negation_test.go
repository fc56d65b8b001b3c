package extractive_test

import "testing"

// "invalid" and "unsupported" in a question are the documentation's "not
// valid" and "not supported", and the other way round, whatever the
// apostrophe: the sentence saying so answers the question by those words
// too.
func TestNegationForms(t *testing.T) {
	runSupportCases(t, []supportCase{
		{"not valid", "What happens to invalid glazes?",
			weakPrompt("Glazes that are not valid are skipped by the kiln."), true},
		{"not supported", "What happens to unsupported glazes?",
			weakPrompt("Glazes that are not supported are skipped by the kiln."), true},
		{"valid", "What happens to invalid glazes?",
			weakPrompt("Glazes are mixed by the kiln's own pump."), false},
		{"aren't valid", "What happens to glazes that aren't valid?",
			weakPrompt("Invalid glazes are skipped by the kiln."), true},
		{"aren’t valid", "What happens to glazes that aren’t valid?",
			weakPrompt("Invalid glazes are skipped by the kiln."), true},
		{"not yet supported", "What happens to glazes that are not yet supported?",
			weakPrompt("Unsupported glazes are skipped by the kiln."), true},
		{"valid, asked negated", "What happens to glazes that aren't valid?",
			weakPrompt("Glazes are mixed by the kiln's own pump."), false},
	})
}
