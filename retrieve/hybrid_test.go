package retrieve

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/hybridrag/hybridrag/store"
	"github.com/stretchr/testify/require"
)

var pumpDocs = []string{
	"The centrifugal pump needs priming before the first start.",
	"Check the pump pressure gauge weekly; pressure above 6 bar means a blocked filter.",
	"The heat exchanger is cleaned with descaling fluid every spring.",
	"Replace the pump seal when water drips from the shaft.",
	"Valves are closed clockwise.",
}

func TestNewHybridArguments(t *testing.T) {
	st, emb := newTestStore(pumpDocs...)
	tests := []struct {
		name    string
		keyword store.KeywordSearcher
		vector  store.VectorSearcher
		emb     Embedder
		opts    Options
		err     error
	}{
		{name: "both", keyword: st, vector: st, emb: emb},
		{name: "keyword only", keyword: st},
		{name: "vector only", vector: st, emb: emb},
		{name: "no searcher", emb: emb, err: ErrNoSearcher},
		{name: "vector without embedder", keyword: st, vector: st, err: ErrNoEmbedder},
		{name: "negative RRFK", keyword: st, opts: Options{RRFK: -1}, err: ErrInvalidOptions},
		{name: "unknown fusion", keyword: st, opts: Options{Fusion: 7}, err: ErrInvalidOptions},
		{name: "unknown normalization", keyword: st, opts: Options{Normalization: 3}, err: ErrInvalidOptions},
		{name: "both weights zero", keyword: st, opts: Options{Fusion: FusionWeighted, KeywordWeight: -1, VectorWeight: -1}, err: ErrInvalidOptions},
		{name: "negative rerank depth", keyword: st, opts: Options{RerankDepth: -2}, err: ErrInvalidOptions},
		{name: "floor above ceiling", keyword: st, opts: Options{Calibration: Calibration{CosineFloor: 0.7, CosineCeiling: 0.6}}, err: ErrInvalidOptions},
		{name: "coverage weight above 1", keyword: st, opts: Options{Calibration: Calibration{CoverageWeight: 1.5}}, err: ErrInvalidOptions},
		{name: "negative exponent", keyword: st, opts: Options{Calibration: Calibration{Exponent: -1}}, err: ErrInvalidOptions},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := NewHybrid(tt.keyword, tt.vector, tt.emb, tt.opts)
			if tt.err != nil {
				require.ErrorIs(t, err, tt.err)
				require.Nil(t, h)
				return
			}
			require.NoError(t, err)
			res, err := h.Retrieve(context.Background(), Query{Text: "pump pressure"})
			require.NoError(t, err)
			require.Equal(t, "d1", res.Sources[0].Chunk.ID)
		})
	}
}

func TestRetrieveOneSide(t *testing.T) {
	st, emb := newTestStore(pumpDocs...)
	ctx := context.Background()

	kw, err := NewHybrid(st, nil, nil, Options{})
	require.NoError(t, err)
	res, err := kw.Retrieve(ctx, Query{Text: "pump seal"})
	require.NoError(t, err)
	require.Equal(t, "d3", res.Sources[0].Chunk.ID)
	for _, s := range res.Sources {
		require.Positive(t, s.KeywordRank)
		require.Zero(t, s.VectorRank)
		require.Zero(t, s.Scores.Cosine)
		require.Positive(t, s.Scores.BM25)
	}
	require.Zero(t, res.Timings.Embed)
	require.Zero(t, res.Timings.Vector)

	vec, err := NewHybrid(nil, st, emb, Options{})
	require.NoError(t, err)
	res, err = vec.Retrieve(ctx, Query{Text: "pump seal"})
	require.NoError(t, err)
	require.Equal(t, "d3", res.Sources[0].Chunk.ID)
	require.Len(t, res.Sources, len(pumpDocs), "vector search ranks every chunk")
	for _, s := range res.Sources {
		require.Zero(t, s.KeywordRank)
		require.Positive(t, s.VectorRank)
	}
	require.Zero(t, res.Timings.Keyword)

	// A query that disables the only search is an error, not an empty result.
	_, err = kw.Retrieve(ctx, Query{Text: "pump", KeywordK: -1})
	require.ErrorIs(t, err, ErrNoSearcher)
	both, err := NewHybrid(st, st, emb, Options{})
	require.NoError(t, err)
	_, err = both.Retrieve(ctx, Query{Text: "pump", KeywordK: -1, VectorK: -1})
	require.ErrorIs(t, err, ErrNoSearcher)
	res, err = both.Retrieve(ctx, Query{Text: "pump", VectorK: -1})
	require.NoError(t, err)
	require.Zero(t, res.Timings.Embed, "a disabled vector search embeds nothing")
}

func TestRetrieveQueryErrors(t *testing.T) {
	st, emb := newTestStore(pumpDocs...)
	h, err := NewHybrid(st, st, emb, Options{})
	require.NoError(t, err)
	tests := []struct {
		name string
		q    Query
		err  error
	}{
		{"empty", Query{}, ErrEmptyQuery},
		{"blank", Query{Text: " \t\n"}, ErrEmptyQuery},
		{"negative max sources", Query{Text: "pump", MaxSources: -1}, ErrInvalidOptions},
		{"lambda above 1", Query{Text: "pump", MMRLambda: 1.5}, ErrInvalidOptions},
		{"negative lambda", Query{Text: "pump", MMRLambda: -0.5}, ErrInvalidOptions},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := h.Retrieve(context.Background(), tt.q)
			require.ErrorIs(t, err, tt.err)
			require.Nil(t, res)
		})
	}
	require.Equal(t, "retrieve: empty query", ErrEmptyQuery.Error())
}

func TestRetrieveDefaultsAndCounts(t *testing.T) {
	var kK, vK int
	keyword := keywordFunc(func(_ context.Context, _ string, k int, _ store.Filter) ([]store.Hit, error) {
		kK = k
		return nil, nil
	})
	vector := vectorFunc(func(_ context.Context, _ []float32, k int, _ store.Filter) ([]store.Hit, error) {
		vK = k
		return nil, nil
	})
	h, err := NewHybrid(keyword, vector, wordEmbedder{dim: 8}, Options{})
	require.NoError(t, err)
	res, err := h.Retrieve(context.Background(), Query{Text: "anything"})
	require.NoError(t, err)
	require.Equal(t, [2]int{DefaultKeywordK, DefaultVectorK}, [2]int{kK, vK})
	require.Empty(t, res.Sources)
	require.Zero(t, res.Candidates)
	_, err = h.Retrieve(context.Background(), Query{Text: "anything", KeywordK: 3, VectorK: 7})
	require.NoError(t, err)
	require.Equal(t, [2]int{3, 7}, [2]int{kK, vK})
}

func TestRetrievePassesFilterToBothSearches(t *testing.T) {
	filter := store.Filter{TenantID: "acme", ProjectID: "p1", SourceTypes: []string{"manual"}, DocumentIDs: []string{"x"}}
	var mu sync.Mutex
	var seen []string
	record := func(side string, f store.Filter) {
		mu.Lock()
		defer mu.Unlock()
		require.Equal(t, filter, f, side)
		seen = append(seen, side)
	}
	keyword := keywordFunc(func(_ context.Context, _ string, _ int, f store.Filter) ([]store.Hit, error) {
		record("keyword", f)
		return nil, nil
	})
	vector := vectorFunc(func(_ context.Context, _ []float32, _ int, f store.Filter) ([]store.Hit, error) {
		record("vector", f)
		return nil, nil
	})
	h, err := NewHybrid(keyword, vector, wordEmbedder{dim: 8}, Options{})
	require.NoError(t, err)
	_, err = h.Retrieve(context.Background(), Query{Text: "pump", Filter: filter})
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"keyword", "vector"}, seen)
}

func TestRetrieveFilterRestrictsResults(t *testing.T) {
	emb := wordEmbedder{dim: 64}
	var chunks []store.Chunk
	var vecs [][]float32
	for i, tenant := range []string{"a", "b", "a", "b"} {
		text := fmt.Sprintf("pump manual part %d", i)
		chunks = append(chunks, store.Chunk{ID: fmt.Sprint(i), DocumentID: fmt.Sprint(i), TenantID: tenant, Text: text})
		vecs = append(vecs, emb.embed(text))
	}
	st := newMemStore(chunks, vecs)
	h, err := NewHybrid(st, st, emb, Options{})
	require.NoError(t, err)
	res, err := h.Retrieve(context.Background(), Query{Text: "pump manual", Filter: store.Filter{TenantID: "b"}})
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"1", "3"}, ids(res.Sources))
}

func TestRetrieveSearchErrorsNameTheSide(t *testing.T) {
	st, emb := newTestStore(pumpDocs...)
	boom := errors.New("disk on fire")
	failingKeyword := keywordFunc(func(context.Context, string, int, store.Filter) ([]store.Hit, error) { return nil, boom })
	failingVector := vectorFunc(func(context.Context, []float32, int, store.Filter) ([]store.Hit, error) {
		return nil, store.ErrDimensionMismatch
	})
	// blockingVector waits for cancellation, as a slow search would.
	blockingVector := vectorFunc(func(ctx context.Context, _ []float32, _ int, _ store.Filter) ([]store.Hit, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
	failingEmbedder := embedderFunc(func(context.Context, string) ([]float32, error) { return nil, boom })
	// For "both fail" the keyword side fails only after the vector side
	// has: failing first, it would cancel the query embedding, and a side
	// cancelled by the other's failure is (rightly) not reported.
	vectorFailed := make(chan struct{})
	failingVectorFirst := vectorFunc(func(context.Context, []float32, int, store.Filter) ([]store.Hit, error) {
		close(vectorFailed)
		return nil, store.ErrDimensionMismatch
	})
	failingKeywordSecond := keywordFunc(func(context.Context, string, int, store.Filter) ([]store.Hit, error) {
		<-vectorFailed
		return nil, boom
	})

	tests := []struct {
		name    string
		keyword store.KeywordSearcher
		vector  store.VectorSearcher
		emb     Embedder
		sides   []Side
		causes  []error
	}{
		{name: "keyword fails", keyword: failingKeyword, vector: st, emb: emb, sides: []Side{SideKeyword}, causes: []error{boom}},
		{name: "vector fails", keyword: st, vector: failingVector, emb: emb, sides: []Side{SideVector}, causes: []error{store.ErrDimensionMismatch}},
		{name: "both fail", keyword: failingKeywordSecond, vector: failingVectorFirst, emb: emb, sides: []Side{SideKeyword, SideVector}, causes: []error{boom, store.ErrDimensionMismatch}},
		{name: "keyword fails and cancels a slow vector search", keyword: failingKeyword, vector: blockingVector, emb: emb, sides: []Side{SideKeyword}, causes: []error{boom}},
		{name: "embedding fails", keyword: st, vector: st, emb: failingEmbedder, sides: []Side{SideVector}, causes: []error{boom}},
		{name: "keyword-only failure", keyword: failingKeyword, sides: []Side{SideKeyword}, causes: []error{boom}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := NewHybrid(tt.keyword, tt.vector, tt.emb, Options{})
			require.NoError(t, err)
			res, err := h.Retrieve(context.Background(), Query{Text: "pump pressure"})
			require.Error(t, err)
			require.Nil(t, res)
			for _, cause := range tt.causes {
				require.ErrorIs(t, err, cause)
			}
			require.Equal(t, tt.sides, failedSides(err))
			for _, side := range tt.sides {
				require.Contains(t, err.Error(), "retrieve: "+string(side)+" search: ")
			}
		})
	}
}

// failedSides lists the sides of the SearchErrors in err, in order.
func failedSides(err error) []Side {
	var errs []error
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		errs = joined.Unwrap()
	} else {
		errs = []error{err}
	}
	var sides []Side
	for _, e := range errs {
		var se *SearchError
		if errors.As(e, &se) {
			sides = append(sides, se.Side)
		}
	}
	return sides
}

type embedderFunc func(ctx context.Context, text string) ([]float32, error)

func (f embedderFunc) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	return f(ctx, text)
}

func (f embedderFunc) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v, err := f(ctx, t)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func TestRetrieveCancelledContext(t *testing.T) {
	st, emb := newTestStore(pumpDocs...)
	h, err := NewHybrid(st, st, emb, Options{})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = h.Retrieve(ctx, Query{Text: "pump"})
	require.ErrorIs(t, err, context.Canceled)

	// Cancelled while both searches are running: both stop and the
	// context's error is returned.
	ctx, cancel = context.WithCancel(context.Background())
	started := make(chan struct{}, 2)
	wait := func(ctx context.Context) error {
		started <- struct{}{}
		<-ctx.Done()
		return ctx.Err()
	}
	keyword := keywordFunc(func(ctx context.Context, _ string, _ int, _ store.Filter) ([]store.Hit, error) {
		return nil, wait(ctx)
	})
	vector := vectorFunc(func(ctx context.Context, _ []float32, _ int, _ store.Filter) ([]store.Hit, error) {
		return nil, wait(ctx)
	})
	h, err = NewHybrid(keyword, vector, emb, Options{})
	require.NoError(t, err)
	go func() {
		<-started
		<-started
		cancel()
	}()
	res, err := h.Retrieve(ctx, Query{Text: "pump"})
	require.ErrorIs(t, err, context.Canceled)
	require.Nil(t, res)
}

func TestRetrieveRerankerHook(t *testing.T) {
	st, emb := newTestStore(pumpDocs...)
	ctx := context.Background()
	q := Query{Text: "pump pressure seal", MMRLambda: 1}
	plain, err := NewHybrid(st, st, emb, Options{})
	require.NoError(t, err)
	want, err := plain.Retrieve(ctx, q)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(want.Sources), 3)

	var calls int
	reverse := RerankerFunc(func(_ context.Context, query string, sources []Source) ([]Source, error) {
		calls++
		require.Equal(t, q.Text, query)
		slices.Reverse(sources)
		for i := range sources {
			sources[i].Scores.Rerank = float64(len(sources) - i)
		}
		return sources, nil
	})
	h, err := NewHybrid(st, st, emb, Options{Reranker: reverse})
	require.NoError(t, err)
	got, err := h.Retrieve(ctx, q)
	require.NoError(t, err)
	require.Equal(t, 1, calls)
	wantIDs := ids(want.Sources)
	slices.Reverse(wantIDs)
	require.Equal(t, wantIDs, ids(got.Sources))
	require.Equal(t, float64(len(got.Sources)), got.Sources[0].Scores.Rerank)

	// With a depth, only the head is reranked; the tail keeps fused order.
	h, err = NewHybrid(st, st, emb, Options{Reranker: reverse, RerankDepth: 2})
	require.NoError(t, err)
	got, err = h.Retrieve(ctx, q)
	require.NoError(t, err)
	fused := ids(want.Sources)
	require.Equal(t, append([]string{fused[1], fused[0]}, fused[2:]...), ids(got.Sources))

	// A reranker may drop candidates.
	dropAll := RerankerFunc(func(context.Context, string, []Source) ([]Source, error) { return nil, nil })
	h, err = NewHybrid(st, st, emb, Options{Reranker: dropAll})
	require.NoError(t, err)
	got, err = h.Retrieve(ctx, q)
	require.NoError(t, err)
	require.Empty(t, got.Sources)
}

func TestRetrieveRerankerErrors(t *testing.T) {
	st, emb := newTestStore(pumpDocs...)
	boom := errors.New("model unavailable")
	tests := []struct {
		name string
		r    Reranker
		err  error
	}{
		{"error", RerankerFunc(func(context.Context, string, []Source) ([]Source, error) { return nil, boom }), boom},
		{"foreign source", RerankerFunc(func(_ context.Context, _ string, s []Source) ([]Source, error) {
			return append(s, Source{Chunk: store.Chunk{ID: "invented"}}), nil
		}), ErrInvalidRerank},
		{"repeated source", RerankerFunc(func(_ context.Context, _ string, s []Source) ([]Source, error) {
			return append(s, s[0]), nil
		}), ErrInvalidRerank},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := NewHybrid(st, st, emb, Options{Reranker: tt.r})
			require.NoError(t, err)
			_, err = h.Retrieve(context.Background(), Query{Text: "pump"})
			require.ErrorIs(t, err, tt.err)
			require.Contains(t, err.Error(), "retrieve: ")
		})
	}
}

func TestRetrieveMaxSourcesAndTimings(t *testing.T) {
	var texts []string
	for i := range 40 {
		texts = append(texts, fmt.Sprintf("pump maintenance note %d about valve %d", i, i%7))
	}
	st, emb := newTestStore(texts...)
	h, err := NewHybrid(st, st, emb, Options{})
	require.NoError(t, err)
	for _, tt := range []struct{ max, want int }{{0, DefaultMaxSources}, {3, 3}, {100, 40}} {
		res, err := h.Retrieve(context.Background(), Query{Text: "pump valve maintenance", MaxSources: tt.max})
		require.NoError(t, err)
		require.Len(t, res.Sources, tt.want, "MaxSources %d", tt.max)
		require.Equal(t, 40, res.Candidates)
		tm := res.Timings
		for name, d := range map[string]int64{"embed": int64(tm.Embed), "keyword": int64(tm.Keyword), "vector": int64(tm.Vector), "fuse": int64(tm.Fuse)} {
			require.Positive(t, d, name)
		}
		require.GreaterOrEqual(t, tm.Total, tm.Fuse+tm.Embed)
	}
}

func TestRetrieveMMRDropsNearDuplicates(t *testing.T) {
	texts := []string{
		"Reset the controller by holding the power button for ten seconds.",
		"Reset the controller by holding the power button for ten seconds!",
		"Reset the controller: hold the power button for ten seconds.",
		"After a reset the controller reloads its configuration from flash.",
		"The fan runs at full speed during a controller reset.",
	}
	st, emb := newTestStore(texts...)
	h, err := NewHybrid(st, st, emb, Options{})
	require.NoError(t, err)
	q := Query{Text: "how do I reset the controller with the power button", MaxSources: 3}
	q.MMRLambda = 1
	plain, err := h.Retrieve(context.Background(), q)
	require.NoError(t, err)
	require.Subset(t, []string{"d0", "d1", "d2"}, ids(plain.Sources), "relevance alone takes the duplicates")
	q.MMRLambda = 0.5
	diverse, err := h.Retrieve(context.Background(), q)
	require.NoError(t, err)
	require.Equal(t, plain.Sources[0].Chunk.ID, diverse.Sources[0].Chunk.ID)
	dups := 0
	for _, id := range ids(diverse.Sources) {
		if id == "d0" || id == "d1" || id == "d2" {
			dups++
		}
	}
	require.Equal(t, 1, dups, "MMR keeps one of the near-duplicates: %v", ids(diverse.Sources))
}

func TestRetrieveConcurrent(t *testing.T) {
	var texts []string
	for i := range 60 {
		texts = append(texts, fmt.Sprintf("pump %d seal %d pressure %d gauge", i%5, i%3, i%11))
	}
	st, emb := newTestStore(texts...)
	h, err := NewHybrid(st, st, emb, Options{})
	require.NoError(t, err)
	queries := []string{"pump seal", "pressure gauge", "seal pressure", "gauge 3"}
	want := map[string][]Source{}
	for _, q := range queries {
		res, err := h.Retrieve(context.Background(), Query{Text: q})
		require.NoError(t, err)
		want[q] = res.Sources
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8*len(queries))
	for range 8 {
		for _, q := range queries {
			wg.Go(func() {
				res, err := h.Retrieve(context.Background(), Query{Text: q})
				if err == nil && !slices.EqualFunc(res.Sources, want[q], func(a, b Source) bool {
					return a.Chunk.ID == b.Chunk.ID && a.Relevance == b.Relevance && a.Scores == b.Scores
				}) {
					err = fmt.Errorf("query %q: got %v, want %v", q, ids(res.Sources), ids(want[q]))
				}
				errs <- err
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
}

func TestFusionNames(t *testing.T) {
	for _, c := range []struct {
		name string
		f    Fusion
	}{{"default", FusionDefault}, {"rrf", FusionRRF}, {"weighted", FusionWeighted}} {
		require.Equal(t, c.name, c.f.String())
		got, err := ParseFusion(c.name)
		require.NoError(t, err)
		require.Equal(t, c.f, got)
		b, err := c.f.MarshalText()
		require.NoError(t, err)
		var back Fusion
		require.NoError(t, back.UnmarshalText(b))
		require.Equal(t, c.f, back)
	}
	f, err := ParseFusion("")
	require.NoError(t, err)
	require.Equal(t, FusionDefault, f)
	_, err = ParseFusion("RRF ")
	require.ErrorIs(t, err, ErrInvalidOptions)
	_, err = Fusion(7).MarshalText()
	require.ErrorIs(t, err, ErrInvalidOptions)
	require.Equal(t, "Fusion(7)", Fusion(7).String())
}
