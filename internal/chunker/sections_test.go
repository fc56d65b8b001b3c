package chunker

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// Runs of heading-only sections are joined to the section after them; two
// runs must not share (and so overwrite) each other's heading lines.
func TestJoinHeadingOnlyRuns(t *testing.T) {
	text := "# A\n## B\n### C\nbody one\n# D\n## E\nbody two\n# F\n"
	secs, _, err := buildSections(store.Document{ID: "d", Text: text}, nil)
	require.NoError(t, err)
	heads := func(s section) []string {
		var out []string
		for _, h := range s.heads {
			out = append(out, text[h.start:h.end])
		}
		return out
	}
	require.Len(t, secs, 3)
	require.Equal(t, []string{"# A", "## B", "### C"}, heads(secs[0]))
	require.Equal(t, []string{"# D", "## E"}, heads(secs[1]))
	require.Equal(t, []string{"# F"}, heads(secs[2]))
	require.Equal(t, []string{"A", "B", "C"}, secs[0].heading)
	require.Equal(t, 0, secs[0].start)
	require.Equal(t, strings.Index(text, "# D"), secs[1].start)
}

// A long run of headings becomes one section holding every heading line in
// order, and its chunks cover the text.
func TestSplitLongHeadingRun(t *testing.T) {
	var b strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&b, "%s Heading %d\n", strings.Repeat("#", 1+i%3), i)
	}
	doc := store.Document{ID: "d", Text: b.String()}
	secs, _, err := buildSections(doc, nil)
	require.NoError(t, err)
	require.Len(t, secs, 1)
	require.Len(t, secs[0].heads, 5000)
	for i, h := range secs[0].heads {
		require.Equal(t, fmt.Sprintf("%s Heading %d", strings.Repeat("#", 1+i%3), i), doc.Text[h.start:h.end])
	}
	chunks, err := Split(doc, Options{})
	require.NoError(t, err)
	requireValidChunks(t, doc, Options{}, chunks)
}
