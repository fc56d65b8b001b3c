package embedded

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// TestSearchHitsOwnTheirData: searches read chunks through pooled buffers
// (chunkBufferPool), so concurrent searches, and searches after a caller
// has changed an earlier result, must each see exactly the stored chunks
// and vectors. The texts hold escapes (decoded through the scratch buffer),
// and one chunk is larger than maxPooledChunkBuffer, whose buffers are
// dropped rather than pooled.
func TestSearchHitsOwnTheirData(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	huge := "marker huge " + strings.Repeat("\n", maxPooledChunkBuffer/2+1) // escaped: twice as long + "end"
	var docs []docSpec
	for d := range 6 {
		texts := []string{
			fmt.Sprintf("marker %d: line\nbreak, \"quoted\", back\\slash, tab\t, ünïcode ✓", d),
			fmt.Sprintf("marker %d second chunk %s", d, strings.Repeat("word\n", 40*d)),
		}
		if d == 3 {
			texts = append(texts, huge)
		}
		docs = append(docs, docSpec{id: fmt.Sprintf("doc-%d", d), title: "T", texts: texts})
	}
	put(t, s, docs...)
	n := 13
	query := testVector("query", testDim)
	reference, err := s.SearchVector(ctx, query, n, store.Filter{})
	require.NoError(t, err)
	require.Len(t, reference, n)
	require.Contains(t, ids(reference), store.ChunkID("doc-3", 2, huge))
	// A caller may change what it got: later searches must not see it.
	for i := range reference {
		reference[i].Vector[0]++
		reference[i].Chunk.Heading[0] = "changed"
	}
	want := map[string]store.Hit{}
	fresh, err := s.SearchVector(ctx, query, n, store.Filter{})
	require.NoError(t, err)
	for _, h := range fresh {
		want[h.Chunk.ID] = h
	}
	for _, h := range fresh {
		require.Equal(t, "T", h.Chunk.Heading[0])
	}

	check := func(hits []store.Hit) error {
		for _, h := range hits {
			w, ok := want[h.Chunk.ID]
			switch {
			case !ok:
				return fmt.Errorf("unexpected chunk %s", h.Chunk.ID)
			case h.Chunk.Text != w.Chunk.Text || h.Chunk.Heading[0] != "T" || h.Chunk.Source != w.Chunk.Source:
				return fmt.Errorf("chunk %s differs from the stored one", h.Chunk.ID)
			case fmt.Sprint(h.Vector) != fmt.Sprint(w.Vector):
				return fmt.Errorf("vector of %s differs from the stored one", h.Chunk.ID)
			}
		}
		return nil
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 4 {
		wg.Go(func() {
			for i := range 25 {
				var hits []store.Hit
				var err error
				if (g+i)%2 == 0 {
					hits, err = s.SearchVector(ctx, query, n, store.Filter{})
				} else {
					hits, err = s.SearchKeyword(ctx, "marker", n, store.Filter{})
				}
				if err == nil {
					err = check(hits)
				}
				if err == nil && len(hits) != n {
					err = fmt.Errorf("%d hits, want %d", len(hits), n)
				}
				if err != nil {
					errs <- err
					return
				}
				for j := range hits { // scribble on what this search returned
					hits[j].Vector[0] = -1
					hits[j].Chunk.Heading[0] = "scribbled"
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
}
