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

// A how-to question is answered by the sentence that leads into a command
// and the command itself; other questions do not quote such a lead-in, nor
// does any question quote one that only announces what follows.
func TestCodeLeadAnswersHowTo(t *testing.T) {
	page := "Showing function output\n\n" +
		"By default, the output of passing tests is captured and not shown.\n\n" +
		"To see what passing tests print, tell the runner to show the output of successful tests with --show-output:\n\n" +
		"```\n$ cargo test -- --show-output\n```\n\n" +
		"The following example shows what the output of successful tests looks like:\n\n" +
		"```\n$ cargo test\ntest tests::this_test_will_pass ... ok\n```"
	got := answerTo(t, "How can I see what passing tests print?", prompt(page))
	require.Contains(t, got, "with --show-output: [S1]\n\n```\n$ cargo test -- --show-output\n```")
	require.NotContains(t, got, "The following example")

	got = answerTo(t, "Is the output of passing tests shown?", prompt(page))
	require.NotContains(t, got, "--show-output")
}

// A sentence ending in a colon is set apart from a sentence quoted after
// it, which would otherwise read as the rest of it.
func TestColonSentenceSetApart(t *testing.T) {
	page := "Showing function output\n\n" +
		"To see what passing tests print, tell the runner to show the output of successful tests with --show-output:\n\n" +
		"```\n" + strings.Repeat("$ cargo test -- --show-output --test-threads=1 --nocapture\n", 12) + "```\n\n" +
		"Passing tests print nothing unless the runner is told to show their output."
	got := answerTo(t, "How can I see what passing tests print?", prompt(page))
	require.Contains(t, got, "with --show-output: [S1]\n\nPassing tests print nothing", got)
}
