package hybridragtest

import (
	"context"
	"io"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// TestStore runs the store.Store contract against an implementation, in
// the spirit of testing/slogtest: every store in this module passes it, and
// so should a host's own.
//
// newStore must return a new, empty store on each call and arrange its
// cleanup with t.Cleanup. The suite checks a store a pipeline can use to
// the full: it must also implement store.Statter (counts and IndexVersion)
// and io.Closer. The suite closes some stores itself, so Close must
// tolerate a second call. Stores that implement store.Scanner,
// store.TermStatter, store.ChunkPositioner or store.DocumentStreamer are
// also checked against those contracts.
//
// The contract checked: every chunk field comes back as written (dates as
// the same instant, vectors up to L2 normalisation); IndexVersion increases
// with every write batch; Put replaces a document's chunks and Delete
// removes them, within one tenant and project only; keyword search matches
// any query term and vector search ranks by cosine similarity, both best
// first; every Filter field restricts both searches inside the search, so
// a filtered query returns the best k chunks that pass; no query filtered
// to one tenant ever returns another tenant's chunk (a property test over a
// random corpus with a fixed seed); a tenant's keyword and vector scores,
// rankings, Stats and TermStats do not change when other tenants'
// documents are added or removed (collection statistics are the tenant's
// and project's own); Stats counts per tenant and project;
// searches running alongside a writer see whole batches; bad batches fail
// with errors.Is-checkable errors and change nothing; a closed store
// returns store.ErrClosed.
func TestStore(t *testing.T, newStore func(t *testing.T) store.Store) {
	t.Helper()
	probe := newStore(t)
	_, stats := probe.(store.Statter)
	_, closes := probe.(io.Closer)
	require.True(t, stats && closes, "%T must implement store.Statter and io.Closer for the suite", probe)
	cases := []struct {
		name string
		run  func(t *testing.T, newStore func(t *testing.T) store.Store)
	}{
		{"empty store", storeEmpty},
		{"round trip", storeRoundTrip},
		{"index version", storeIndexVersion},
		{"replace by document id", storeReplace},
		{"delete", storeDelete},
		{"keyword matching", storeKeywordMatching},
		{"filters", storeFilters},
		{"tenant isolation", storeTenantIsolation},
		{"tenant statistics", storeTenantStatistics},
		{"concurrent readers and a writer", storeConcurrency},
		{"bad input", storeBadInput},
		{"closed", storeClosed},
		{"term stats", storeTermStats},
		{"documents (store.DocumentLister)", storeDocuments},
		{"embedder (store.EmbedderRecorder)", storeEmbedder},
		{"transcript time spans", storeTranscript},
		{"chunks by position (store.ChunkPositioner)", storePositions},
		{"documents written as streams (store.DocumentStreamer)", storeStream},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.run(t, newStore) })
	}
}

func storeEmpty(t *testing.T, newStore func(t *testing.T) store.Store) {
	ctx := context.Background()
	s := newStore(t)
	st, err := s.(store.Statter).Stats(ctx, store.Filter{})
	require.NoError(t, err)
	require.Zero(t, st.Documents)
	require.Zero(t, st.Chunks)
	require.Zero(t, st.Dimension)
	hits, err := s.SearchKeyword(ctx, "anything at all", 5, store.Filter{})
	require.NoError(t, err)
	require.Empty(t, hits)
	hits, err = s.SearchVector(ctx, suiteVector("q"), 5, store.Filter{})
	require.NoError(t, err)
	require.Empty(t, hits)
	require.NoError(t, s.Put(ctx), "an empty batch is not an error")
	require.NoError(t, s.Delete(ctx, "", "", "missing"), "deleting unknown ids is not an error")
}

func storeRoundTrip(t *testing.T, newStore func(t *testing.T) store.Store) {
	ctx := context.Background()
	s := newStore(t)
	docs := []suiteDoc{
		{tenant: "acme", project: "manuals", id: "pump.md", title: "Pump manual",
			texts: []string{
				"The impeller spins clockwise when seen from the motor. Zebra.",
				"Prime the pump before starting it; never run it dry. Zebra.",
				"Drain the casing before winter to avoid frost damage. Zebra.",
			},
			meta: store.Metadata{
				SourceType: "manual", Confidentiality: "internal", Revision: "r7",
				Date: time.Date(2024, 3, 5, 10, 30, 15, 123456789, time.FixedZone("IST", 5*3600+1800)),
				Tags: []string{"pumps", "winter"}, Extra: map[string]string{"owner": "ops", "lang": "en"},
			}},
		{id: "notes.txt", texts: []string{"Café crème, naïve façade — zebra «quotes» 水 and 'apostrophes'."}},
	}
	entries := suiteEntries(docs...)
	require.NoError(t, s.Put(ctx, entries...))
	want := newSuiteModel()
	want.put(entries...)

	check := func(hits []store.Hit, version *int64) {
		t.Helper()
		for _, h := range hits {
			mc, ok := want.chunks[suiteKey(&h.Chunk)]
			require.True(t, ok, "unexpected chunk %s", suiteKey(&h.Chunk))
			requireSameChunk(t, mc.chunk, h.Chunk)
			require.Positive(t, h.Chunk.IndexVersion)
			if *version == 0 {
				*version = h.Chunk.IndexVersion
			}
			require.Equal(t, *version, h.Chunk.IndexVersion, "one batch, one IndexVersion")
			if h.Vector != nil {
				requireSameDirection(t, mc.vec, h.Vector)
			}
		}
	}
	var version int64
	hits, err := s.SearchKeyword(ctx, "zebra", 10, store.Filter{})
	require.NoError(t, err)
	require.ElementsMatch(t, want.passing(store.Filter{}), hitKeys(hits))
	check(hits, &version)

	for key, mc := range want.chunks {
		hits, err := s.SearchVector(ctx, mc.vec, 1, store.Filter{})
		require.NoError(t, err)
		require.Equal(t, []string{key}, hitKeys(hits))
		require.InDelta(t, 1, hits[0].Score, 1e-5)
		check(hits, &version)
	}
	q := suiteVector("some query")
	hits, err = s.SearchVector(ctx, q, 10, store.Filter{})
	require.NoError(t, err)
	require.Len(t, hits, len(want.chunks))
	requireBestFirst(t, hits)
	for _, h := range hits {
		require.InDelta(t, suiteCosine(q, want.chunks[suiteKey(&h.Chunk)].vec), h.Score, 1e-5, "vector scores are cosine similarities")
	}
	check(hits, &version)

	if sc, ok := s.(store.Scanner); ok {
		all := scanAll(t, sc, store.Filter{})
		require.ElementsMatch(t, want.passing(store.Filter{}), slices.Collect(maps.Keys(all)))
		for key, got := range all {
			requireSameChunk(t, want.chunks[key].chunk, got.chunk)
			requireSameDirection(t, want.chunks[key].vec, got.vec)
		}
	}
}

func storeIndexVersion(t *testing.T, newStore func(t *testing.T) store.Store) {
	ctx := context.Background()
	s := newStore(t)
	version := func() int64 {
		st, err := s.(store.Statter).Stats(ctx, store.Filter{})
		require.NoError(t, err)
		return st.IndexVersion
	}
	chunkVersion := func(doc string) int64 {
		hits, err := s.SearchVector(ctx, suiteVector("q"), 10, store.Filter{DocumentIDs: []string{doc}})
		require.NoError(t, err)
		require.NotEmpty(t, hits)
		for _, h := range hits[1:] {
			require.Equal(t, hits[0].Chunk.IndexVersion, h.Chunk.IndexVersion)
		}
		return hits[0].Chunk.IndexVersion
	}
	a := suiteDoc{id: "a", texts: []string{"alpha one", "alpha two"}}
	b := suiteDoc{id: "b", texts: []string{"beta one"}}
	require.NoError(t, s.Put(ctx, a.entry()))
	va := chunkVersion("a")
	require.Positive(t, va)
	require.Equal(t, va, version(), "Stats reports the last batch's version")

	require.NoError(t, s.Put(ctx, b.entry()))
	vb := chunkVersion("b")
	require.Greater(t, vb, va)
	require.Equal(t, vb, version())
	require.Equal(t, va, chunkVersion("a"), "a batch leaves other documents' chunks alone")

	a.texts = []string{"alpha three"}
	require.NoError(t, s.Put(ctx, a.entry()))
	va2 := chunkVersion("a")
	require.Greater(t, va2, vb)

	require.NoError(t, s.Delete(ctx, "", "", "b"))
	require.Greater(t, version(), va2, "a delete is a write batch")
}

func storeReplace(t *testing.T, newStore func(t *testing.T) store.Store) {
	ctx := context.Background()
	s := newStore(t)
	old := suiteDoc{tenant: "t1", project: "p1", id: "guide", title: "Guide",
		texts: []string{"walrus one", "walrus two", "walrus three"}}
	sameIDElsewhere := old
	sameIDElsewhere.project = "p2"
	require.NoError(t, s.Put(ctx, old.entry(), sameIDElsewhere.entry()))

	updated := old
	updated.texts = []string{"narwhal one", "narwhal two"}
	updated.meta = store.Metadata{SourceType: "manual", Tags: []string{"v2"}}
	require.NoError(t, s.Put(ctx, updated.entry()))
	m := newSuiteModel()
	m.put(old.entry(), sameIDElsewhere.entry())
	m.put(updated.entry())

	p1 := store.Filter{TenantID: "t1", ProjectID: "p1"}
	p2 := store.Filter{TenantID: "t1", ProjectID: "p2"}
	hits, err := s.SearchKeyword(ctx, "walrus", 10, p1)
	require.NoError(t, err)
	require.Empty(t, hits, "replaced chunks are gone")
	hits, err = s.SearchKeyword(ctx, "narwhal", 10, p1)
	require.NoError(t, err)
	require.ElementsMatch(t, m.passing(p1), hitKeys(hits))
	for _, h := range hits {
		requireSameChunk(t, m.chunks[suiteKey(&h.Chunk)].chunk, h.Chunk)
	}
	hits, err = s.SearchVector(ctx, old.entry().Vectors[0], 10, p1)
	require.NoError(t, err)
	require.ElementsMatch(t, m.passing(p1), hitKeys(hits))
	hits, err = s.SearchKeyword(ctx, "walrus", 10, p2)
	require.NoError(t, err)
	require.ElementsMatch(t, m.passing(p2), hitKeys(hits), "the same document id in another project is untouched")

	for _, f := range []store.Filter{p1, p2, {}} {
		requireStats(t, s, m, f)
	}
	if sc, ok := s.(store.Scanner); ok {
		require.ElementsMatch(t, m.passing(p1), slices.Collect(maps.Keys(scanAll(t, sc, p1))))
	}
}

func storeDelete(t *testing.T, newStore func(t *testing.T) store.Store) {
	ctx := context.Background()
	s := newStore(t)
	docs := []suiteDoc{
		{tenant: "t1", project: "p1", id: "a", texts: []string{"otter alpha", "otter beta"}},
		{tenant: "t1", project: "p1", id: "b", texts: []string{"otter gamma"}},
		{tenant: "t2", project: "p1", id: "a", texts: []string{"otter alpha", "otter beta"}},
		{tenant: "t1", project: "p2", id: "a", texts: []string{"otter delta"}},
	}
	entries := suiteEntries(docs...)
	require.NoError(t, s.Put(ctx, entries...))
	m := newSuiteModel()
	m.put(entries...)

	require.NoError(t, s.Delete(ctx, "t1", "p1", "a", "missing"))
	m.delete("t1", "p1", "a")
	for _, f := range []store.Filter{{}, {TenantID: "t1"}, {TenantID: "t2"}, {ProjectID: "p1"}, {TenantID: "t1", ProjectID: "p2"}} {
		hits, err := s.SearchKeyword(ctx, "otter", 10, f)
		require.NoError(t, err)
		require.ElementsMatch(t, m.passing(f), hitKeys(hits), "keyword %+v", f)
		hits, err = s.SearchVector(ctx, suiteVector("otter alpha"), 10, f)
		require.NoError(t, err)
		require.ElementsMatch(t, m.passing(f), hitKeys(hits), "vector %+v", f)
		requireStats(t, s, m, f)
	}
	require.NoError(t, s.Delete(ctx, "t1", "p1", "b"))
	require.NoError(t, s.Delete(ctx, "t1", "p1", "b"), "deleting twice is not an error")
	m.delete("t1", "p1", "b")
	requireStats(t, s, m, store.Filter{TenantID: "t1", ProjectID: "p1"})
	requireStats(t, s, m, store.Filter{})
}

func storeKeywordMatching(t *testing.T, newStore func(t *testing.T) store.Store) {
	ctx := context.Background()
	s := newStore(t)
	docs := []suiteDoc{
		{id: "both", texts: []string{"copper copper copper meadow falcon"}},
		{id: "meadow", texts: []string{"meadow timber lantern orchard"}},
		{id: "copper", texts: []string{"copper walnut"}},
		{id: "neither", texts: []string{"timber walnut quartz"}},
	}
	require.NoError(t, s.Put(ctx, suiteEntries(docs...)...))
	m := newSuiteModel()
	m.put(suiteEntries(docs...)...)

	hits, err := s.SearchKeyword(ctx, "copper meadow", 10, store.Filter{})
	require.NoError(t, err)
	require.ElementsMatch(t, m.withAnyWord(store.Filter{}, "copper", "meadow"), hitKeys(hits), "a chunk matching any query term is found")
	require.Equal(t, "both", hits[0].Chunk.DocumentID, "the chunk with the most matches ranks first")
	requireBestFirst(t, hits)
	for _, h := range hits {
		require.Positive(t, h.Score)
	}
	hits, err = s.SearchKeyword(ctx, "copper meadow", 1, store.Filter{})
	require.NoError(t, err)
	require.Len(t, hits, 1)
	require.Equal(t, "both", hits[0].Chunk.DocumentID)

	for _, q := range []string{"", "   ", "the of and", "zzzunknownword"} {
		hits, err := s.SearchKeyword(ctx, q, 10, store.Filter{})
		require.NoError(t, err, "%q", q)
		require.Empty(t, hits, "%q", q)
	}
}

func storeClosed(t *testing.T, newStore func(t *testing.T) store.Store) {
	ctx := context.Background()
	s := newStore(t)
	e := suiteDoc{id: "a", texts: []string{"closed store"}}.entry()
	require.NoError(t, s.Put(ctx, e))
	require.NoError(t, s.(io.Closer).Close())
	require.ErrorIs(t, s.Put(ctx, e), store.ErrClosed)
	require.ErrorIs(t, s.Delete(ctx, "", "", "a"), store.ErrClosed)
	_, err := s.SearchKeyword(ctx, "closed", 5, store.Filter{})
	require.ErrorIs(t, err, store.ErrClosed)
	_, err = s.SearchVector(ctx, e.Vectors[0], 5, store.Filter{})
	require.ErrorIs(t, err, store.ErrClosed)
	_, err = s.(store.Statter).Stats(ctx, store.Filter{})
	require.ErrorIs(t, err, store.ErrClosed)
	if sc, ok := s.(store.Scanner); ok {
		err := sc.Scan(ctx, store.Filter{}, func(store.Chunk, []float32) error { return nil })
		require.ErrorIs(t, err, store.ErrClosed)
	}
}

func storeTermStats(t *testing.T, newStore func(t *testing.T) store.Store) {
	ctx := context.Background()
	s := newStore(t)
	ts, ok := s.(store.TermStatter)
	if !ok {
		t.Skip("the store does not implement store.TermStatter")
	}
	docs := []suiteDoc{
		{tenant: "t1", id: "a", texts: []string{"copper falcon", "falcon meadow"}},
		{tenant: "t2", project: "p", id: "b", texts: []string{"falcon timber walnut", "meadow"}},
		{tenant: "t2", id: "c", texts: []string{"copper falcon meadow", "timber"}},
	}
	entries := suiteEntries(docs...)
	require.NoError(t, s.Put(ctx, entries...))

	query := "Which falcon took the copper from the falcon in the tundra?"
	got, err := ts.TermStats(ctx, query, store.Filter{})
	require.NoError(t, err)
	var want []string
	for _, term := range ts.Analyze(query) {
		if !slices.Contains(want, term) {
			want = append(want, term)
		}
	}
	require.NotEmpty(t, want)
	require.NotContains(t, want, "the", "stop words are removed")
	require.Equal(t, want, got.Terms, "Terms are the query's analysed terms, in order, deduplicated")
	require.Equal(t, 6, got.Docs)
	// Counts are within the filter's tenant and project; other fields
	// are ignored.
	for _, f := range []store.Filter{
		{}, {TenantID: "t1"}, {TenantID: "t2", SourceTypes: []string{"none"}}, {TenantID: "t3"},
		{TenantID: "t2", ProjectID: "p"}, {ProjectID: "p"}, {TenantID: "t1", ProjectID: "p"},
	} {
		got, err := ts.TermStats(ctx, query, f)
		require.NoError(t, err)
		require.Equal(t, want, got.Terms)
		require.Len(t, got.DocFreq, len(got.Terms))
		scope := store.Filter{TenantID: f.TenantID, ProjectID: f.ProjectID}
		docs := 0
		for _, e := range entries {
			for _, c := range e.Chunks {
				if scope.Match(&c) {
					docs++
				}
			}
		}
		require.Equal(t, docs, got.Docs, "%+v", f)
		for i, term := range got.Terms {
			df := 0
			for _, e := range entries {
				for _, c := range e.Chunks {
					if scope.Match(&c) && slices.Contains(ts.Analyze(c.Text), term) {
						df++
					}
				}
			}
			require.Equal(t, df, got.DocFreq[i], "document frequency of %q in %+v", term, f)
		}
	}
}

// requireStats asserts Stats counts the model's documents and chunks in the
// tenant and project of f.
func requireStats(t *testing.T, s store.Store, m *suiteModel, f store.Filter) {
	t.Helper()
	st, err := s.(store.Statter).Stats(context.Background(), f)
	require.NoError(t, err)
	docs, chunks := m.counts(f)
	require.Equal(t, docs, st.Documents, "documents for %+v", f)
	require.Equal(t, chunks, st.Chunks, "chunks for %+v", f)
	if chunks > 0 {
		require.Equal(t, suiteDim, st.Dimension)
	}
}
