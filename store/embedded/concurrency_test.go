package embedded

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// TestConcurrentReadersAndWriter checks that searches running alongside
// writes always see whole batches: the three chunks of the document being
// replaced are either all old or all new.
func TestConcurrentReadersAndWriter(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	live := func(v int) docSpec {
		return docSpec{id: "live", texts: []string{
			fmt.Sprintf("marker one v%d", v), fmt.Sprintf("marker two v%d", v), fmt.Sprintf("marker three v%d", v)}}
	}
	put(t, s, live(0))
	liveVec := live(0).entry().Vectors[0]

	var done atomic.Bool
	errs := make(chan error, 64)
	var wg sync.WaitGroup
	consistent := func(hits []store.Hit) error {
		if len(hits) != 3 {
			return fmt.Errorf("saw %d chunks of the live document", len(hits))
		}
		for _, h := range hits[1:] {
			if h.Chunk.IndexVersion != hits[0].Chunk.IndexVersion {
				return errors.New("saw chunks of two versions of one document")
			}
		}
		return nil
	}
	only := store.Filter{DocumentIDs: []string{"live"}}
	for r := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; !done.Load() || n < 5; n++ {
				var err error
				switch r % 4 {
				case 0:
					var hits []store.Hit
					if hits, err = s.SearchKeyword(ctx, "marker", 10, only); err == nil {
						err = consistent(hits)
					}
				case 1:
					var hits []store.Hit
					if hits, err = s.SearchVector(ctx, liveVec, 10, only); err == nil {
						err = consistent(hits)
					}
				case 2:
					var st store.Stats
					if st, err = s.Stats(ctx, store.Filter{}); err == nil && st.Chunks != 3+st.Documents-1 {
						err = fmt.Errorf("stats %+v mix two states", st)
					}
				case 3:
					var hits []store.Hit
					err = s.Scan(ctx, only, func(c store.Chunk, _ []float32) error {
						hits = append(hits, store.Hit{Chunk: c})
						return nil
					})
					if err == nil && len(hits) > 0 {
						err = consistent(hits)
					}
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	for v := 1; v <= 40; v++ {
		put(t, s, live(v))
		other := docSpec{id: fmt.Sprintf("other-%d", v), texts: []string{"other text"}}
		put(t, s, other)
		if v%3 == 0 {
			require.NoError(t, s.Delete(ctx, "", "", other.id))
		}
	}
	done.Store(true)
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
}
