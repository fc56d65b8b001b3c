package extractive_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// An amount question that says, word for word, what a setting's row in a
// flags table describes is answered by the row, whose Default column
// gives the figure: header and row quoted. A question the row's words do
// not all cover gets no row.
func TestAmountAnsweredByDescribedRow(t *testing.T) {
	flags := "## Flags\n\n| Flag | Description | Default |\n| --- | --- | --- |\n" +
		"| `--kiln.max-shelves` | Maximum number of shelves a single firing can load. Firings fail past it. | `12` |\n" +
		"| `--kiln.timeout` | Maximum time a firing may take. | `2h` |"
	got := answerTo(t, "What is the maximum number of shelves a firing can load?", prompt(flags))
	require.Contains(t, got, "```\n| Flag | Description | Default |\n```")
	require.Contains(t, got, "| `--kiln.max-shelves` | Maximum number of shelves a single firing can load. Firings fail past it. | `12` |")

	got = answerTo(t, "What is the maximum number of glazes a shelf can hold?", prompt(flags))
	require.NotContains(t, got, "| Flag | Description | Default |")
}
