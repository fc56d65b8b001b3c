package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A sentence its Markdown source wrapped at 80 columns is quoted on one
// line, as a renderer shows it; a term over its description keeps its
// break.
func TestWrappedSentenceIsQuotedOnOneLine(t *testing.T) {
	p := prompt("Stopping a kiln\n\nThe `--cool-timeout` flag sets the number of seconds to wait for the kiln\n" +
		"to cool after sending the stop signal. If it is set to `-1`, no timeout is\napplied.")
	got := answerTo(t, "How long does the kiln wait to cool after the stop signal?", p)
	require.True(t, strings.HasPrefix(got, "The `--cool-timeout` flag sets the number of seconds to wait for the kiln to cool after sending the stop signal."), got)

	// A sentence starting mid-line: its short first line is the end of a
	// wrapped one.
	p = prompt("Restart policies\n\nThe kiln restarts after a failed firing. The default is that Kiln\nwill try forever to restart the firing.")
	got = answerTo(t, "What is the default restart policy of the kiln firing?", p)
	require.Contains(t, got, "The default is that Kiln will try forever to restart the firing.", got)

	// A line ending in an article goes on however short.
	p = prompt("Ports\n\nFor example, inside the kiln an\nHTTP service is listening on port 80 for the firing schedule.")
	got = answerTo(t, "Which port does the HTTP service inside the kiln listen on?", p)
	require.Contains(t, got, "inside the kiln an HTTP service is listening", got)

	p = prompt("Kiln options\n\nkiln branch -D <branch>\ndelete the glaze branch irrespective of its merged status.")
	got = answerTo(t, "How do I delete a glaze branch irrespective of its merged status?", p)
	require.Contains(t, got, "kiln branch -D <branch>\ndelete the glaze branch", got)

	// A Markdown table row loses its outer pipes and padding.
	p = prompt("Options\n\n| Name | Description |\n|------|-------------|\n| `--privileged` | Give extended privileges to this kiln                 |")
	got = answerTo(t, "Which option gives extended privileges to the kiln?", p)
	require.Contains(t, got, "`--privileged` | Give extended privileges to this kiln [S1]", got)
}
