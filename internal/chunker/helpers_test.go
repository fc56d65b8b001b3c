package chunker

import (
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/tokens"
	"github.com/hybridrag/hybridrag/store"
)

// requireValidChunks checks the invariants every split must keep: exact
// offsets, trimmed text, document order, exact token counts within
// MaxTokens, stable ids, and every non-space rune covered by a chunk.
func requireValidChunks(t testing.TB, doc store.Document, opts Options, chunks []store.Chunk) {
	t.Helper()
	r, err := opts.resolved()
	require.NoError(t, err)
	require.NotEmpty(t, chunks)
	covered := make([]bool, len(doc.Text)+1)
	for i, c := range chunks {
		require.Equal(t, i, c.Index)
		require.True(t, 0 <= c.Start && c.Start < c.End && c.End <= len(doc.Text), "chunk %d span [%d:%d]", i, c.Start, c.End)
		require.Equal(t, doc.Text[c.Start:c.End], c.Text, "chunk %d", i)
		require.True(t, utf8.ValidString(c.Text), "chunk %d splits a rune", i)
		require.Equal(t, strings.TrimSpace(c.Text), c.Text, "chunk %d is not trimmed", i)
		n, err := tokens.Count(c.Text)
		require.NoError(t, err)
		require.Equal(t, n, c.Tokens, "chunk %d token count", i)
		require.LessOrEqual(t, c.Tokens, r.MaxTokens, "chunk %d", i)
		require.Equal(t, store.ChunkID(doc.ID, i, c.Text), c.ID)
		require.Equal(t, doc.ID, c.DocumentID)
		if i > 0 {
			prev := chunks[i-1]
			require.Greater(t, c.Start, prev.Start, "chunk %d starts before its predecessor", i)
			require.Greater(t, c.End, prev.End, "chunk %d ends before its predecessor", i)
		}
		for k := c.Start; k < c.End; k++ {
			covered[k] = true
		}
	}
	for k, r := range doc.Text {
		if !unicode.IsSpace(r) {
			require.True(t, covered[k], "byte %d (%q) is in no chunk", k, r)
		}
	}
}

func chunkTexts(chunks []store.Chunk) []string {
	out := make([]string, len(chunks))
	for i, c := range chunks {
		out[i] = c.Text
	}
	return out
}

func headings(chunks []store.Chunk) []string {
	out := make([]string, len(chunks))
	for i, c := range chunks {
		out[i] = c.HeadingPath()
	}
	return out
}

// sentences returns n distinct sentences of about 13 tokens each.
func sentences(n int, topic string) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString("Step ")
		b.WriteString(strconv.Itoa(i))
		b.WriteString(" of the ")
		b.WriteString(topic)
		b.WriteString(" procedure checks the valve before the pump starts.")
	}
	return b.String()
}
