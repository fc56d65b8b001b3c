package chunker

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// smallWindows makes SplitStream read windows of n bytes growing to 4n.
func smallWindows(t *testing.T, n int) {
	t.Helper()
	w, m := streamWindow, maxStreamWindow
	streamWindow, maxStreamWindow = n, 4*n
	t.Cleanup(func() { streamWindow, maxStreamWindow = w, m })
}

func streamAll(t *testing.T, doc store.Document, opts Options) ([]store.Chunk, error) {
	t.Helper()
	c, err := New(opts)
	require.NoError(t, err)
	var out []store.Chunk
	text := doc.Text
	doc.Text = "ignored"
	err = c.SplitStream(doc, iotest.HalfReader(strings.NewReader(text)), func(cs []store.Chunk) error {
		require.NotEmpty(t, cs)
		out = append(out, cs...)
		return nil
	})
	return out, err
}

func streamDoc(text string) store.Document {
	return store.Document{ID: "big.md", Source: "big.md", Title: "Big", Text: text, Hash: store.Hash(text)}
}

// TestSplitStreamMatchesSplit: with a window larger than the text the
// stream is Split; with small windows every chunk still satisfies Split's
// invariants against the whole text, in one sequence of indexes.
func TestSplitStreamMatchesSplit(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Manual\n\nIntro paragraph about pumps.\n\n")
	for i := range 300 {
		if i%40 == 0 {
			fmt.Fprintf(&b, "## Part %d\n\n", i/40)
		}
		if i%55 == 7 {
			b.WriteString("```\ncode line one\n\ncode after a blank line\n\n# not a heading\n```\n\n")
		}
		fmt.Fprintf(&b, "Paragraph %d explains how the seal %d holds pressure. It has a second sentence.\n\n", i, i*7)
	}
	doc := streamDoc(b.String())
	opts := Options{MaxTokens: 120}
	whole, err := Split(doc, opts)
	require.NoError(t, err)

	got, err := streamAll(t, doc, opts)
	require.NoError(t, err)
	require.Equal(t, whole, got, "one window is Split")

	for _, n := range []int{512, 2000, 7000} {
		t.Run(fmt.Sprint("window ", n), func(t *testing.T) {
			smallWindows(t, n)
			got, err := streamAll(t, doc, opts)
			require.NoError(t, err)
			requireValidChunks(t, doc, opts, got)
			for _, c := range got {
				require.NotEmpty(t, c.Heading, "chunk %d at %d lost its heading path", c.Index, c.Start)
				require.Equal(t, "Manual", c.Heading[0])
				require.Equal(t, doc.Hash, c.DocHash)
				if strings.Contains(c.Text, "code line one") {
					require.Contains(t, c.Text, "# not a heading", "a fence was cut at its blank line")
				}
				// The heading a paragraph sits under survives window cuts
				// (a merged chunk carries its first section's).
				if strings.HasPrefix(c.Text, "Paragraph ") {
					var p int
					fmt.Sscanf(c.Text, "Paragraph %d", &p)
					require.Equal(t, []string{"Manual", fmt.Sprint("Part ", p/40)}, c.Heading, "chunk %d", c.Index)
				}
			}
			require.LessOrEqual(t, len(got), len(whole)+len(doc.Text)/n+1, "a window adds at most one chunk at its cut")
		})
	}
}

// TestSplitStreamEdges: windows without paragraph breaks are still cut
// (at lines, then runes), and errors are Split's.
func TestSplitStreamEdges(t *testing.T) {
	smallWindows(t, 300)
	for _, tc := range []struct {
		name string
		text string
		want error
	}{
		{"one long line", strings.Repeat("wörd ", 2000), nil},
		{"lines, no blank line", strings.Repeat("a line of text here\n", 400), nil},
		{"CRLF paragraphs", strings.Repeat("a paragraph of text\r\n\r\n", 300), nil},
		{"white space", strings.Repeat(" \n\n", 500), ErrEmptyDocument},
		{"invalid UTF-8", strings.Repeat("text\n\n", 200) + "\xff\n\n", ErrInvalidUTF8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := streamDoc(tc.text)
			got, err := streamAll(t, doc, Options{MaxTokens: 64})
			if tc.want != nil {
				require.ErrorIs(t, err, tc.want)
				return
			}
			require.NoError(t, err)
			requireValidChunks(t, doc, Options{MaxTokens: 64}, got)
		})
	}
	t.Run("no hash", func(t *testing.T) {
		doc := streamDoc("text")
		doc.Hash = ""
		_, err := streamAll(t, doc, Options{})
		require.ErrorIs(t, err, ErrNoHash)
	})
	t.Run("emit error", func(t *testing.T) {
		stop := errors.New("stop")
		c, err := New(Options{})
		require.NoError(t, err)
		err = c.SplitStream(streamDoc("x"), strings.NewReader("some text"), func([]store.Chunk) error { return stop })
		require.ErrorIs(t, err, stop)
	})
}
