package hybridrag_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/validate"
)

func TestComponents(t *testing.T) {
	builder, err := generate.NewContextBuilder(generate.ContextOptions{})
	require.NoError(t, err)
	var (
		ex     = cite.New(cite.Options{})
		val    = validate.New(validate.Options{Extractor: ex})
		g      = gate.New(gate.Thresholds{Probe: 0.4})
		gen    = extractive.New(extractive.Options{})
		called bool
		ret    = retrieve.RetrieverFunc(func(context.Context, retrieve.Query) (*retrieve.Result, error) {
			called = true
			return &retrieve.Result{}, nil
		})
	)
	p := newPipeline(t, hybridrag.Config{
		Retriever: ret, Gate: g, ContextBuilder: builder, Generator: gen, Extractor: ex, Validator: val,
	})
	c := p.Components()
	require.Same(t, ex, c.Extractor)
	require.Same(t, val, c.Validator)
	require.Same(t, g, c.Gate)
	require.Same(t, builder, c.ContextBuilder)
	require.Same(t, gen, c.Generator)
	_, err = c.Retriever.Retrieve(context.Background(), retrieve.Query{Text: "abc"})
	require.NoError(t, err)
	require.True(t, called, "the configured retriever")
	require.Equal(t, extractive.Name, c.GeneratorName)

	// Unset components are the defaults New built, never nil.
	d := newPipeline(t, hybridrag.Config{}).Components()
	require.NotNil(t, d.Retriever)
	require.NotNil(t, d.Embedder)
	require.NotNil(t, d.Gate)
	require.NotNil(t, d.ContextBuilder)
	require.NotNil(t, d.Extractor)
	require.NotNil(t, d.Validator)
	require.Equal(t, extractive.Name, d.GeneratorName)
	require.Equal(t, fmt.Sprintf("hash (offline, %d dimensions)", hybridrag.DefaultEmbedDimension), d.EmbedderName)
}

func TestThresholds(t *testing.T) {
	tests := []struct {
		name string
		cfg  hybridrag.Config
		req  hybridrag.Request
		want func(gate.Thresholds) gate.Thresholds // applied to the defaults
	}{
		{"defaults", hybridrag.Config{}, hybridrag.Request{}, func(th gate.Thresholds) gate.Thresholds { return th }},
		{"configured", hybridrag.Config{Retrieval: hybridrag.RetrievalConfig{MinScore: 0.35, MinChunks: 3}}, hybridrag.Request{},
			func(th gate.Thresholds) gate.Thresholds { th.MinScore, th.MinChunks = 0.35, 3; return th }},
		{"request overrides", hybridrag.Config{Retrieval: hybridrag.RetrievalConfig{MinScore: 0.35}}, hybridrag.Request{MinScore: 0.5, MinSources: 4},
			func(th gate.Thresholds) gate.Thresholds {
				th.MinScore, th.MinChunks, th.SingleSource = 0.5, 4, 0 // a demanded minimum: no single-source pass
				return th
			}},
		{"default gate's own", hybridrag.Config{Gate: gate.New(gate.Thresholds{Probe: 0.45, MinScore: 0.1})}, hybridrag.Request{MinScore: 0.3},
			func(th gate.Thresholds) gate.Thresholds { th.Probe, th.MinScore = 0.45, 0.3; return th }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPipeline(t, tt.cfg)
			require.Equal(t, tt.want(gate.Thresholds{}.Resolve()), p.Thresholds(tt.req))
		})
	}
}

// TestAskWithRetrieval checks that the returned result is the one the
// answer was built from, that it costs one retrieval and one log record,
// and that it is nil when nothing was retrieved.
func TestAskWithRetrieval(t *testing.T) {
	ctx := context.Background()
	rec := &qlRecorder{}
	calls := 0
	var inner retrieve.Retriever
	counting := retrieve.RetrieverFunc(func(ctx context.Context, q retrieve.Query) (*retrieve.Result, error) {
		calls++
		return inner.Retrieve(ctx, q)
	})
	base := qlPipeline(t, hybridrag.Config{})
	inner = base.Components().Retriever
	p, err := hybridrag.New(hybridrag.Config{Store: base.Store(), Retriever: counting, QueryLog: rec})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })

	ans, res, err := p.AskWithRetrieval(ctx, qlRequest(qlAnswerable))
	require.NoError(t, err)
	require.False(t, ans.Refused())
	require.NotNil(t, res)
	require.Equal(t, 1, calls)
	require.Len(t, rec.records, 1)
	require.Equal(t, hybridrag.KindAsk, rec.records[0].Kind)
	require.Len(t, rec.records[0].Retrieved, len(res.Sources))
	ids := map[string]bool{}
	for _, s := range res.Sources {
		ids[s.Chunk.ID] = true
	}
	for _, s := range ans.Sources {
		require.True(t, ids[s.ChunkID], "answer source %s comes from the returned result", s.ChunkID)
	}

	// An empty collection is refused before retrieval: no result.
	req := qlRequest(qlAnswerable)
	req.Filter.TenantID = "nobody"
	ans, res, err = p.AskWithRetrieval(ctx, req)
	require.NoError(t, err)
	require.Equal(t, gate.CollectionNotFound, *ans.RefusalReason)
	require.Nil(t, res)
	require.Equal(t, 1, calls)

	// A rejected question is an error, with neither answer nor result.
	ans, res, err = p.AskWithRetrieval(ctx, qlRequest("ab"))
	require.Error(t, err)
	require.Nil(t, ans)
	require.Nil(t, res)
	require.Len(t, rec.records, 3)
}
