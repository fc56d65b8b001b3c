package loader

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A command's help text fenced in Markdown (Docker's reference, Cobra's
// generated docs) is written as it reads: the usage line stays code, the
// summary and each option's description are sentences under the option.
func TestLoadMarkdownUsageBlock(t *testing.T) {
	doc, err := loadString(t, "stop.md", "# stop\n\n```markdown\nUsage:  kiln stop [OPTIONS] KILN [KILN...]\n\n"+
		"Stop one or more firing kilns (e.g. stoneware,\nporcelain)\n\nOptions:\n      --help       Print usage\n"+
		"  -t, --time int   Seconds to wait for the kiln to cool before opening it\n"+
		"                   (default 10)\n```\n\n## Description\n\nThe kiln receives a stop signal.\n")
	require.NoError(t, err)
	require.Equal(t, "# stop\n\n```\nUsage:  kiln stop [OPTIONS] KILN [KILN...]\n```\n\nStop one or more firing kilns (e.g. stoneware, porcelain).\n\n"+
		"Options:\n\n--help\n\nPrint usage.\n\n-t, --time int\n\nSeconds to wait for the kiln to cool before opening it (default 10).\n\n\n"+
		"## Description\n\nThe kiln receives a stop signal.\n", doc.Text)

	// A fenced block that is no help text, or one with a line the help
	// text's layout does not place, stays as written.
	for _, block := range []string{
		"```\nkiln stop --time 5 pottery\n```",
		"```text\nUsage: kiln stop\n\nOptions:\nthis line is not an option\n```",
		"```\nUsage: kiln stop\n\nOptions:\n  a line with no column\n```",
	} {
		doc, err := loadString(t, "x.md", "# x\n\n"+block+"\n")
		require.NoError(t, err)
		require.Equal(t, "# x\n\n"+block+"\n", doc.Text)
	}
}

// A description that wraps after a full stop keeps it.
func TestLoadMarkdownUsageBlockWrappedSentences(t *testing.T) {
	doc, err := loadString(t, "cool.md", "```\nUsage:  kiln cool\n\nCool a kiln\n\nOptions:\n  -f, --fan   Blow air. Then rest the\n              kiln\n```\n")
	require.NoError(t, err)
	require.Equal(t, "```\nUsage:  kiln cool\n```\n\nCool a kiln.\n\nOptions:\n\n-f, --fan\n\nBlow air. Then rest the kiln.\n\n", doc.Text)
}
