package hybridragtest

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// storeBadInput checks that a batch with one bad entry is rejected whole,
// with an error that errors.Is recognises, and that nothing stored before
// is lost: each bad batch also carries a valid replacement of a stored
// document, which must not become visible.
func storeBadInput(t *testing.T, newStore func(t *testing.T) store.Store) {
	ctx := context.Background()
	s := newStore(t)
	keep := suiteDoc{tenant: "t1", project: "p1", id: "keep", texts: []string{"original heron text", "original egret text"}}
	other := suiteDoc{tenant: "t1", project: "p1", id: "other", texts: []string{"other crane text"}}
	require.NoError(t, s.Put(ctx, keep.entry(), other.entry()))
	m := newSuiteModel()
	m.put(keep.entry(), other.entry())
	before, err := s.(store.Statter).Stats(ctx, store.Filter{})
	require.NoError(t, err)

	replacement := keep
	replacement.texts = []string{"replacement pelican text"}
	good := func() store.Entry {
		return suiteDoc{tenant: "t1", project: "p1", id: "new", texts: []string{"new pelican one", "new pelican two"}}.entry()
	}
	nan, inf := float32(math.NaN()), float32(math.Inf(1))

	cases := []struct {
		name string
		bad  func() []store.Entry
		want error
	}{
		{"empty document id", func() []store.Entry {
			e := good()
			e.Document.ID = ""
			for i := range e.Chunks {
				e.Chunks[i].DocumentID = ""
			}
			return []store.Entry{e}
		}, store.ErrInvalidEntry},
		{"duplicate document id in one batch", func() []store.Entry { return []store.Entry{good(), good()} }, store.ErrInvalidEntry},
		{"duplicate chunk id in one batch", func() []store.Entry {
			e := good()
			e.Chunks[1].ID = e.Chunks[0].ID
			return []store.Entry{e}
		}, store.ErrInvalidEntry},
		{"chunk id held by another stored document", func() []store.Entry {
			e := good()
			e.Chunks[0].ID = other.entry().Chunks[0].ID
			return []store.Entry{e}
		}, store.ErrInvalidEntry},
		{"no chunks", func() []store.Entry {
			e := good()
			e.Chunks, e.Vectors = nil, nil
			return []store.Entry{e}
		}, store.ErrInvalidEntry},
		{"fewer vectors than chunks", func() []store.Entry {
			e := good()
			e.Vectors = e.Vectors[:1]
			return []store.Entry{e}
		}, store.ErrInvalidEntry},
		{"chunk of another document", func() []store.Entry {
			e := good()
			e.Chunks[1].DocumentID = "elsewhere"
			return []store.Entry{e}
		}, store.ErrInvalidEntry},
		{"chunk of another tenant", func() []store.Entry {
			e := good()
			e.Chunks[1].TenantID = "t2"
			return []store.Entry{e}
		}, store.ErrInvalidEntry},
		{"dimension differs from the store's", func() []store.Entry {
			e := good()
			for i := range e.Vectors {
				e.Vectors[i] = append(e.Vectors[i], 1)
			}
			return []store.Entry{e}
		}, store.ErrDimensionMismatch},
		{"dimensions differ within a document", func() []store.Entry {
			e := good()
			e.Vectors[1] = e.Vectors[1][:suiteDim-1]
			return []store.Entry{e}
		}, store.ErrDimensionMismatch},
		{"empty vector", func() []store.Entry {
			e := good()
			e.Vectors[0] = []float32{}
			return []store.Entry{e}
		}, store.ErrDimensionMismatch},
		{"NaN component", func() []store.Entry {
			e := good()
			e.Vectors[1][3] = nan
			return []store.Entry{e}
		}, store.ErrInvalidVector},
		{"infinite component", func() []store.Entry {
			e := good()
			e.Vectors[0][0] = inf
			return []store.Entry{e}
		}, store.ErrInvalidVector},
		{"all-zero vector", func() []store.Entry {
			e := good()
			e.Vectors[0] = make([]float32, suiteDim)
			return []store.Entry{e}
		}, store.ErrInvalidVector},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			batch := append([]store.Entry{replacement.entry()}, c.bad()...)
			err := s.Put(ctx, batch...)
			require.ErrorIs(t, err, c.want)
			requireUnchanged(t, s, m, before)
		})
	}

	t.Run("canceled context", func(t *testing.T) {
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		require.ErrorIs(t, s.Put(cctx, replacement.entry(), good()), context.Canceled)
		require.ErrorIs(t, s.Delete(cctx, "t1", "p1", "keep"), context.Canceled)
		requireUnchanged(t, s, m, before)
	})

	t.Run("bad queries", func(t *testing.T) {
		_, err := s.SearchVector(ctx, make([]float32, suiteDim+1), 5, store.Filter{})
		require.Error(t, err)
		_, err = s.SearchVector(ctx, suiteVector("q")[:suiteDim-1], 5, store.Filter{})
		require.ErrorIs(t, err, store.ErrDimensionMismatch)
		_, err = s.SearchVector(ctx, nil, 5, store.Filter{})
		require.ErrorIs(t, err, store.ErrDimensionMismatch)
		bad := suiteVector("q")
		bad[2] = nan
		_, err = s.SearchVector(ctx, bad, 5, store.Filter{})
		require.ErrorIs(t, err, store.ErrInvalidVector)
		_, err = s.SearchVector(ctx, suiteVector("q"), 0, store.Filter{})
		require.Error(t, err, "k < 1")
		_, err = s.SearchKeyword(ctx, "heron", 0, store.Filter{})
		require.Error(t, err, "k < 1")
		requireUnchanged(t, s, m, before)
	})
}

// requireUnchanged asserts the store still holds exactly the model's
// chunks, with the statistics it had.
func requireUnchanged(t *testing.T, s store.Store, m *suiteModel, before store.Stats) {
	t.Helper()
	ctx := context.Background()
	st, err := s.(store.Statter).Stats(ctx, store.Filter{})
	require.NoError(t, err)
	require.Equal(t, before, st, "a rejected batch changed Stats")
	for _, query := range []string{"heron egret crane", "pelican"} {
		hits, err := s.SearchKeyword(ctx, query, 10, store.Filter{})
		require.NoError(t, err)
		require.Subset(t, m.passing(store.Filter{}), hitKeys(hits), "a rejected batch became visible (query %q)", query)
	}
	hits, err := s.SearchVector(ctx, suiteVector("q"), 10, store.Filter{})
	require.NoError(t, err)
	require.ElementsMatch(t, m.passing(store.Filter{}), hitKeys(hits))
	for _, h := range hits {
		requireSameChunk(t, m.chunks[suiteKey(&h.Chunk)].chunk, h.Chunk)
	}
}
