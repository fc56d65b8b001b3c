package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A command's page opens with its usage line, then its summary: the
// summary opens the section, and the usage line names the command the
// heading gives only in part ("top" for "kiln top").
func TestUsageLineLeavesTheSummaryToOpen(t *testing.T) {
	p := prompt("# top\n\n```\nUsage:  kiln top KILN [ps OPTIONS]\n```\n\nDisplay the firing stages of a kiln.\n\nOptions:\n\n--help\n\nPrint usage.",
		"### Example\n\nAnd you can stop `top` in the kiln gracefully using `kiln stop test`.")
	got := answerTo(t, "What does kiln top do?", p)
	require.True(t, strings.HasPrefix(got, "Display the firing stages of a kiln. [S1]"), got)
}
