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

// TestPutInSlices: a batch larger than analyzeSlice (analysed and sent to
// bleve a slice at a time, to bound memory) stores and finds exactly what
// one analysed at once does, before and after a reopen, including a
// replacement that removes chunks across slices.
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
	run := func(t *testing.T, slice int) (snapshot, snapshot) {
		old := analyzeSlice
		analyzeSlice = slice
		t.Cleanup(func() { analyzeSlice = old })
		s, dir := newTestStore(t)
		put(t, s, bigDoc(10, "v1"), small, other)
		put(t, s, bigDoc(7, "v2")) // replaces ten chunks by seven, across slices
		put(t, s, small)
		before := take(t, s)
		require.NoError(t, s.Close())
		s = openTest(t, dir, Options{})
		return before, take(t, s)
	}
	wantBefore, wantAfter := run(t, 1<<20)
	require.Len(t, wantBefore.chunks, 7+1+1)
	for _, slice := range []int{1, 3, 4} {
		t.Run(fmt.Sprint(slice), func(t *testing.T) {
			before, after := run(t, slice)
			require.Equal(t, wantBefore, before)
			require.Equal(t, wantAfter, after)
		})
	}
}
