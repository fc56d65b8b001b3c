package embedded

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// TestPutInSlices: a batch larger than one analysis slice (analyzeSlice
// chunks or analyzeBudget bytes; analysed and sent to bleve a slice at a
// time, to bound memory) stores and finds exactly what one analysed at
// once does, before and after a reopen, including a replacement that
// removes chunks across slices.
func TestPutInSlices(t *testing.T) {
	words := []string{"pump", "valve", "seal", "bearing", "impeller", "gasket", "rotor", "flange"}
	bigDoc := func(n int, version string) docSpec {
		d := docSpec{id: "big", title: "Big manual " + version}
		for i := 0; i < n; i++ {
			d.texts = append(d.texts, fmt.Sprintf("Part %d %s: the %s touches the %s, %s revision.",
				i, version, words[i%len(words)], words[(i*3+1)%len(words)], version))
		}
		return d
	}
	small := docSpec{id: "small", title: "Small note", texts: []string{"The pump seal is replaced yearly."}}
	other := docSpec{tenant: "t2", id: "big", title: "Other tenant", texts: []string{"The valve rotor of tenant two."}}

	type snapshot struct {
		chunks  map[string]store.Chunk
		keyword map[string][]store.Hit
		vector  []string
	}
	take := func(t *testing.T, s *Store) snapshot {
		sn := snapshot{chunks: allChunks(t, s), keyword: map[string][]store.Hit{}}
		for _, q := range append(words, "revision v2", "tenant two") {
			hits, err := s.SearchKeyword(context.Background(), q, 50, store.Filter{})
			require.NoError(t, err)
			for i := range hits {
				hits[i].Vector = nil
			}
			// Equal scores come in bleve's internal order, which depends on
			// how its segments were built: compare them by id.
			slices.SortStableFunc(hits, func(a, b store.Hit) int {
				return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Chunk.ID, b.Chunk.ID))
			})
			sn.keyword[q] = hits
		}
		hits, err := s.SearchVector(context.Background(), testVector("pump", testDim), 50, store.Filter{})
		require.NoError(t, err)
		sn.vector = ids(hits)
		return sn
	}
	run := func(t *testing.T, slice, budget int) (snapshot, snapshot) {
		oldSlice, oldBudget := analyzeSlice, analyzeBudget
		analyzeSlice, analyzeBudget = slice, budget
		t.Cleanup(func() { analyzeSlice, analyzeBudget = oldSlice, oldBudget })
		s, dir := newTestStore(t)
		put(t, s, bigDoc(10, "v1"), small, other)
		put(t, s, bigDoc(7, "v2")) // replaces ten chunks by seven, across slices
		put(t, s, small)
		before := take(t, s)
		require.NoError(t, s.Close())
		s = openTest(t, dir, Options{})
		return before, take(t, s)
	}
	wantBefore, wantAfter := run(t, 1<<20, 1<<30)
	require.Len(t, wantBefore.chunks, 7+1+1)
	// A chunk here costs about 4 KB by analysisCost: budgets of 1 byte
	// and of 2 to 3 chunks.
	for _, c := range []struct{ slice, budget int }{{1, 1 << 30}, {3, 1 << 30}, {4, 1 << 30}, {1 << 20, 1}, {1 << 20, 10_000}} {
		t.Run(fmt.Sprint(c.slice, "/", c.budget), func(t *testing.T) {
			before, after := run(t, c.slice, c.budget)
			require.Equal(t, wantBefore, before)
			require.Equal(t, wantAfter, after)
		})
	}
}

// TestSliceLen: slices end at analyzeSlice chunks or once the next chunk
// would take the estimated analysis over analyzeBudget, and never hold
// less than one chunk.
func TestSliceLen(t *testing.T) {
	chunk := &store.Chunk{Title: "t", Text: "some words to analyse"}
	cost := analysisCost(chunk)
	p := make([]pendingDoc, 10)
	for i := range p {
		p[i].chunk = chunk
	}
	for _, c := range []struct {
		name          string
		slice, budget int
		want          int
	}{
		{"everything fits", 100, 100 * cost, 10},
		{"chunk cap", 4, 100 * cost, 4},
		{"budget exactly three", 100, 3 * cost, 3},
		{"budget just under three", 100, 3*cost - 1, 2},
		{"budget below one chunk", 100, 1, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			oldSlice, oldBudget := analyzeSlice, analyzeBudget
			analyzeSlice, analyzeBudget = c.slice, c.budget
			defer func() { analyzeSlice, analyzeBudget = oldSlice, oldBudget }()
			require.Equal(t, c.want, sliceLen(p))
			require.Equal(t, 0, sliceLen(nil))
		})
	}
}
