package retrieve

import (
	"math"
	"testing"

	"github.com/hybridrag/hybridrag/store"
	"github.com/stretchr/testify/require"
)

func hit(id string, score float64, vec ...float32) store.Hit {
	return store.Hit{Chunk: store.Chunk{ID: id, DocumentID: id}, Score: score, Vector: vec}
}

func TestMergeKeepsBothScoresAndRanks(t *testing.T) {
	keyword := []store.Hit{hit("a", 9.5), hit("b", 7), hit("a", 3)} // "a" twice: keep rank 1
	vector := []store.Hit{hit("c", 0.9, 1, 0), hit("a", 0.8, 0, 1)}
	got := Merge(keyword, vector)
	require.Equal(t, []string{"a", "b", "c"}, ids(got))
	require.Equal(t, Scores{BM25: 9.5, Cosine: 0.8}, got[0].Scores)
	require.Equal(t, 1, got[0].KeywordRank)
	require.Equal(t, 2, got[0].VectorRank)
	require.Equal(t, []float32{0, 1}, got[0].Vector, "vector taken from the vector hit")
	require.Equal(t, Scores{BM25: 7}, got[1].Scores)
	require.Equal(t, [2]int{2, 0}, [2]int{got[1].KeywordRank, got[1].VectorRank})
	require.Equal(t, Scores{Cosine: 0.9}, got[2].Scores)
	require.Equal(t, [2]int{0, 1}, [2]int{got[2].KeywordRank, got[2].VectorRank})
}

func TestRRFArithmetic(t *testing.T) {
	tests := []struct {
		name  string
		k     int
		src   []Source
		order []string
		fused map[string]float64
	}{
		{
			name: "default k",
			src: []Source{
				{Chunk: store.Chunk{ID: "b"}, KeywordRank: 2},
				{Chunk: store.Chunk{ID: "a"}, KeywordRank: 1, VectorRank: 3},
				{Chunk: store.Chunk{ID: "c"}, VectorRank: 1},
			},
			order: []string{"a", "c", "b"},
			// 1/61 + 1/63, 1/61, 1/62
			fused: map[string]float64{"a": 0.016393442622950821 + 0.015873015873015872, "c": 0.016393442622950821, "b": 0.016129032258064516},
		},
		{
			name: "k = 1",
			k:    1,
			src: []Source{
				{Chunk: store.Chunk{ID: "x"}, KeywordRank: 1},
				{Chunk: store.Chunk{ID: "y"}, KeywordRank: 3, VectorRank: 2},
			},
			order: []string{"y", "x"}, // 1/4 + 1/3 > 1/2
			fused: map[string]float64{"x": 0.5, "y": 0.25 + 1.0/3},
		},
		{
			name: "ties by best rank then id",
			src: []Source{
				{Chunk: store.Chunk{ID: "z"}, KeywordRank: 2},
				{Chunk: store.Chunk{ID: "y"}, VectorRank: 2},
				{Chunk: store.Chunk{ID: "w"}, KeywordRank: 70, VectorRank: 70},
			},
			order: []string{"y", "z", "w"}, // y and z tie at 1/62; 2/130 < 1/62
			fused: map[string]float64{"y": 1.0 / 62, "z": 1.0 / 62, "w": 2.0 / 130},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			RRF(tt.src, tt.k)
			require.Equal(t, tt.order, ids(tt.src))
			for _, s := range tt.src {
				require.InDelta(t, tt.fused[s.Chunk.ID], s.Scores.Fused, 1e-15, s.Chunk.ID)
			}
		})
	}
}

func TestWeightedFusion(t *testing.T) {
	sources := func() []Source {
		return []Source{
			{Chunk: store.Chunk{ID: "a"}, KeywordRank: 1, Scores: Scores{BM25: 10}},
			{Chunk: store.Chunk{ID: "b"}, KeywordRank: 2, VectorRank: 1, Scores: Scores{BM25: 6, Cosine: 0.9}},
			{Chunk: store.Chunk{ID: "c"}, KeywordRank: 3, VectorRank: 2, Scores: Scores{BM25: 2, Cosine: 0.5}},
			{Chunk: store.Chunk{ID: "d"}, VectorRank: 3, Scores: Scores{Cosine: 0.3}},
		}
	}
	// Population z-scores: BM25 over a, b, c (mean 6); cosine over b, c, d.
	bmSD := math.Sqrt((16.0 + 0 + 16) / 3)
	cosMean := (0.9 + 0.5 + 0.3) / 3
	cosSD := math.Sqrt((math.Pow(0.9-cosMean, 2) + math.Pow(0.5-cosMean, 2) + math.Pow(0.3-cosMean, 2)) / 3)
	z := func(v, mean, sd float64) float64 { return (v - mean) / sd }
	tests := []struct {
		name     string
		norm     Normalization
		wk, wv   float64
		order    []string
		expected map[string]float64
	}{
		{
			name: "min-max equal weights", norm: NormalizeMinMax, wk: 0.5, wv: 0.5,
			// a: .5·1 + .5·0; b: .5·.5 + .5·1; c: .5·0 + .5·(0.2/0.6); d: 0 + .5·0
			order:    []string{"b", "a", "c", "d"},
			expected: map[string]float64{"a": 0.5, "b": 0.75, "c": 0.5 * 0.2 / 0.6, "d": 0},
		},
		{
			name: "min-max keyword only", norm: NormalizeMinMax, wk: 1, wv: -1,
			order:    []string{"a", "b", "c", "d"},
			expected: map[string]float64{"a": 1, "b": 0.5, "c": 0, "d": 0},
		},
		{
			name: "z-score", norm: NormalizeZScore, wk: 0.7, wv: 0.3,
			// a ≈ 0.857 − 0.321, b ≈ 0 + 0.401, c ≈ −0.857 − 0.080, d ≈ −0.857 − 0.321
			order: []string{"a", "b", "c", "d"},
			expected: map[string]float64{
				// absent from the vector list: the lowest cosine z-score (d's)
				"a": 0.7*z(10, 6, bmSD) + 0.3*z(0.3, cosMean, cosSD),
				"b": 0.7*z(6, 6, bmSD) + 0.3*z(0.9, cosMean, cosSD),
				"c": 0.7*z(2, 6, bmSD) + 0.3*z(0.5, cosMean, cosSD),
				// absent from the keyword list: the lowest BM25 z-score (c's)
				"d": 0.7*z(2, 6, bmSD) + 0.3*z(0.3, cosMean, cosSD),
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := sources()
			WeightedFusion(src, tt.norm, tt.wk, tt.wv)
			require.Equal(t, tt.order, ids(src))
			for _, s := range src {
				require.InDelta(t, tt.expected[s.Chunk.ID], s.Scores.Fused, 1e-12, s.Chunk.ID)
			}
		})
	}
}

func TestWeightedFusionSingleHitList(t *testing.T) {
	src := []Source{
		{Chunk: store.Chunk{ID: "a"}, KeywordRank: 1, Scores: Scores{BM25: 3}},
		{Chunk: store.Chunk{ID: "b"}, VectorRank: 1, Scores: Scores{Cosine: 0.4}},
		{Chunk: store.Chunk{ID: "c"}, VectorRank: 2, Scores: Scores{Cosine: 0.2}},
	}
	WeightedFusion(src, NormalizeMinMax, 0.5, 0.5)
	// The only keyword hit normalises to 1, and the chunks it lacks get 0.
	require.Equal(t, []string{"a", "b", "c"}, ids(src))
	require.InDelta(t, 0.5, src[0].Scores.Fused, 1e-12)
	require.InDelta(t, 0.5, src[1].Scores.Fused, 1e-12)
	require.InDelta(t, 0.0, src[2].Scores.Fused, 1e-12)
}
