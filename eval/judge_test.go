package eval_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/validate"
)

// TestDefaultJudgeUsesConfiguredExtractor configures an Extractor that
// reads bare "[1]" markers, which the default parser ignores: the default
// citation judge must read them too, or every cited sentence would count
// as uncited.
func TestDefaultJudgeUsesConfiguredExtractor(t *testing.T) {
	const answer = "Prime the pump with 2 litres of water before the first start [1]."
	ex := cite.New(cite.Options{BareNumbers: true})
	ret := retrieve.RetrieverFunc(func(_ context.Context, q retrieve.Query) (*retrieve.Result, error) {
		return &retrieve.Result{Query: q.Text, Candidates: 1, Sources: []retrieve.Source{{Chunk: evalChunks["prime"], Relevance: 0.8}}}, nil
	})
	gen := generate.GeneratorFunc(func(context.Context, generate.Request) (*generate.Generation, error) {
		return &generate.Generation{Text: answer}, nil
	})
	p := newPipeline(t, hybridrag.Config{
		Retriever: ret, Generator: gen, Extractor: ex,
		Validator: validate.New(validate.Options{Extractor: ex}),
	})
	_, err := p.Index(context.Background(), store.Document{ID: "docs/pump.md", Text: "Prime the pump with 2 litres of water."})
	require.NoError(t, err)

	qs := []eval.Question{{ID: "water", Query: "How much water primes the pump?", RelevantDocuments: []string{"pump.md"}}}
	run, err := eval.Evaluate(context.Background(), p, qs, eval.Options{})
	require.NoError(t, err)
	r := run.Questions[0]
	require.Empty(t, r.Error)
	require.False(t, r.Refused(), r.Answer)
	require.Equal(t, &eval.CitationMetrics{
		Citations: 1, ValidIDs: true, Sentences: 1, Supported: 1, Recall: 1,
		Judged: 1, Precise: 1, Precision: 1, Individual: 1, AttributionCoverage: 1,
	}, r.Metrics.Citations)
}
