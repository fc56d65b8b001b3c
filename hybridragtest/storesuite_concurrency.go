package hybridragtest

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

// storeWriterRounds is how many times the writer replaces the live
// document while readers search.
const storeWriterRounds = 20

// storeConcurrency runs searches and Stats alongside a writer that keeps
// replacing one three-chunk document: every search must see all three
// chunks of one version, never a mix or a gap. Run it with -race.
func storeConcurrency(t *testing.T, newStore func(t *testing.T) store.Store) {
	ctx := context.Background()
	s := newStore(t)
	live := func(v int) suiteDoc {
		return suiteDoc{tenant: "t", id: "live", texts: []string{
			fmt.Sprintf("beacon one v%d", v), fmt.Sprintf("beacon two v%d", v), fmt.Sprintf("beacon three v%d", v)}}
	}
	other := suiteDoc{tenant: "t", id: "other", texts: []string{"beacon elsewhere", "unrelated text"}}
	require.NoError(t, s.Put(ctx, live(0).entry(), other.entry()))
	q := suiteVector("beacon one v0")

	only := store.Filter{TenantID: "t", DocumentIDs: []string{"live"}}
	whole := func(what string, hits []store.Hit) error {
		if len(hits) != 3 {
			return fmt.Errorf("%s saw %d chunks of the live document, want 3", what, len(hits))
		}
		for _, h := range hits[1:] {
			if h.Chunk.IndexVersion != hits[0].Chunk.IndexVersion {
				return fmt.Errorf("%s saw chunks of two versions of one document", what)
			}
		}
		return nil
	}
	var (
		done  atomic.Bool
		reads atomic.Int64
		wg    sync.WaitGroup
	)
	errs := make(chan error, 16)
	for range 4 {
		wg.Go(func() {
			for !done.Load() {
				hits, err := s.SearchKeyword(ctx, "beacon", 10, only)
				if err == nil {
					err = whole("keyword search", hits)
				}
				if err == nil {
					hits, err = s.SearchVector(ctx, q, 10, only)
					if err == nil {
						err = whole("vector search", hits)
					}
				}
				if err == nil {
					var st store.Stats
					st, err = s.(store.Statter).Stats(ctx, store.Filter{TenantID: "t"})
					if err == nil && (st.Documents != 2 || st.Chunks != 5) {
						err = fmt.Errorf("Stats saw %d documents and %d chunks, want 2 and 5", st.Documents, st.Chunks)
					}
				}
				if err != nil {
					errs <- err
					return
				}
				reads.Add(1)
			}
		})
	}
	var writeErr error
	for v := 1; v <= storeWriterRounds && writeErr == nil; v++ {
		writeErr = s.Put(ctx, live(v).entry())
	}
	// Let every reader finish at least one search against the final state.
	target := reads.Load() + 4
	for reads.Load() < target && len(errs) == 0 {
		hits, err := s.SearchVector(ctx, q, 10, only)
		if err != nil || whole("vector search", hits) != nil {
			break
		}
	}
	done.Store(true)
	wg.Wait()
	close(errs)
	var all []error
	for err := range errs {
		all = append(all, err)
	}
	require.NoError(t, writeErr)
	require.NoError(t, errors.Join(all...))

	hits, err := s.SearchKeyword(ctx, fmt.Sprintf("v%d", storeWriterRounds), 10, only)
	require.NoError(t, err)
	require.Len(t, hits, 3, "the last write is visible")
}
