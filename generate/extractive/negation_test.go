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

// A yes/no question is answered "no" by the one-word negation of its word
// ("stored unencrypted" for "Is it encrypted?"); asked how to do it, the
// same sentence is no answer.
func TestYesNoAnsweredByNegatedWord(t *testing.T) {
	page := weakPrompt("The plain helper writes each kiln password to a file in the home directory. " +
		"The file of the plain helper is stored unencrypted, protected only by file permissions. " +
		"The plain helper reads the file again when the kiln asks for a password.")
	runSupportCases(t, []supportCase{
		{"unencrypted", "Is the password file of the plain helper encrypted?", page, true},
		{"asked how", "How do I encrypt the password file of the plain helper?", page, false},
	})
}
