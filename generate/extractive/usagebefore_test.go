package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A how-to question answered by a command page's summary line is quoted
// with the usage block above the summary, which names the command; other
// questions, and a long block that is no usage, are quoted as before.
func TestUsageBeforeItsSummary(t *testing.T) {
	page := func(block string) string {
		return "# seal\n\n```\n" + block + "\n```\n\nSeal a crate's lid with wax for shipping.\n\nOptions:\n\n--wax string\n\nThe wax colour to use."
	}
	usage := "Usage:  kiln seal [OPTIONS] CRATE"

	got := answerTo(t, "How do I seal a crate's lid with wax?", prompt(page(usage)))
	require.True(t, strings.HasPrefix(got, "```\n"+usage+"\n```"), "answer: %q", got)
	require.Contains(t, got, "Seal a crate's lid with wax for shipping.")

	got = answerTo(t, "What does sealing a crate's lid with wax do for shipping?", prompt(page(usage)))
	require.NotContains(t, got, usage)

	long := usage + "\n  or: kiln seal --all\n  or: kiln seal --batch FILE\n  or: kiln seal --dry-run CRATE\n  or: kiln seal --list"
	require.NotContains(t, answerTo(t, "How do I seal a crate's lid with wax?", prompt(page(long))), usage)
}
