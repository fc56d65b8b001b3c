package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A setting's description gives the value's meaning in a short sentence
// of its own ("0 means forever."): a question asking which value does that
// is answered by the two together, and the short sentence is never quoted
// without the one it goes on from.
func TestValueMeaningGoesWithItsSetting(t *testing.T) {
	spinner := "-spin number\n\nRepeats the spinning <number> times. 0 means forever.\n\n-drain seconds\n\nDrains the drum for seconds after the last spin. It stops the pump when done."
	options := "Options\n\nEach option of the washer takes a value. An option makes the washer change its program. Options are read from left to right, and a later option overrides an earlier one."
	feeder := "-feed number\n\nSets number of times the feeder shall be refilled. Feed 0 means no refill, feed -1 means endless refill."

	got := answerTo(t, "With the -spin option, which number makes spinning repeat forever?", prompt(spinner, options))
	require.Contains(t, got, "Repeats the spinning <number> times. [S1] 0 means forever. [S1]")

	for _, question := range []string{
		"What value do I give -feed to refill the feeder forever?",
		"What does -drain do?",
	} {
		got := answerTo(t, question, prompt(feeder, spinner, options))
		require.NotEqual(t, "The indexed documentation does not contain this information.", got, question)
		require.NotContains(t, got, "0 means forever", question)
	}
	// Quoted alone, "0 means forever." says nothing of what it is about.
	got = answerTo(t, "Can the washer run forever?", prompt(feeder, options, spinner))
	if strings.Contains(got, "0 means forever") {
		require.Contains(t, got, "Repeats the spinning <number> times. [S3] 0 means forever.")
	}
}
