package extractive_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A short lead-in that says what the command under it is for ("To flush
// the kiln queue:", as a manual page's synopsis lists a command's forms)
// answers a how-to and a which-command question with its command; an
// option's description alone does not name the command.
func TestPurposeLeadIntroducesItsCommand(t *testing.T) {
	page := "NAME\n\nkilnq - kiln queue control\n\nSYNOPSIS\n\nTo flush the kiln queue:\n\n```\nkilnq [-v] -f\n```\n\n" +
		"To list the kiln queue:\n\n```\nkilnq [-v] -p\n```\n\nDESCRIPTION\n\nThe following options are recognized:\n\n-f\nFlush the queue: attempt to fire all queued pieces.\n\n-p\nPrint the queue."
	for _, q := range []string{"Which command flushes the kiln queue?", "How do I flush the kiln queue?"} {
		require.Contains(t, answerTo(t, q, prompt(page)), "kilnq [-v] -f", q)
	}
}
