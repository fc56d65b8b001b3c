package evaluate

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPercentile(t *testing.T) {
	tests := []struct {
		name string
		xs   []float64
		q    float64
		want float64
	}{
		{"empty", nil, 0.5, 0},
		{"one", []float64{7}, 0.95, 7},
		{"median of four is the second", []float64{4, 1, 3, 2}, 0.5, 2},
		{"p95 of twenty is the nineteenth", seq(20), 0.95, 19},
		{"p95 of ten is the largest", seq(10), 0.95, 10},
		{"q 0 is the smallest", []float64{3, 1, 2}, 0, 1},
		{"q above 1 is the largest", []float64{3, 1, 2}, 2, 3},
		{"NaN ignored", []float64{math.NaN(), 5, 1}, 1, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := append([]float64(nil), tt.xs...)
			require.Equal(t, tt.want, Percentile(tt.xs, tt.q))
			if !math.IsNaN(tt.want) {
				require.Equal(t, len(in), len(tt.xs), "input untouched")
			}
		})
	}
}

func seq(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[n-1-i] = float64(i + 1)
	}
	return out
}

func TestRatioAndMean(t *testing.T) {
	require.Equal(t, 0.0, Ratio(3, 0))
	require.Equal(t, 0.75, Ratio(3, 4))
	require.Equal(t, 0.0, Mean(nil))
	require.Equal(t, 2.0, Mean([]float64{1, 2, 3}))
}
