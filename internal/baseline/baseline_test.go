package baseline

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/store"
)

func TestSplit(t *testing.T) {
	long := strings.Repeat("Word after word fills a paragraph. ", 60) // ≈ 2,100 bytes
	tests := []struct {
		name string
		doc  store.Document
		want int // chunks
	}{
		{name: "markdown headings cut", doc: store.Document{ID: "a.md", Text: "intro\n# One\nfirst\n## Two\nsecond\n"}, want: 3},
		{name: "sections cut", doc: store.Document{ID: "a.html", Text: "Title\n\nBody one.\n\nNext\n\nBody two.",
			Sections: []store.Section{{Start: 0, End: 18, Heading: []string{"Title"}}, {Start: 18, End: 34, Heading: []string{"Next"}}}}, want: 2},
		{name: "definition-list entries do not cut", doc: entryDoc, want: 2},
		{name: "long span cut at paragraphs", doc: store.Document{ID: "b.md", Text: long + "\n\n" + long + "\n\n" + long}, want: 3},
		{name: "no break at all", doc: store.Document{ID: "c.txt", Text: strings.Repeat("é", 4000)}, want: 3},
		{name: "blank", doc: store.Document{ID: "d.txt", Text: " \n "}, want: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Split(tt.doc)
			require.Len(t, got, tt.want)
			var joined strings.Builder
			for _, c := range got {
				require.LessOrEqual(t, len(c.Text), ChunkChars)
				require.Equal(t, tt.doc.ID, c.DocumentID)
				require.True(t, strings.ToValidUTF8(c.Text, "?") == c.Text, "chunk cut inside a rune")
				joined.WriteString(c.Text)
			}
			if tt.want > 0 {
				require.Equal(t, tt.doc.Text, joined.String(), "chunks cover the text in order")
			}
		})
	}
}

// entryDoc is an HTML page's text with an options list whose first entry
// holds a note: only the heading and the note open chunks.
var entryDoc = func() store.Document {
	text := "Options\n\n-a\n\nAll.\n\nNote\n\nCareful.\n\n-b\n\nBoth.\n\nMore text."
	at := func(s string) int { return strings.Index(text, s) }
	return store.Document{ID: "o.html", Text: text, Sections: []store.Section{
		{Start: 0, End: at("Note") - 2, Heading: []string{"Options"}},
		{Start: at("-a"), End: at("-b") - 2, Heading: []string{"Options", "-a"}, Terms: 1},
		{Start: at("Note"), End: at("-b") - 2, Heading: []string{"Options", "-a", "Note"}},
		{Start: at("-b") - 2, End: len(text), Heading: []string{"Options"}},
		{Start: at("-b"), End: at("More") - 2, Heading: []string{"Options", "-b"}, Terms: 1},
	}}
}()

func TestSearchAndRun(t *testing.T) {
	x, err := New()
	require.NoError(t, err)
	defer x.Close()
	_, err = x.Search("pump", 5)
	require.ErrorIs(t, err, ErrEmpty)
	for _, d := range []store.Document{
		{ID: "pump.md", Source: "docs/pump.md", Text: "# Priming\nPrime the pump with 2 litres of water.\n# Seals\nReplace the shaft seal every 2000 hours.\n"},
		{ID: "valve.md", Source: "docs/valve.md", Text: "# Relief\nThe relief valve opens at 6 bar.\n"},
	} {
		require.NoError(t, x.Add(d))
	}
	require.Equal(t, 3, x.Len())
	got, err := x.Search("when is the shaft seal replaced", 5)
	require.NoError(t, err)
	require.NotEmpty(t, got)
	require.Contains(t, got[0].Text, "shaft seal")

	qs := []eval.Question{
		{ID: "seal", Query: "shaft seal replacement", Evidence: []string{"every 2000 hours"}, RelevantDocuments: []string{"pump.md"}},
		{ID: "valve", Query: "relief valve pressure", Evidence: []string{"opens at 6 BAR"}},
		{ID: "miss", Query: "shaft seal", Evidence: []string{"not in any chunk"}},
		{ID: "none", Query: "bluetooth", Unanswerable: true},
	}
	s, err := Run(x, qs, 1)
	require.NoError(t, err)
	require.Equal(t, 3, s.EvidenceQuestions)
	require.InDelta(t, 2.0/3, s.EvidenceHitAtK, 1e-9)
	require.Equal(t, 1, s.DocumentQuestions)
	require.InDelta(t, 1, s.DocumentHitAtK, 1e-9)
	require.Equal(t, map[string]bool{"seal": true, "valve": true, "miss": false}, s.Hits)
}
