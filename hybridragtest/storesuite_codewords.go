package hybridragtest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// TestStoreCodeWords checks a store's keyword search on technical text:
// identifiers, options and operators (camelCase, PascalCase with an
// acronym, snake_case, --flags, a::b, Box<T>) are kept whole and split
// into parts both when chunks are indexed and when questions are read, so
// that a question finds the chunk whichever spelling it uses; and a
// question's name with a single leading capital ("ZPlot") is the name
// alone, not its initial and the rest; a question's hyphenated word
// ("read-only") also finds the joined spelling ("readonly"). Every store
// in this module passes it (they share textutil.Side); it is not part of
// the store.Store contract TestStore checks, so a host's own store may
// skip it.
//
// newStore is as for TestStore.
func TestStoreCodeWords(t *testing.T, newStore func(t *testing.T) store.Store) {
	t.Helper()
	ctx := context.Background()
	s := newStore(t)
	require.NoError(t, s.Put(ctx, suiteEntries(
		suiteDoc{id: "widget", texts: []string{"Call getWidgetById to fetch one widget from the registry."}},
		suiteDoc{id: "ink", texts: []string{"The quill_ink_level setting bounds how much ink a nib holds."}},
		suiteDoc{id: "fold", texts: []string{"Pass --fold-twice to crease the paper along both axes."}},
		suiteDoc{id: "nib", texts: []string{"Use parchment::Nib for a sharpened writing point."}},
		suiteDoc{id: "box", texts: []string{"Share a feather across threads with Box<Feather> and a lock."}},
		suiteDoc{id: "xml", texts: []string{"An XMLScrollRequest asks the server for the next page."}},
		suiteDoc{id: "zplot", texts: []string{"ZPlot draws charts from tabular data."}},
		suiteDoc{id: "plot", texts: []string{"Plot the curve of the tide over a month."}},
		suiteDoc{id: "prose", texts: []string{"Crease, fold and stack the paper before the ink dries."}},
		suiteDoc{id: "seal", texts: []string{"Mark a ledger readonly once its last page is sealed."}},
		suiteDoc{id: "reader", texts: []string{"A reader may read the ledger aloud to the guild."}},
	)...))
	for _, tt := range []struct {
		question string
		top      string
		only     bool // the question matches no other chunk
	}{
		{"getWidgetById", "widget", true},
		{"which call fetches a widget", "widget", true},
		{"quill_ink_level", "ink", false},
		{"quillInkLevel", "ink", false},
		{"QuillInkLevel", "ink", false},
		{"what bounds the quill ink level", "ink", false},
		{"--fold-twice", "fold", false},
		{"fold twice", "fold", false},
		{"parchment::Nib", "nib", false}, // the ink page has a nib too
		{"parchment nib", "nib", false},
		{"Box<Feather>", "box", true},
		{"XMLScrollRequest", "xml", true},
		{"scroll request", "xml", true},
		{"xml scroll", "xml", true},
		{"ZPlot", "zplot", true},
		{"What does ZPlot draw?", "zplot", true},
		{"How do I make a ledger read-only?", "seal", false},
	} {
		t.Run(tt.question, func(t *testing.T) {
			hits, err := s.SearchKeyword(ctx, tt.question, 10, store.Filter{})
			require.NoError(t, err)
			ids := hitDocuments(hits)
			require.NotEmpty(t, ids)
			require.Equal(t, tt.top, ids[0], "%v", ids)
			if tt.only {
				require.Len(t, ids, 1, "%v", ids)
			}
		})
	}
	// A document's ZPlot is also split, so a question about plotting finds
	// it beside the page that plots.
	hits, err := s.SearchKeyword(ctx, "plot", 10, store.Filter{})
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"plot", "zplot"}, hitDocuments(hits))

	// Relevance weighs a question's terms (TermStats) against its sources'
	// (Analyze): the same two readings.
	if ts, ok := s.(store.TermStatter); ok {
		st, err := ts.TermStats(ctx, "How does ZPlot scale?", store.Filter{})
		require.NoError(t, err)
		require.Contains(t, st.Terms, "zplot")
		require.NotContains(t, st.Terms, "plot")
		require.Subset(t, ts.Analyze("ZPlot draws charts."), []string{"zplot", "plot"})
	}
}

func hitDocuments(hits []store.Hit) []string {
	out := make([]string, len(hits))
	for i := range hits {
		out[i] = hits[i].Chunk.DocumentID
	}
	return out
}
