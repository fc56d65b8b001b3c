package extractive_test

import "testing"

// A question in the past tense of an irregular verb ("was sent", "ran
// dry") is answered by the manual's present tense ("sends", "runs dry").
func TestIrregularVerbForms(t *testing.T) {
	runSupportCases(t, []supportCase{
		{"past forms against present", "Which signal is sent after the kiln ran dry?",
			prompt("The controller sends the SIGSTOP signal after the kiln runs dry."), true},
		{"other verbs still differ", "Which signal is sent after the kiln ran dry?",
			prompt("The controller logs the SIGSTOP signal after the kiln is dry."), false},
	})
}
