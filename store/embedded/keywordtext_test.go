package embedded

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// TestKeywordTextBytes: the bytes the text field analyses are the text
// keywordText describes, sized exactly by keywordTextLen (analysisCost and
// the buffer's capacity rely on it).
func TestKeywordTextBytes(t *testing.T) {
	for _, c := range []struct {
		name  string
		chunk store.Chunk
		want  string
	}{
		{"empty", store.Chunk{}, "\n\n"},
		{"no heading", store.Chunk{Title: "Guide", Text: "Pumps."}, "Guide\n\nPumps."},
		{"one heading", store.Chunk{Title: "Guide", Heading: []string{"Setup"}, Text: "Pumps."}, "Guide\nSetup\nPumps."},
		{"nested headings, empty and non-ASCII", store.Chunk{Title: "Gérer", Heading: []string{"A", "", "Café"}, Text: "x"}, "Gérer\nA >  > Café\nx"},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, keywordText(&c.chunk))
			b := keywordTextBytes(&c.chunk)
			require.Equal(t, c.want, string(b))
			require.Equal(t, len(c.want), keywordTextLen(&c.chunk))
			require.Equal(t, len(b), cap(b))
		})
	}
}
