package hybridrag_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/hybridrag/hybridrag/store"
)

// The default retriever derives the cosine range of Relevance from the
// collection for any embedder but the hashing one, unless the calibration
// sets it.
func TestDefaultRetrieverCosineFromCollection(t *testing.T) {
	hash := embed.NewHash(embed.HashOptions{Dim: hybridrag.DefaultEmbedDimension})
	aniso := newAnisotropic(hash, hybridrag.DefaultEmbedDimension, 1)
	words := []string{"pump", "valve", "seal", "filter", "boiler", "fan", "motor", "sensor", "relay", "fuse"}
	var docs []store.Document
	for i := range 40 {
		docs = append(docs, store.Document{ID: fmt.Sprintf("d%d.md", i), Text: fmt.Sprintf(
			"# %s %d\n\nThe %s model %d needs service after %d hours; check the %s wiring.\n",
			words[i%10], i, words[i%10], i, 100*(i+1), words[(i*7+3)%10])})
	}
	for _, tc := range []struct {
		name    string
		emb     retrieve.Embedder
		cal     retrieve.Calibration
		docs    []store.Document
		derived *bool // nil: no derivation
	}{
		{"default hash", nil, retrieve.Calibration{}, docs, nil},
		{"explicit hash", hash, retrieve.Calibration{}, docs, nil},
		{"semantic", aniso, retrieve.Calibration{}, docs, ptr(true)},
		{"semantic, explicit floor", aniso, retrieve.Calibration{CosineFloor: 0.4, CosineCeiling: 0.8}, docs, nil},
		{"semantic, small collection", aniso, retrieve.Calibration{}, manual, ptr(false)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := hybridrag.Config{Embedder: tc.emb}
			cfg.Retrieval.Calibration = tc.cal
			p := newPipeline(t, cfg)
			_, err := p.Index(context.Background(), tc.docs...)
			require.NoError(t, err)
			res, err := p.Retrieve(context.Background(), hybridrag.Request{Question: "How often does the pump need service?"})
			require.NoError(t, err)
			if tc.derived == nil {
				require.Nil(t, res.Analysis.Cosine)
				return
			}
			require.NotNil(t, res.Analysis.Cosine)
			require.Equal(t, *tc.derived, res.Analysis.Cosine.Derived)
			if *tc.derived {
				require.Greater(t, res.Analysis.Cosine.Floor, 0.3, "unrelated chunks of this embedder score about 0.5")
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }
