package eval

import (
	"context"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/validate"
)

// CitationMetricsForTest exposes citationMetrics with the default judge
// and the pipeline's Extractor.
func CitationMetricsForTest(p *hybridrag.Pipeline, ctx context.Context, ans *hybridrag.Answer, retrieved map[string]bool) (*CitationMetrics, error) {
	ex := p.Components().Extractor
	e := &evaluator{p: p, extractor: ex, judge: validate.New(validate.Options{Extractor: ex}), k: DefaultK}
	return e.citationMetrics(ctx, ans, retrieved)
}
