package beirrun

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/beir"
	"github.com/hybridrag/hybridrag/retrieve"
)

// BenchmarkSciFact reports each mode's metrics on the SciFact test split,
// hybrid with the weighted fusion the pipeline uses for the offline
// embedder (under a minute; skipped when the dataset is absent):
//
//	go test ./internal/beirrun -run '^$' -bench SciFact -benchtime 1x
func BenchmarkSciFact(b *testing.B) {
	dir, err := beir.SciFactDir()
	if errors.Is(err, beir.ErrNoDataset) {
		b.Skip("SciFact not found: set HYBRIDRAG_SCIFACT or provide shared/data/beir/scifact")
	}
	require.NoError(b, err)
	var rep *Report
	for b.Loop() {
		rep, err = Run(context.Background(), dir, Options{Retrieval: retrieve.Options{Fusion: retrieve.FusionWeighted}})
		require.NoError(b, err)
	}
	for _, m := range rep.Modes {
		b.ReportMetric(m.NDCG10, string(m.Mode)+"-nDCG@10")
		b.ReportMetric(m.Recall100, string(m.Mode)+"-recall@100")
		b.ReportMetric(m.MRR10, string(m.Mode)+"-MRR@10")
	}
}
