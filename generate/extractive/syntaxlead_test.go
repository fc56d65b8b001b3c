package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A section that opens by defining its heading's construct and then shows
// its grammar ends that sentence with a colon; it is the definition, not a
// lead-in. A colon sentence that does not lead with the heading, or that no
// code block follows, stays skipped.
func TestSyntaxIntroducingDefinition(t *testing.T) {
	reference := "8.1. The if statement\n\n" +
		"The if statement is used for conditional execution:\n\n" +
		"```\nif_stmt ::= \"if\" expression \":\" suite\n```\n\n" +
		"8.2. The while statement\n\n" +
		"The while statement is used for repeated execution as long as an expression is true:\n\n" +
		"```\nwhile_stmt ::= \"while\" expression \":\" suite\n```\n\n" +
		"A break statement executed in the first suite terminates the loop."
	got := answerTo(t, "What does the while statement do?", prompt(reference))
	require.True(t, strings.HasPrefix(got, "The while statement is used for repeated execution"), got)

	lead := "8.2. The while statement\n\n" +
		"The following forms of the while statement are accepted:\n\n" +
		"```\nwhile x:\n    pass\n```\n\n" +
		"A while statement repeats its suite as long as its condition holds."
	got = answerTo(t, "What does the while statement do?", prompt(lead))
	require.True(t, strings.HasPrefix(got, "A while statement repeats"), got)

	noCode := "8.2. The while statement\n\n" +
		"The while statement is used for repeated execution as long as:\n\n" +
		"- an expression is true.\n\n" +
		"A while statement repeats its suite as long as its condition holds."
	got = answerTo(t, "What does the while statement do?", prompt(noCode))
	require.True(t, strings.HasPrefix(got, "A while statement repeats"), got)
}
