package hybridrag_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/hybridrag/hybridrag/store/loader"
)

// anisotropic wraps an embedder the way real embedding models behave:
// every vector shares one common direction u, v' = v/|v| + c·u
// renormalised, so unrelated texts (v ⟂ w) score c²/(1+c²) instead of 0.
// Safe for concurrent use.
type anisotropic struct {
	inner retrieve.Embedder
	u     []float32
	c     float32
}

func newAnisotropic(inner retrieve.Embedder, dim int, c float32) *anisotropic {
	rng := rand.New(rand.NewPCG(7, 11))
	u := make([]float32, dim)
	var n float64
	for i := range u {
		u[i] = float32(rng.NormFloat64())
		n += float64(u[i]) * float64(u[i])
	}
	for i := range u {
		u[i] /= float32(math.Sqrt(n))
	}
	return &anisotropic{inner: inner, u: u, c: c}
}

func (a *anisotropic) shift(v []float32) []float32 {
	var n float64
	for _, x := range v {
		n += float64(x) * float64(x)
	}
	out := make([]float32, len(v))
	if n == 0 {
		copy(out, a.u)
		return out
	}
	var m float64
	for i, x := range v {
		out[i] = x/float32(math.Sqrt(n)) + a.c*a.u[i]
		m += float64(out[i]) * float64(out[i])
	}
	for i := range out {
		out[i] /= float32(math.Sqrt(m))
	}
	return out
}

func (a *anisotropic) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	vs, err := a.inner.EmbedDocuments(ctx, texts)
	if err != nil {
		return nil, err
	}
	for i := range vs {
		vs[i] = a.shift(vs[i])
	}
	return vs, nil
}

func (a *anisotropic) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	v, err := a.inner.EmbedQuery(ctx, text)
	if err != nil {
		return nil, err
	}
	return a.shift(v), nil
}

// TestSemanticCalibrationMeasure measures, on the PostgreSQL 15 manual
// (HYBRIDRAG_PG15_HTML) and the quickstart manual, false refusals and
// refusal recall for the hashing embedder, an anisotropic one with the
// hashing defaults, and the anisotropic one with the cosine range derived
// from the collection (BENCHMARKS.md, "Relevance with semantic embedders:
// calibration from the collection"). HYBRIDRAG_SEMCAL_DIR keeps the
// indexes between runs.
func TestSemanticCalibrationMeasure(t *testing.T) {
	pg := os.Getenv("HYBRIDRAG_PG15_HTML")
	if pg == "" {
		t.Skip("HYBRIDRAG_PG15_HTML not set")
	}
	work := os.Getenv("HYBRIDRAG_SEMCAL_DIR")
	if work == "" {
		work = t.TempDir()
	}
	ctx := context.Background()
	hash := embed.NewHash(embed.HashOptions{Dim: hybridrag.DefaultEmbedDimension})
	aniso := newAnisotropic(hash, hybridrag.DefaultEmbedDimension, 1)

	corpora := []struct {
		name, root, prefix string
		sets               []string
	}{
		{"pg15", pg, "", []string{"testdata/eval/pg15-tune.jsonl", "testdata/eval/pg15-refusal-own.jsonl"}},
		{"quickstart", "examples/quickstart/docs", "docs", []string{"examples/quickstart/eval.jsonl"}},
	}
	for _, c := range corpora {
		for _, e := range []struct {
			name string
			emb  retrieve.Embedder
		}{{"hash", nil}, {"aniso", aniso}} {
			dir := filepath.Join(work, c.name+"-"+e.name)
			st := openIndexed(t, ctx, dir, c.root, c.prefix, e.emb)
			r, err := retrieve.CollectionCosine(ctx, st, store.Filter{})
			require.NoError(t, err)
			t.Logf("%s %s: floor %.3f ceiling %.3f derived %v (median %.3f q95 %.3f, %d pairs of %d chunks)",
				c.name, e.name, r.Floor, r.Ceiling, r.Derived, r.Median, r.Q95, r.Pairs, r.Chunks)
			runs := []struct {
				name string
				cal  retrieve.Calibration
			}{{"derived", retrieve.Calibration{}}}
			if e.emb == nil {
				runs[0].name = "default" // the hashing embedder derives nothing
			}
			if e.emb != nil {
				// Today's behaviour: the hashing defaults, set explicitly.
				runs = append(runs, struct {
					name string
					cal  retrieve.Calibration
				}{"today", retrieve.Calibration{CosineCeiling: retrieve.DefaultCosineCeiling}})
				runs = append(runs, struct {
					name string
					cal  retrieve.Calibration
				}{"lexical", retrieve.Calibration{CoverageWeight: 1}})
			}
			for _, run := range runs {
				cfg := hybridrag.Config{Store: st, Embedder: e.emb}
				cfg.Retrieval.Calibration = run.cal
				// Weighted fusion as with hash, so only the calibration differs.
				cfg.Retrieval.Fusion = retrieve.FusionWeighted
				p, err := hybridrag.New(cfg)
				require.NoError(t, err)
				for _, set := range c.sets {
					qs := readSet(t, set)
					res, err := eval.Evaluate(ctx, p, qs, eval.Options{})
					require.NoError(t, err)
					a := res.Aggregate
					// Best Relevance by kind, and how many questions the
					// Relevance threshold alone (best < the default probe)
					// would refuse, whatever the name rules do.
					var sum [2]float64
					var n, low [2]int
					for _, r := range res.Questions {
						k := 0
						if r.Unanswerable {
							k = 1
						}
						sum[k] += r.BestRelevance
						n[k]++
						if r.BestRelevance < gate.DefaultProbeThreshold {
							low[k]++
						}
					}
					t.Logf("%-10s %-5s %-7s %-28s FR %2d/%-2d RR %2d/%-2d ev@5 %.3f kf %.3f | best Relevance answerable %.3f unanswerable %.3f | below probe: answerable %d unanswerable %d | reasons %v",
						c.name, e.name, run.name, filepath.Base(set), a.RefusedAnswerable, a.Answerable, a.RefusedUnanswerable, a.Unanswerable,
						a.EvidenceHitAt5, a.KeyFactRecall, sum[0]/float64(max(n[0], 1)), sum[1]/float64(max(n[1], 1)), low[0], low[1], a.RefusalReasons)
				}
				require.NoError(t, p.Close())
			}
			require.NoError(t, st.Close())
		}
	}
}

// openIndexed opens the embedded store in dir, indexing root into it with
// emb first when dir holds none.
func openIndexed(t *testing.T, ctx context.Context, dir, root, prefix string, emb retrieve.Embedder) *embedded.Store {
	t.Helper()
	if st, err := embedded.Open(dir, embedded.Options{}); err == nil {
		return st
	}
	st, err := embedded.Open(dir, embedded.Options{Create: true})
	require.NoError(t, err)
	p, err := hybridrag.New(hybridrag.Config{Store: st, Embedder: emb})
	require.NoError(t, err)
	var docs []store.Document
	require.NoError(t, loader.LoadDirWith(root, loader.DirOptions{IDPrefix: prefix}, func(d store.Document) error {
		docs = append(docs, d)
		return nil
	}))
	for i := 0; i < len(docs); i += 64 {
		_, err := p.Index(ctx, docs[i:min(i+64, len(docs))]...)
		require.NoError(t, err, fmt.Sprint("batch ", i))
	}
	require.NoError(t, p.Close())
	return st
}

func readSet(t *testing.T, path string) []eval.Question {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	qs, err := eval.ReadQuestions(f)
	require.NoError(t, err)
	return qs
}
