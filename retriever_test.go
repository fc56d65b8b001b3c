package hybridrag_test

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/retrieve/embed"
)

// DefaultRetriever is the retriever New builds, fusion choice included:
// weighted with the offline hashing embedder left as default, RRF with an
// embedder the host passes, whatever was asked for explicitly otherwise.
func TestDefaultRetrieverFusion(t *testing.T) {
	ctx := context.Background()
	const q = "At what pressure does the relief valve open?"
	hash := embed.NewHash(embed.HashOptions{Dim: hybridrag.DefaultEmbedDimension})
	rrfMax := 2.0 / (retrieve.DefaultRRFK + 1)
	cases := []struct {
		name     string
		embedder retrieve.Embedder
		fusion   retrieve.Fusion
		rrf      bool
	}{
		{"default embedder", nil, retrieve.FusionDefault, false},
		{"host embedder", hash, retrieve.FusionDefault, true},
		{"default embedder, RRF asked", nil, retrieve.FusionRRF, true},
		{"host embedder, weighted asked", hash, retrieve.FusionWeighted, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := hybridrag.Config{Store: openStore(t, t.TempDir()), Embedder: c.embedder}
			cfg.Retrieval.Fusion = c.fusion
			p := newPipeline(t, cfg)
			_, err := p.Index(ctx, manual...)
			require.NoError(t, err)
			r, err := hybridrag.DefaultRetriever(cfg)
			require.NoError(t, err)
			got, err := r.Retrieve(ctx, retrieve.Query{Text: q})
			require.NoError(t, err)
			want, err := p.Retrieve(ctx, hybridrag.Request{Question: q})
			require.NoError(t, err)
			require.Equal(t, len(want.Sources), len(got.Sources))
			for i := range want.Sources {
				require.Equal(t, want.Sources[i].Chunk.ID, got.Sources[i].Chunk.ID)
				require.InDelta(t, want.Sources[i].Scores.Fused, got.Sources[i].Scores.Fused, 1e-12)
			}
			top := got.Sources[0].Scores.Fused
			if c.rrf {
				require.LessOrEqual(t, top, rrfMax+1e-12, "RRF scores are at most 2/(k+1)")
			} else {
				require.Greater(t, top, rrfMax, "weighted fusion of min-max scores reaches past RRF's range")
			}
		})
	}
	cfg := hybridrag.Config{Store: openStore(t, t.TempDir())}
	cfg.Retrieval.Fusion = 9
	_, err := hybridrag.New(cfg)
	require.ErrorIs(t, err, retrieve.ErrInvalidOptions)
	cfg.Retrieval.Fusion = retrieve.FusionDefault
	cfg.Retrieval.ProximityWeight = math.NaN()
	_, err = hybridrag.New(cfg)
	require.ErrorIs(t, err, retrieve.ErrInvalidOptions, "RetrievalConfig.ProximityWeight reaches the retriever")
}
