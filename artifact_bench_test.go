package hybridrag_test

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/loader"
)

// BenchmarkArtifactBlueprint times a Blueprint (six sections) with the
// offline defaults against one Ask of its topic on the same pipeline, the
// baseline: on the quickstart manual, and on the folder named by
// HYBRIDRAG_BENCH_DOCS (scripts/gen-bench-docs.py writes 1,000 documents;
// skipped without it):
//
//	go test -run '^$' -bench ArtifactBlueprint -benchtime 50x -count 3 .
func BenchmarkArtifactBlueprint(b *testing.B) {
	corpora := []struct{ name, dir, topic string }{
		{"quickstart", "examples/quickstart/docs", "Vireo HX-200 heat recovery ventilator"},
	}
	if dir := os.Getenv("HYBRIDRAG_BENCH_DOCS"); dir != "" {
		corpora = append(corpora, struct{ name, dir, topic string }{"bench-docs", dir, "pump seal maintenance"})
	}
	for _, c := range corpora {
		p, err := hybridrag.New(hybridrag.Config{Store: openStore(b, b.TempDir())})
		require.NoError(b, err)
		var docs []store.Document
		require.NoError(b, loader.LoadDir(c.dir, func(d store.Document) error {
			docs = append(docs, d)
			return nil
		}))
		_, err = p.Index(context.Background(), docs...)
		require.NoError(b, err)
		ctx := context.Background()
		b.Run(c.name+"/ask", func(b *testing.B) {
			for b.Loop() {
				_, err := p.Ask(ctx, hybridrag.Request{Question: c.topic})
				require.NoError(b, err)
			}
		})
		b.Run(c.name+"/blueprint", func(b *testing.B) {
			supported := 0
			for b.Loop() {
				art, err := p.Artifact(ctx, hybridrag.ArtifactRequest{Topic: c.topic, Type: hybridrag.ArtifactBlueprint})
				require.NoError(b, err)
				supported = 0
				for _, s := range art.Sections {
					if s.Supported {
						supported++
					}
				}
			}
			b.ReportMetric(float64(supported), "supported-sections")
		})
		require.NoError(b, p.Close())
	}
}
