package lcvector_test

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/hybridragtest"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/lcvector"
)

const dim = 32

// hashEmbedder is the deterministic embedder both sides use.
type hashEmbedder struct{}

func (hashEmbedder) EmbedDocuments(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = hybridragtest.HashVector(t, dim)
	}
	return out, nil
}

func (hashEmbedder) EmbedQuery(_ context.Context, text string) ([]float32, error) {
	return hybridragtest.HashVector(text, dim), nil
}

var _ retrieve.Embedder = hashEmbedder{}

func entry(tenant, project, id, sourceType string, date time.Time, texts ...string) store.Entry {
	meta := store.Metadata{SourceType: sourceType, Confidentiality: "internal", Date: date, Tags: []string{"t1"}, Extra: map[string]string{"k": "v"}}
	e := store.Entry{Document: store.Document{ID: id, TenantID: tenant, ProjectID: project, Source: id + ".md", Text: fmt.Sprint(texts), Metadata: meta}}
	for i, text := range texts {
		e.Chunks = append(e.Chunks, store.Chunk{
			ID: store.ChunkID(id, i, text), DocumentID: id, TenantID: tenant, ProjectID: project, Source: id + ".md",
			Title: "Title " + id, Text: text, Heading: []string{"H", "Sub"}, Page: i + 1, Index: i, Start: i * 10, End: i*10 + len(text),
			Tokens: 3, Metadata: meta, DocHash: "hash-" + id, IndexVersion: 7,
		})
		e.Vectors = append(e.Vectors, hybridragtest.HashVector(text, dim))
	}
	return e
}

func corpus() []store.Entry {
	day := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	return []store.Entry{
		entry("acme", "p1", "pump", "manual", day, "replace the pump impeller yearly", "prime the pump before start"),
		entry("acme", "p2", "valve", "spec", day.AddDate(0, 1, 0), "the relief valve opens above four bar"),
		entry("globex", "p1", "pump", "manual", day, "replace the pump impeller yearly", "globex pump secrets"),
		entry("globex", "p1", "filter", "report", time.Time{}, "carbon filter cartridge every ninety days"),
	}
}

func newSearcher(t *testing.T, m *memStore, opts lcvector.Options) *lcvector.Searcher {
	t.Helper()
	s, err := lcvector.New(m, opts)
	require.NoError(t, err)
	_, err = s.AddEntries(context.Background(), corpus()...)
	require.NoError(t, err)
	return s
}

func TestRoundTripAndScores(t *testing.T) {
	ctx := context.Background()
	m := &memStore{}
	s := newSearcher(t, m, lcvector.Options{})
	want := map[string]store.Chunk{}
	for _, e := range corpus() {
		for _, c := range e.Chunks {
			want[c.TenantID+"/"+c.ID] = c
		}
	}
	q := hybridragtest.HashVector("pump impeller", dim)
	hits, err := s.SearchVector(ctx, q, 10, store.Filter{})
	require.NoError(t, err)
	require.Len(t, hits, len(want))
	for i, h := range hits {
		w := want[h.Chunk.TenantID+"/"+h.Chunk.ID]
		require.True(t, w.Metadata.Date.Equal(h.Chunk.Metadata.Date))
		w.Metadata.Date, h.Chunk.Metadata.Date = time.Time{}, time.Time{}
		require.Equal(t, w, h.Chunk, "every chunk field round-trips through the metadata")
		require.InDelta(t, cosine(q, hybridragtest.HashVector(h.Chunk.Text, dim)), h.Score, 1e-5)
		require.Nil(t, h.Vector)
		if i > 0 {
			require.GreaterOrEqual(t, hits[i-1].Score, h.Score)
		}
	}
	require.Equal(t, []string{""}, m.queries, "without QueryEmbedder no query text is known")
}

func TestScoreConventions(t *testing.T) {
	ctx := context.Background()
	q := hybridragtest.HashVector("relief valve", dim)
	cos := newSearcher(t, &memStore{}, lcvector.Options{})
	cert := newSearcher(t, &memStore{certainty: true}, lcvector.Options{Scores: lcvector.ScoreCertainty})
	a, err := cos.SearchVector(ctx, q, 3, store.Filter{})
	require.NoError(t, err)
	b, err := cert.SearchVector(ctx, q, 3, store.Filter{})
	require.NoError(t, err)
	require.Len(t, b, len(a))
	for i := range a {
		require.Equal(t, a[i].Chunk.ID, b[i].Chunk.ID)
		require.InDelta(t, a[i].Score, b[i].Score, 1e-6, "certainty maps back to cosine")
	}
	_, err = lcvector.New(&memStore{}, lcvector.Options{Scores: 9})
	require.ErrorIs(t, err, lcvector.ErrInvalidOptions)
}

func TestFilters(t *testing.T) {
	ctx := context.Background()
	q := hybridragtest.HashVector("replace the pump impeller yearly", dim)
	cases := []struct {
		name    string
		f       store.Filter
		pushed  any
		wantIDs []string // tenant/document ids expected, best first where it matters
	}{
		{"tenant", store.Filter{TenantID: "acme"},
			map[string]any{lcvector.MetaTenantID: "acme"}, []string{"acme/pump", "acme/pump", "acme/valve"}},
		{"tenant and project", store.Filter{TenantID: "globex", ProjectID: "p1"},
			map[string]any{lcvector.MetaTenantID: "globex", lcvector.MetaProjectID: "p1"}, []string{"globex/pump", "globex/pump", "globex/filter"}},
		{"one source type", store.Filter{SourceTypes: []string{"spec"}},
			map[string]any{lcvector.MetaSourceType: "spec"}, []string{"acme/valve"}},
		{"two source types stay local", store.Filter{TenantID: "globex", SourceTypes: []string{"report", "spec"}},
			map[string]any{lcvector.MetaTenantID: "globex"}, []string{"globex/filter"}},
		{"dates stay local", store.Filter{After: time.Date(2024, 5, 15, 0, 0, 0, 0, time.UTC)},
			nil, []string{"acme/valve"}},
	}
	for _, ignore := range []bool{false, true} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s, backend ignores filters: %v", c.name, ignore), func(t *testing.T) {
				m := &memStore{ignoreFilters: ignore}
				s := newSearcher(t, m, lcvector.Options{})
				hits, err := s.SearchVector(ctx, q, 10, c.f)
				require.NoError(t, err)
				var got []string
				for _, h := range hits {
					require.True(t, c.f.Match(&h.Chunk), "hit fails the filter")
					got = append(got, h.Chunk.TenantID+"/"+h.Chunk.DocumentID)
				}
				require.ElementsMatch(t, c.wantIDs, got)
				require.Equal(t, c.pushed, m.filters[0], "filter passed to the backend")
			})
		}
	}
}

// TestOverfetch: when the filter cannot be pushed down, the best passing
// chunks are still found below better failing ones.
func TestOverfetch(t *testing.T) {
	ctx := context.Background()
	m := &memStore{}
	s := newSearcher(t, m, lcvector.Options{})
	q := hybridragtest.HashVector("replace the pump impeller yearly", dim)
	f := store.Filter{SourceTypes: []string{"report", "spec"}}
	hits, err := s.SearchVector(ctx, q, 2, f)
	require.NoError(t, err)
	require.Len(t, hits, 2)
	for _, h := range hits {
		require.True(t, f.Match(&h.Chunk))
	}
	noOverfetch, err := lcvector.New(m, lcvector.Options{Overfetch: 1})
	require.NoError(t, err)
	hits, err = noOverfetch.SearchVector(ctx, q, 2, f)
	require.NoError(t, err)
	require.Empty(t, hits, "without over-fetching the two best chunks fail the filter")
}

// TestTenantIsolationWithLeakyBackend: a backend that ignores filters
// still never yields another tenant's chunk.
func TestTenantIsolationWithLeakyBackend(t *testing.T) {
	ctx := context.Background()
	s := newSearcher(t, &memStore{ignoreFilters: true}, lcvector.Options{Overfetch: 1})
	for _, text := range []string{"globex pump secrets", "replace the pump impeller yearly", "carbon filter"} {
		hits, err := s.SearchVector(ctx, hybridragtest.HashVector(text, dim), 10, store.Filter{TenantID: "acme"})
		require.NoError(t, err)
		for _, h := range hits {
			require.Equal(t, "acme", h.Chunk.TenantID)
		}
	}
}

// TestQueryEmbedderFeedsTextBackends: a backend that embeds the query text
// itself (ignoring WithEmbedder) gets the real question through a hybrid
// retriever whose embedder QueryEmbedder wraps.
func TestQueryEmbedderFeedsTextBackends(t *testing.T) {
	ctx := context.Background()
	m := &memStore{own: hashEmbedder{}, ignoreOptsEmb: true}
	s := newSearcher(t, m, lcvector.Options{})
	h, err := retrieve.NewHybrid(nil, s, embed.Validate(s.QueryEmbedder(hashEmbedder{}), 0), retrieve.Options{})
	require.NoError(t, err)
	res, err := h.Retrieve(ctx, retrieve.Query{Text: "relief valve opens", Filter: store.Filter{TenantID: "acme"}})
	require.NoError(t, err)
	require.Equal(t, []string{"relief valve opens"}, m.queries)
	require.NotEmpty(t, res.Sources)
	require.Equal(t, "valve", res.Sources[0].Chunk.DocumentID)
	require.Greater(t, res.Sources[0].Scores.Cosine, 0.5)
}

func TestBadInput(t *testing.T) {
	ctx := context.Background()
	_, err := lcvector.New(nil, lcvector.Options{})
	require.ErrorIs(t, err, lcvector.ErrNoVectorStore)
	_, err = lcvector.New(&memStore{}, lcvector.Options{Overfetch: -1})
	require.ErrorIs(t, err, lcvector.ErrInvalidOptions)
	s := newSearcher(t, &memStore{}, lcvector.Options{})
	_, err = s.SearchVector(ctx, hybridragtest.HashVector("x", dim), 0, store.Filter{})
	require.ErrorIs(t, err, lcvector.ErrInvalidK)
	_, err = s.SearchVector(ctx, nil, 3, store.Filter{})
	require.ErrorIs(t, err, store.ErrDimensionMismatch)
	v := hybridragtest.HashVector("x", dim)
	v[0] = float32(math.NaN())
	_, err = s.SearchVector(ctx, v, 3, store.Filter{})
	require.ErrorIs(t, err, store.ErrInvalidVector)
	bad := corpus()[0]
	bad.Vectors = bad.Vectors[:1]
	_, err = s.AddEntries(ctx, bad)
	require.ErrorIs(t, err, store.ErrInvalidEntry)
}

func TestForeignDocuments(t *testing.T) {
	c, err := lcvector.Chunk(schemaDoc("plain text", map[string]any{lcvector.MetaDocumentID: "ext", lcvector.MetaTenantID: "acme", lcvector.MetaDate: "2024-01-02T03:04:05Z"}))
	require.NoError(t, err)
	require.Equal(t, "plain text", c.Text)
	require.Equal(t, "ext", c.DocumentID)
	require.Equal(t, "ext", c.Source)
	require.Equal(t, "acme", c.TenantID)
	require.NotEmpty(t, c.ID)
	require.Equal(t, 2024, c.Metadata.Date.Year())
	_, err = lcvector.Chunk(schemaDoc("x", map[string]any{lcvector.MetaChunk: "{not json"}))
	require.ErrorIs(t, err, store.ErrCorrupt)
}
