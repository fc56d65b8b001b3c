package retrieve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hybridrag/hybridrag/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scanStore is a memStore that can be scanned, counting its scans, with
// an index version for the cache.
type scanStore struct {
	*memStore
	scans   atomic.Int32
	version atomic.Int64
	err     error
}

func (s *scanStore) Scan(ctx context.Context, f store.Filter, fn func(store.Chunk, []float32) error) error {
	s.scans.Add(1)
	if s.err != nil {
		return s.err
	}
	for i := range s.chunks {
		if !s.inScope(i, f) {
			continue
		}
		if err := fn(s.chunks[i], s.vectors[i]); err != nil {
			return err
		}
	}
	return nil
}

func (s *scanStore) Stats(ctx context.Context, f store.Filter) (store.Stats, error) {
	return store.Stats{IndexVersion: s.version.Load()}, nil
}

// randomVectors returns n random directions of dim dimensions, each with
// a common direction of weight c added (c = 0: isotropic, like the hashing
// embedder's unrelated texts; c = 1: unrelated cosines near 0.5, like real
// embedding models).
func randomVectors(rng *rand.Rand, n, dim int, c float64) [][]float32 {
	common := make([]float64, dim)
	for i := range common {
		common[i] = rng.NormFloat64()
	}
	out := make([][]float32, n)
	for k := range out {
		v := make([]float64, dim)
		var sq float64
		for i := range v {
			v[i] = rng.NormFloat64()
			sq += v[i] * v[i]
		}
		var cn float64
		for _, x := range common {
			cn += x * x
		}
		out[k] = make([]float32, dim)
		for i := range v {
			out[k][i] = float32(v[i]/math.Sqrt(sq) + c*common[i]/math.Sqrt(cn))
		}
	}
	return out
}

// chunksOf returns n one-chunk documents of distinct words.
func chunksOf(n int, tenant string) []store.Chunk {
	out := make([]store.Chunk, n)
	for i := range out {
		id := fmt.Sprintf("%sd%d", tenant, i)
		out[i] = store.Chunk{ID: id, DocumentID: id, TenantID: tenant, Text: fmt.Sprintf("topic%c%c words about item%d", 'a'+i%26, 'a'+i/26%26, i)}
	}
	return out
}

func TestCollectionCosine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	iso := randomVectors(rng, 120, 64, 0)
	aniso := randomVectors(rng, 120, 64, 1)
	sameDoc := chunksOf(120, "")
	for i := range sameDoc {
		sameDoc[i].DocumentID = "one"
	}
	bad := randomVectors(rng, 120, 64, 1)
	bad[0], bad[1], bad[2], bad[3] = nil, make([]float32, 64), []float32{1, 2, 3}, append(make([]float32, 63), float32(math.NaN()))
	bad[4] = append(make([]float32, 63), float32(math.Inf(1)))
	for _, tc := range []struct {
		name           string
		chunks         []store.Chunk
		vecs           [][]float32
		derived        bool
		floor, ceiling [2]float64 // ranges when derived
		chunksUsed     int
	}{
		{"isotropic", chunksOf(120, ""), iso, true, [2]float64{-0.35, -0.1}, [2]float64{0.4, 0.6}, 120},
		{"anisotropic", chunksOf(120, ""), aniso, true, [2]float64{0.35, 0.6}, [2]float64{0.74, 0.84}, 120},
		{"empty", nil, nil, false, [2]float64{}, [2]float64{}, 0},
		{"small", chunksOf(5, ""), aniso[:5], false, [2]float64{}, [2]float64{}, 5},
		{"one document", sameDoc, aniso, false, [2]float64{}, [2]float64{}, 120},
		{"bad vectors skipped", chunksOf(120, ""), bad, true, [2]float64{0.35, 0.6}, [2]float64{0.74, 0.84}, 115},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &scanStore{memStore: newMemStore(tc.chunks, tc.vecs)}
			r, err := CollectionCosine(context.Background(), st, store.Filter{})
			require.NoError(t, err)
			require.Equal(t, tc.derived, r.Derived, "%+v", r)
			require.Equal(t, tc.chunksUsed, r.Chunks)
			if !tc.derived {
				require.Equal(t, DefaultCosineFloor, r.Floor)
				require.Equal(t, DefaultCosineCeiling, r.Ceiling)
				return
			}
			require.GreaterOrEqual(t, r.Pairs, minCosinePairs)
			require.True(t, r.Floor >= tc.floor[0] && r.Floor <= tc.floor[1], "floor %v", r.Floor)
			require.True(t, r.Ceiling >= tc.ceiling[0] && r.Ceiling <= tc.ceiling[1], "ceiling %v", r.Ceiling)
			require.InDelta(t, r.Floor+CosineRangeShare*(1-r.Floor), r.Ceiling, 1e-12)
		})
	}
}

func TestCollectionCosineScanError(t *testing.T) {
	boom := errors.New("boom")
	st := &scanStore{memStore: newMemStore(nil, nil), err: boom}
	_, err := CollectionCosine(context.Background(), st, store.Filter{})
	require.ErrorIs(t, err, boom)
}

// fixedEmbedder embeds every query as one vector.
type fixedEmbedder struct{ v []float32 }

func (e fixedEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = e.v
	}
	return out, nil
}

func (e fixedEmbedder) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	return e.v, nil
}

// With an anisotropic embedder, a question no chunk speaks about has
// cosines near 0.5 to every chunk: the hashing defaults read that as
// evidence, the derived range reads it as the isotropic embedder's
// unrelated cosines would read.
func TestHybridCosineFromCollection(t *testing.T) {
	chunks := chunksOf(120, "")
	query := "unrelated zebra question"
	// The same random directions, without and with a common direction.
	iso := randomVectors(rand.New(rand.NewPCG(3, 4)), 121, 64, 0)
	aniso := randomVectors(rand.New(rand.NewPCG(3, 4)), 121, 64, 1)
	best := func(t *testing.T, opts Options, vecs [][]float32, n int) (float64, *CosineRange, *scanStore) {
		st := &scanStore{memStore: newMemStore(chunks[:n], vecs[:n])}
		h, err := NewHybrid(st, st, fixedEmbedder{vecs[120]}, opts)
		require.NoError(t, err)
		res, err := h.Retrieve(context.Background(), Query{Text: query})
		require.NoError(t, err)
		require.NotEmpty(t, res.Sources)
		top := 0.0
		for _, s := range res.Sources {
			top = max(top, s.Relevance)
		}
		return top, res.Analysis.Cosine, st
	}
	derive := Options{CosineFromCollection: true}
	isoToday, cr, st := best(t, Options{}, iso, 120)
	require.Nil(t, cr, "no derivation unless asked (the hashing embedder's path)")
	require.Zero(t, st.scans.Load())
	anisoToday, _, _ := best(t, Options{}, aniso, 120)
	require.Greater(t, anisoToday, isoToday+0.1, "the hashing defaults inflate an anisotropic model's Relevance")

	isoDerived, _, _ := best(t, derive, iso, 120)
	anisoDerived, cr, _ := best(t, derive, aniso, 120)
	require.NotNil(t, cr)
	require.True(t, cr.Derived)
	require.InDelta(t, isoDerived, anisoDerived, 0.03, "the derived range undoes the common direction")
	require.Less(t, anisoDerived, anisoToday-0.03)

	explicit, cr, _ := best(t, Options{CosineFromCollection: true, Calibration: Calibration{CosineCeiling: DefaultCosineCeiling}}, aniso, 120)
	require.Nil(t, cr, "explicit values win")
	require.Equal(t, anisoToday, explicit)

	// A collection too small to measure: Relevance is lexical coverage
	// alone, as it would be with the cosine weighted zero, so the common
	// direction inflates nothing; an explicit CoverageWeight wins.
	fallback, cr, _ := best(t, derive, aniso, 3)
	require.NotNil(t, cr)
	require.False(t, cr.Derived)
	require.True(t, cr.LexicalOnly)
	lexical, _, _ := best(t, Options{Calibration: Calibration{CoverageWeight: 1}}, aniso, 3)
	require.Equal(t, lexical, fallback)
	small, _, _ := best(t, Options{}, aniso, 3)
	require.Less(t, fallback, small, "the hashing defaults read the common direction as evidence")
	weighted, cr, _ := best(t, Options{CosineFromCollection: true, Calibration: Calibration{CoverageWeight: 0.7}}, aniso, 3)
	require.False(t, cr.LexicalOnly)
	require.Equal(t, small, weighted)
}

// anisotropicHybrid returns a retriever deriving its cosine range over 40
// one-chunk documents of anisotropic random vectors (seeded), and its
// store, which counts scans.
func anisotropicHybrid(t *testing.T, seed uint64) (*Hybrid, *scanStore) {
	t.Helper()
	vecs := randomVectors(rand.New(rand.NewPCG(seed, seed+1)), 41, 16, 1)
	st := &scanStore{memStore: newMemStore(chunksOf(40, ""), vecs[:40])}
	h, err := NewHybrid(st, st, fixedEmbedder{vecs[40]}, Options{CosineFromCollection: true})
	require.NoError(t, err)
	return h, st
}

func TestHybridCosineCache(t *testing.T) {
	h, st := anisotropicHybrid(t, 5)
	ctx := context.Background()
	for range 3 {
		_, err := h.Retrieve(ctx, Query{Text: "words"})
		require.NoError(t, err)
	}
	require.EqualValues(t, 1, st.scans.Load(), "derived once per scope")
	r, err := h.CosineCalibration(ctx, store.Filter{})
	require.NoError(t, err)
	require.True(t, r.Derived)
	_, err = h.CosineCalibration(ctx, store.Filter{TenantID: "other"})
	require.NoError(t, err)
	require.EqualValues(t, 2, st.scans.Load(), "another tenant is its own scope")
	st.version.Add(1) // a write, within the refresh interval: the cached range stays
	_, err = h.CosineCalibration(ctx, store.Filter{})
	require.NoError(t, err)
	require.EqualValues(t, 2, st.scans.Load())
	age := func() { h.cosines.entry(store.Filter{}).checked = time.Now().Add(-2 * cosineRefresh) }
	age() // the interval passed and the version moved: derived again
	_, err = h.CosineCalibration(ctx, store.Filter{})
	require.NoError(t, err)
	require.EqualValues(t, 3, st.scans.Load())
	age() // the interval passed, no write since: kept
	_, err = h.CosineCalibration(ctx, store.Filter{})
	require.NoError(t, err)
	require.EqualValues(t, 3, st.scans.Load())
}

func TestHybridCosineNeedsScanner(t *testing.T) {
	m := newMemStore(chunksOf(3, ""), randomVectors(rand.New(rand.NewPCG(1, 1)), 3, 8, 0))
	_, err := NewHybrid(m, m, fixedEmbedder{make([]float32, 8)}, Options{CosineFromCollection: true})
	require.ErrorIs(t, err, ErrInvalidOptions)
}

func TestHybridCosineConcurrent(t *testing.T) {
	h, st := anisotropicHybrid(t, 9)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			// assert, not require: FailNow must run on the test's goroutine.
			res, err := h.Retrieve(context.Background(), Query{Text: "words"})
			if assert.NoError(t, err) {
				assert.NotNil(t, res.Analysis.Cosine)
			}
		})
	}
	wg.Wait()
	require.EqualValues(t, 1, st.scans.Load(), "concurrent first queries share one derivation")
}
