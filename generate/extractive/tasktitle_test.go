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
