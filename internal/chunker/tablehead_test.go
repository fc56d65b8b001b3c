package chunker

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// A Markdown table longer than a chunk is cut between rows; every chunk
// after the first carries the table's header row as its last heading, so
// that its rows still say what their cells are. The first chunk, which
// holds the header, does not.
func TestLongTableChunksCarryTheHeader(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Flags\n\n| Flag | Description | Default |\n| --- | --- | --- |\n")
	for i := range 200 {
		fmt.Fprintf(&b, "| `--kiln.setting-%d` | Sets how the kiln fires its glaze number %d, one of many settings of a busy kiln. | `%d` |\n", i, i, i)
	}
	doc := store.Document{ID: "flags.md", Text: b.String()}
	chunks, err := Split(doc, Options{})
	require.NoError(t, err)
	requireValidChunks(t, doc, Options{}, chunks)
	require.Greater(t, len(chunks), 2)
	require.Equal(t, []string{"Flags"}, chunks[0].Heading)
	for _, c := range chunks[1:] {
		require.Equal(t, []string{"Flags", "| Flag | Description | Default |"}, c.Heading, c.Text[:40])
	}
	require.Equal(t, "", tableHeaderBefore("Intro.\n\nPlain text.", 8))
}
