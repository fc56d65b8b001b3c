package hybridrag

import (
	"context"

	"github.com/hybridrag/hybridrag/validate"
)

// CitationMetricsForTest exposes citationMetrics with the default judge.
func CitationMetricsForTest(p *Pipeline, ctx context.Context, ans *Answer, retrieved map[string]bool) (*CitationMetrics, error) {
	return p.citationMetrics(ctx, ans, retrieved, validate.New(validate.Options{}))
}
