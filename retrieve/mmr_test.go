package retrieve

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hybridrag/hybridrag/store"
	"github.com/stretchr/testify/require"
)

func src(id string, vec ...float32) Source {
	return Source{Chunk: store.Chunk{ID: id}, Vector: vec}
}

func TestMMRPrefersDiverseOverNearDuplicates(t *testing.T) {
	// a, a2 and a3 are near-duplicates; pure relevance would take all three.
	candidates := []Source{
		src("a", unit(1, 0, 0)...),
		src("a2", unit(1, 0.05, 0)...),
		src("a3", unit(1, 0, 0.05)...),
		src("b", unit(0, 1, 0)...),
		src("c", unit(0, 0, 1)...),
	}
	relevance := []float64{1, 0.97, 0.95, 0.7, 0.6}
	tests := []struct {
		lambda float64
		want   []string
	}{
		{lambda: 1, want: []string{"a", "a2", "a3"}},
		{lambda: 0.5, want: []string{"a", "b", "c"}},
		{lambda: 0, want: []string{"a", "b", "c"}}, // first pick is always the most relevant
	}
	for _, tt := range tests {
		got, err := MMR(candidates, relevance, tt.lambda, 3)
		require.NoError(t, err)
		require.Equal(t, tt.want, ids(got), "lambda %v", tt.lambda)
	}
}

func TestMMRMatchesNaiveRecompute(t *testing.T) {
	// The incremental running maximum must select exactly what recomputing
	// every similarity at every step selects.
	rng := rand.New(rand.NewPCG(1, 2))
	n, dim := 40, 16
	candidates := make([]Source, n)
	relevance := make([]float64, n)
	for i := range candidates {
		v := make([]float32, dim)
		for j := range v {
			v[j] = float32(rng.NormFloat64())
		}
		candidates[i] = src(string(rune('A'+i)), v...)
		relevance[i] = rng.Float64()
	}
	for _, lambda := range []float64{0, 0.3, 0.5, 0.8} {
		got, err := MMR(candidates, relevance, lambda, 12)
		require.NoError(t, err)
		require.Equal(t, naiveMMR(candidates, relevance, lambda, 12), ids(got), "lambda %v", lambda)
	}
}

// naiveMMR is the textbook algorithm: full recompute of max similarity per step.
func naiveMMR(c []Source, rel []float64, lambda float64, k int) []string {
	var selected []int
	taken := make([]bool, len(c))
	for len(selected) < k {
		best, bestScore := -1, math.Inf(-1)
		for i := range c {
			if taken[i] {
				continue
			}
			maxSim := 0.0
			for j, s := range selected {
				sim := cosine(c[i].Vector, c[s].Vector)
				if j == 0 || sim > maxSim {
					maxSim = sim
				}
			}
			if score := lambda*rel[i] - (1-lambda)*maxSim; best < 0 || score > bestScore+1e-12 {
				best, bestScore = i, score
			}
		}
		taken[best] = true
		selected = append(selected, best)
	}
	return ids(slicesPick(c, selected))
}

func slicesPick(c []Source, idx []int) []Source {
	out := make([]Source, len(idx))
	for i, j := range idx {
		out[i] = c[j]
	}
	return out
}

func TestMMRLambdaOneIsRelevanceOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 30
	candidates := make([]Source, n)
	relevance := make([]float64, n)
	for i := range candidates {
		candidates[i] = src(string(rune('a'+i)), float32(rng.Float64()), float32(rng.Float64()))
		relevance[i] = float64(rng.IntN(10)) // many ties: input order must break them
	}
	got, err := MMR(candidates, relevance, 1, 12)
	require.NoError(t, err)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(relevance[b], relevance[a]) })
	require.Equal(t, ids(slicesPick(candidates, idx[:12])), ids(got))
}

func TestMMRHandlesBadVectors(t *testing.T) {
	nan := float32(math.NaN())
	candidates := []Source{
		src("a", 1, 0, 0),
		src("dup-no-vector"),  // absent: similarity 0
		src("short", 1, 0),    // wrong length: treated as absent
		src("zero", 0, 0, 0),  // zero norm: treated as absent
		src("nan", nan, 1, 0), // NaN: treated as absent
		src("inf", float32(math.Inf(1)), 0, 0),
		src("a-dup", 1, 0, 0.01), // real near-duplicate of a
		src("b", 0, 1, 0),
	}
	relevance := []float64{1, 0.9, 0.9, 0.9, 0.9, 0.9, 0.95, 0.5}
	for _, lambda := range []float64{0, 0.5, 1} {
		got, err := MMR(candidates, relevance, lambda, len(candidates))
		require.NoError(t, err)
		require.Len(t, got, len(candidates))
		require.ElementsMatch(t, ids(candidates), ids(got))
	}
	got, err := MMR(candidates, relevance, 0.5, 3)
	require.NoError(t, err)
	// a-dup is penalised by a (cos ≈ 1); the unusable vectors are not.
	require.Equal(t, []string{"a", "dup-no-vector", "short"}, ids(got))

	// A first candidate without a vector does not fix the dimension.
	got, err = MMR([]Source{src("none"), src("x", 1, 0), src("x2", 1, 0), src("y", 0, 1)}, []float64{1, 0.9, 0.9, 0.5}, 0.5, 3)
	require.NoError(t, err)
	require.Equal(t, []string{"none", "x", "y"}, ids(got))
}

func TestMMRInputErrorsAndEdges(t *testing.T) {
	c := []Source{src("a", 1), src("b", 1)}
	_, err := MMR(c, []float64{1}, 0.5, 2)
	require.ErrorIs(t, err, ErrMMRInput)
	for _, l := range []float64{-0.1, 1.1, math.NaN()} {
		_, err = MMR(c, []float64{1, 1}, l, 2)
		require.ErrorIs(t, err, ErrMMRInput, "lambda %v", l)
	}
	for _, k := range []int{-1, 0} {
		got, err := MMR(c, []float64{1, 1}, 0.5, k)
		require.NoError(t, err)
		require.Empty(t, got)
	}
	got, err := MMR(c, []float64{0.2, 1}, 0.5, 10)
	require.NoError(t, err)
	require.Equal(t, []string{"b", "a"}, ids(got), "k above n selects all")
	got, err = MMR(nil, nil, 0.5, 3)
	require.NoError(t, err)
	require.Empty(t, got)
}

// BenchmarkMMR selects 10 of 100 candidates of 384 dimensions.
func BenchmarkMMR(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n, dim, k = 100, 384, 10
	candidates := make([]Source, n)
	relevance := make([]float64, n)
	for i := range candidates {
		v := make([]float32, dim)
		for j := range v {
			v[j] = float32(rng.NormFloat64())
		}
		candidates[i] = src("c", v...)
		relevance[i] = rng.Float64()
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := MMR(candidates, relevance, DefaultMMRLambda, k); err != nil {
			b.Fatal(err)
		}
	}
}
