package evaluate

import (
	"math"
	"slices"
)

// Ratio returns num/den, or 0 when den is 0: an empty denominator means
// the metric does not apply, and reports show the counts beside it.
func Ratio(num, den int) float64 {
	if den == 0 {
		return 0
	}
	return float64(num) / float64(den)
}

// Mean returns the arithmetic mean of xs, 0 for none.
func Mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

// Percentile returns the q-quantile (0 ≤ q ≤ 1) of xs by the nearest-rank
// method: the smallest value with at least q of the values at or below it.
// It returns 0 for no values; NaN values are ignored. xs is not modified.
func Percentile(xs []float64, q float64) float64 {
	vals := make([]float64, 0, len(xs))
	for _, x := range xs {
		if !math.IsNaN(x) {
			vals = append(vals, x)
		}
	}
	if len(vals) == 0 {
		return 0
	}
	slices.Sort(vals)
	q = min(max(q, 0), 1)
	rank := int(math.Ceil(q * float64(len(vals))))
	return vals[max(rank, 1)-1]
}
