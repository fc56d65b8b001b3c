package retrieve_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/stretchr/testify/require"
)

// TestSciFactCollectionCosine logs the cosine range CollectionCosine
// derives for SciFact with the hashing embedder, whose fitted defaults
// (DefaultCosineFloor, DefaultCosineCeiling) the rule should come close to.
func TestSciFactCollectionCosine(t *testing.T) {
	sf := openSciFact(t, "test")
	r, err := retrieve.CollectionCosine(context.Background(), sf.st, store.Filter{})
	require.NoError(t, err)
	t.Logf("SciFact hash: floor %.3f ceiling %.3f derived %v (q05 %.3f q25 %.3f median %.3f q75 %.3f q95 %.3f; %d pairs of %d chunks)",
		r.Floor, r.Ceiling, r.Derived, r.Q05, r.Q25, r.Median, r.Q75, r.Q95, r.Pairs, r.Chunks)
	require.True(t, r.Derived)
	require.InDelta(t, retrieve.DefaultCosineFloor, r.Floor, 0.05)
	require.InDelta(t, retrieve.DefaultCosineCeiling, r.Ceiling, 0.05)
}

// shifted adds a common direction to every vector of an embedder (v/|v| +
// u, renormalised), as real embedding models' anisotropy does: unrelated
// texts then score about 0.5 instead of 0. Safe for concurrent use.
type shifted struct {
	inner retrieve.Embedder
	u     []float32
}

func newShifted(inner retrieve.Embedder, dim int) *shifted {
	rng := rand.New(rand.NewPCG(7, 11))
	u := make([]float64, dim)
	for i := range u {
		u[i] = rng.NormFloat64()
	}
	return &shifted{inner: inner, u: unit64(u)}
}

func unit64(v []float64) []float32 {
	var sq float64
	for _, x := range v {
		sq += x * x
	}
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(x / math.Sqrt(sq))
	}
	return out
}

func (s *shifted) shift(v []float32) []float32 {
	w := make([]float64, len(v))
	var sq float64
	for _, x := range v {
		sq += float64(x) * float64(x)
	}
	for i, x := range v {
		if sq > 0 {
			w[i] = float64(x) / math.Sqrt(sq)
		}
		w[i] += float64(s.u[i])
	}
	return unit64(w)
}

func (s *shifted) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	vs, err := s.inner.EmbedDocuments(ctx, texts)
	for i := range vs {
		vs[i] = s.shift(vs[i])
	}
	return vs, err
}

func (s *shifted) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	v, err := s.inner.EmbedQuery(ctx, text)
	if err != nil {
		return nil, err
	}
	return s.shift(v), nil
}

// BenchmarkSciFactGateAnisotropic reports the gate's probe rates (see
// BenchmarkSciFactGate) for the hashing embedder and for the same vectors
// with a common direction added, with the hashing defaults and with the
// cosine range derived from the collection:
//
//	go test ./retrieve -run '^$' -bench SciFactGateAnisotropic -benchtime 1x
func BenchmarkSciFactGateAnisotropic(b *testing.B) {
	hash := newSciFactEmbedder()
	for _, e := range []struct {
		name string
		emb  retrieve.Embedder
	}{{"hash", hash}, {"anisotropic", newShifted(hash, hash.Dimension())}} {
		sf := openSciFactWith(b, "test", e.emb)
		r, err := retrieve.CollectionCosine(context.Background(), sf.st, store.Filter{})
		require.NoError(b, err)
		b.Logf("%s: derived floor %.3f ceiling %.3f (median %.3f, q95 %.3f)", e.name, r.Floor, r.Ceiling, r.Median, r.Q95)
		for _, c := range []struct {
			name string
			cal  retrieve.Calibration
		}{
			{"defaults", retrieve.Calibration{}},
			// The partial stores of the probe cannot scan, so the range
			// derived from the whole collection is passed explicitly.
			{"derived", retrieve.Calibration{CosineFloor: r.Floor, CosineCeiling: r.Ceiling}},
		} {
			b.Run(e.name+"/"+c.name, func(b *testing.B) {
				var g gateRates
				for b.Loop() {
					g = sf.probe(b, retrieve.Options{Calibration: c.cal})
				}
				b.ReportMetric(g.AnswerablePass, "answerable-pass")
				b.ReportMetric(g.UnanswerableRefused, "unanswerable-refused")
				b.ReportMetric(g.AnswerablePassGate, "answerable-pass-default-gate")
				b.ReportMetric(g.UnanswerableRefusedGate, "unanswerable-refused-default-gate")
			})
		}
	}
}

// BenchmarkCollectionCosine measures one derivation over the SciFact
// corpus (5,183 chunks in an embedded store): the one-off cost a scope's
// first query pays with Options.CosineFromCollection.
func BenchmarkCollectionCosine(b *testing.B) {
	sf := openSciFact(b, "test")
	for b.Loop() {
		_, err := retrieve.CollectionCosine(context.Background(), sf.st, store.Filter{})
		require.NoError(b, err)
	}
}
