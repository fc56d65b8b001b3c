package embedded

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

func TestRoundTripEveryField(t *testing.T) {
	ctx := context.Background()
	s, dir := newTestStore(t)
	meta := store.Metadata{
		SourceType: "manual", Confidentiality: "internal", Revision: "r7",
		Date: day(2024, 3, 15).Add(1234567 * 1000), Tags: []string{"install", "linux"},
		Extra: map[string]string{"owner": "ops", "lang": "en"},
	}
	spec := docSpec{tenant: "acme", project: "docs", id: "guide", title: "Install Guide",
		texts: []string{"Install the agent with the package manager.", "Configure the agent service."}, meta: meta}
	e := spec.entry()
	require.NoError(t, s.Put(ctx, e))

	want := make([]store.Chunk, len(e.Chunks))
	for i, c := range e.Chunks {
		c.IndexVersion = 1
		want[i] = c
	}
	check := func(s *Store) {
		f := store.Filter{TenantID: "acme", ProjectID: "docs"}
		got, err := s.Get(ctx, f, want[0].ID, want[1].ID)
		require.NoError(t, err)
		require.Len(t, got, 2)
		for i := range want {
			require.Equal(t, want[i], got[i].Chunk)
			require.True(t, got[i].Chunk.Metadata.Date.Equal(meta.Date))
			require.Len(t, got[i].Vector, testDim)
		}
		kw, err := s.SearchKeyword(ctx, "package manager", 5, f)
		require.NoError(t, err)
		require.Equal(t, want[0], kw[0].Chunk)
		vec, err := s.SearchVector(ctx, e.Vectors[1], 1, f)
		require.NoError(t, err)
		require.Equal(t, want[1], vec[0].Chunk)
		require.InDelta(t, 1.0, vec[0].Score, 1e-6)
	}
	check(s)
	require.NoError(t, s.Close())
	s2 := openTest(t, dir, Options{})
	require.Equal(t, Recovery{}, s2.Recovery())
	check(s2)
}

func TestVectorsAreNormalisedCopies(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	e := docSpec{id: "d", texts: []string{"alpha"}}.entry()
	e.Vectors[0] = []float32{3, 4, 0, 0, 0, 0, 0, 0}
	require.NoError(t, s.Put(ctx, e))
	hits, err := s.SearchVector(ctx, []float32{6, 8, 0, 0, 0, 0, 0, 0}, 1, store.Filter{})
	require.NoError(t, err)
	require.InDeltaSlice(t, []float32{0.6, 0.8, 0, 0, 0, 0, 0, 0}, hits[0].Vector, 1e-7)
	require.InDelta(t, 1.0, hits[0].Score, 1e-6)
	hits[0].Vector[0] = 42 // the caller owns the copy
	again, err := s.SearchVector(ctx, []float32{1, 0, 0, 0, 0, 0, 0, 0}, 1, store.Filter{})
	require.NoError(t, err)
	require.InDelta(t, 0.6, again[0].Vector[0], 1e-7)
	require.InDelta(t, 0.6, again[0].Score, 1e-6)
}

func TestReplaceAndDelete(t *testing.T) {
	ctx := context.Background()
	s, dir := newTestStore(t)
	put(t, s,
		docSpec{id: "a", texts: []string{"apple orchard harvest", "apple cider press", "apple pie recipe"}},
		docSpec{id: "b", texts: []string{"banana plantation"}})
	st, err := s.Stats(ctx, store.Filter{})
	require.NoError(t, err)
	require.Equal(t, store.Stats{Documents: 2, Chunks: 4, Dimension: testDim, IndexVersion: 1}, st)

	// Replace a: three chunks become two with different text.
	put(t, s, docSpec{id: "a", texts: []string{"pear orchard harvest", "pear cider press"}})
	st, err = s.Stats(ctx, store.Filter{})
	require.NoError(t, err)
	require.Equal(t, store.Stats{Documents: 2, Chunks: 3, Dimension: testDim, IndexVersion: 2}, st)
	hits, err := s.SearchKeyword(ctx, "apple", 10, store.Filter{})
	require.NoError(t, err)
	require.Empty(t, hits)
	hits, err = s.SearchKeyword(ctx, "pear", 10, store.Filter{})
	require.NoError(t, err)
	require.Len(t, hits, 2)
	for _, h := range hits {
		require.EqualValues(t, 2, h.Chunk.IndexVersion)
	}
	vhits, err := s.SearchVector(ctx, testVector("apple pie recipe", testDim), 10, store.Filter{})
	require.NoError(t, err)
	require.Len(t, vhits, 3)
	for _, h := range vhits {
		require.NotContains(t, h.Chunk.Text, "apple")
	}

	// Delete: unknown ids are ignored and do not bump the version.
	require.NoError(t, s.Delete(ctx, "", "", "nope"))
	st, _ = s.Stats(ctx, store.Filter{})
	require.EqualValues(t, 2, st.IndexVersion)
	require.NoError(t, s.Delete(ctx, "", "", "a", "nope"))
	st, _ = s.Stats(ctx, store.Filter{})
	require.Equal(t, store.Stats{Documents: 1, Chunks: 1, Dimension: testDim, IndexVersion: 3}, st)
	hits, err = s.SearchKeyword(ctx, "pear", 10, store.Filter{})
	require.NoError(t, err)
	require.Empty(t, hits)

	// Deleting the last document empties the store; a new dimension is then allowed.
	require.NoError(t, s.Delete(ctx, "", "", "b"))
	st, _ = s.Stats(ctx, store.Filter{})
	require.Equal(t, store.Stats{IndexVersion: 4}, st)
	e := docSpec{id: "c", texts: []string{"cherry"}}.entry()
	e.Vectors[0] = []float32{1, 2, 3}
	require.NoError(t, s.Put(ctx, e))

	require.NoError(t, s.Close())
	s2 := openTest(t, dir, Options{})
	st, err = s2.Stats(ctx, store.Filter{})
	require.NoError(t, err)
	require.Equal(t, store.Stats{Documents: 1, Chunks: 1, Dimension: 3, IndexVersion: 5}, st)
	require.Len(t, allChunks(t, s2), 1)
}

func TestStatsByTenantAndProject(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	put(t, s,
		docSpec{tenant: "t1", project: "p1", id: "a", texts: []string{"one", "two"}},
		docSpec{tenant: "t1", project: "p2", id: "a", texts: []string{"three"}},
		docSpec{tenant: "t2", project: "p1", id: "b", texts: []string{"four", "five", "six"}})
	for _, tc := range []struct {
		f            store.Filter
		docs, chunks int
	}{
		{store.Filter{}, 3, 6},
		{store.Filter{TenantID: "t1"}, 2, 3},
		{store.Filter{ProjectID: "p1"}, 2, 5},
		{store.Filter{TenantID: "t1", ProjectID: "p2"}, 1, 1},
		{store.Filter{TenantID: "t3"}, 0, 0},
	} {
		st, err := s.Stats(ctx, tc.f)
		require.NoError(t, err)
		require.Equal(t, tc.docs, st.Documents, "%+v", tc.f)
		require.Equal(t, tc.chunks, st.Chunks, "%+v", tc.f)
	}
}

func TestTenantIsolation(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	// The same document id and text in two tenants: chunk ids collide.
	put(t, s,
		docSpec{tenant: "t1", id: "shared", texts: []string{"secret rocket fuel formula"}},
		docSpec{tenant: "t2", id: "shared", texts: []string{"secret rocket fuel formula"}})
	for _, tenant := range []string{"t1", "t2"} {
		f := store.Filter{TenantID: tenant}
		kw, err := s.SearchKeyword(ctx, "rocket fuel", 10, f)
		require.NoError(t, err)
		require.Len(t, kw, 1)
		require.Equal(t, tenant, kw[0].Chunk.TenantID)
		vec, err := s.SearchVector(ctx, testVector("secret rocket fuel formula", testDim), 10, f)
		require.NoError(t, err)
		require.Len(t, vec, 1)
		require.Equal(t, tenant, vec[0].Chunk.TenantID)
	}
	none, err := s.SearchKeyword(ctx, "rocket", 10, store.Filter{TenantID: "t3"})
	require.NoError(t, err)
	require.Empty(t, none)
	// Deleting in one tenant leaves the other alone.
	require.NoError(t, s.Delete(ctx, "t1", "", "shared"))
	kw, err := s.SearchKeyword(ctx, "rocket", 10, store.Filter{})
	require.NoError(t, err)
	require.Len(t, kw, 1)
	require.Equal(t, "t2", kw[0].Chunk.TenantID)
}

func TestScanAndGet(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	put(t, s,
		docSpec{tenant: "t1", id: "a", texts: []string{"one", "two"}},
		docSpec{tenant: "t2", id: "b", texts: []string{"three"}})
	var seen []string
	require.NoError(t, s.Scan(ctx, store.Filter{TenantID: "t1"}, func(c store.Chunk, v []float32) error {
		require.Len(t, v, testDim)
		seen = append(seen, c.Text)
		// fn runs without store locks: writing from it must not deadlock.
		return s.Put(ctx, docSpec{tenant: "t3", id: "w-" + c.Text, texts: []string{c.Text}}.entry())
	}))
	require.ElementsMatch(t, []string{"one", "two"}, seen)
	require.Len(t, allChunks(t, s), 5)

	a := docSpec{tenant: "t1", id: "a", texts: []string{"one", "two"}}.entry()
	got, err := s.Get(ctx, store.Filter{TenantID: "t1"}, a.Chunks[1].ID, "unknown", a.Chunks[0].ID)
	require.NoError(t, err)
	require.Equal(t, []string{"two", "one"}, []string{got[0].Chunk.Text, got[1].Chunk.Text})
	got, err = s.Get(ctx, store.Filter{TenantID: "t2"}, a.Chunks[0].ID)
	require.NoError(t, err)
	require.Empty(t, got)
}
