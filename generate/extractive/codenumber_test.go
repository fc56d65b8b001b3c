package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// "exit code 9" names one entry of a list of codes: its entry leads the
// answer, not the entries that repeat more of the question's other words.
func TestCodeNumberNamesItsEntry(t *testing.T) {
	codes := "Exit codes\n\nThe kiln controller exits with these codes:\n\n" +
		"- 3 Internal Ramp Error: The ramp table internal to the kiln controller process failed to parse.\n" +
		"- 4 Internal Ramp Failure: The ramp table internal to the kiln controller process failed to load.\n" +
		"- 9 Invalid Argument: An unknown option was given on the command line.\n" +
		"- 12 Invalid Port: The port given for the console is out of range."
	got := answerTo(t, "What does exit code 9 mean for the kiln controller process?", prompt(codes))
	require.True(t, strings.HasPrefix(got, "- 9 Invalid Argument") || strings.HasPrefix(got, "9 Invalid Argument"), "answer: %q", got)
}
