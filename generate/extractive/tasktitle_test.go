package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
)

// "How do I uninstall a kiln profile?" is answered by the task's title in
// the imperative and the command under it, not by a remark that mentions
// every word of the question; the command follows the title.
func TestTaskTitleAndItsCommandLead(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "The kiln tool also performs an automatic uninstall of an old kiln profile before it installs a newer one.",
			"Kiln tool", "Upgrading"),
		sourceUnder("S2", "Examples\n\n1. Uninstall a kiln profile.\n\n```\n$ kiln profile remove glaze-cone6\nRemoved glaze-cone6\n```",
			"kiln profile remove", "Examples"),
	}}
	answer := answerTo(t, "How do I uninstall a kiln profile with the kiln tool?", p)
	require.True(t, strings.HasPrefix(answer, "Uninstall a kiln profile. [S2]\n\n```\n$ kiln profile remove glaze-cone6"), answer)

	// A sentence that starts with the verb but is no title (no command
	// follows it) does not lead by form.
	p = &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "The kiln tool also performs an automatic uninstall of an old kiln profile before it installs a newer one.",
			"Kiln tool", "Upgrading"),
		sourceUnder("S2", "Uninstall a kiln profile only when no firing uses it.", "Kiln tool", "Profiles"),
	}}
	answer = answerTo(t, "How do I uninstall a kiln profile with the kiln tool?", p)
	require.True(t, strings.HasPrefix(answer, "The kiln tool also performs"), answer)
}

// A title with the task's verb titles another task when it lacks the
// question's rarest word: "Run `kiln wait` …" over its command does not
// answer "How do I run a firing in the background?", the option that
// says so does.
func TestTaskTitleOfAnotherTask(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "Examples\n\nRun `kiln wait`, which blocks until the firing ends.\n\n```\n$ kiln wait --timeout 600 cone6\n```",
			"kiln wait", "Examples"),
		sourceUnder("S2", "Options\n\n-d, --detach\n\nRun the firing in the background and print its ID.",
			"kiln fire", "Options"),
		sourceUnder("S3", "The panel keeps its log in the background. The fan runs in the background too.", "Kiln panel", "Logs"),
		sourceUnder("S4", "Background colours of the panel follow the theme.", "Kiln panel", "Themes"),
	}}
	answer := answerTo(t, "How do I run a firing in the background?", p)
	require.True(t, strings.Contains(answer, "Run the firing in the background and print its ID. [S2]"), answer)
	require.False(t, strings.HasPrefix(answer, "Run `kiln wait`"), answer)
}
