package embedded

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestScanMatMulMatchesDot(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct{ dim, rows, k int }{
		{1, 1, 1}, {3, 5, 10}, {384, 300, 10}, {384, 1000, 40}, {1000, 257, 7}, {200_001, 3, 2},
	} {
		slab := make([]float32, tc.dim*tc.rows)
		for i := range slab {
			slab[i] = float32(r.NormFloat64())
		}
		q := make([]float32, tc.dim)
		for i := range q {
			q[i] = float32(r.NormFloat64())
		}
		var dot, mm topK
		dot.reset(min(tc.k, tc.rows))
		mm.reset(min(tc.k, tc.rows))
		var scores []float32
		require.NoError(t, scanDot(ctx, slab, tc.dim, q, &dot))
		require.NoError(t, scanMatMul(ctx, slab, tc.dim, q, &mm, &scores))
		a, b := dot.sorted(), mm.sorted()
		require.Len(t, b, len(a))
		for i := range a {
			require.Equal(t, a[i].id, b[i].id, "dim %d rows %d rank %d", tc.dim, tc.rows, i)
			require.InDelta(t, a[i].score, b[i].score, 1e-3)
		}
	}
}

func TestTopKKeepsBest(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, k := range []int{1, 2, 5, 50} {
		var top topK
		top.reset(k)
		var all []candidate
		for i := range 500 {
			// Coarse scores force ties, which must break towards lower ids.
			c := candidate{score: float64(r.IntN(40)), id: uint64(i)}
			all = append(all, c)
			top.offer(c.score, c.id)
		}
		slices.SortFunc(all, func(a, b candidate) int {
			if worse(b, a) {
				return -1
			}
			if worse(a, b) {
				return 1
			}
			return 0
		})
		require.Equal(t, all[:k], top.sorted())
	}
}

func TestScanStopsOnCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	const dim = 64 // small rows: several MatMul blocks fit in ctxCheckRows
	slab := make([]float32, dim*(ctxCheckRows+2*matMulBlockFloats/dim))
	for i := range slab {
		slab[i] = 1
	}
	q := make([]float32, dim)
	q[0] = 1
	var top topK
	top.reset(3)
	require.ErrorIs(t, scanDot(ctx, slab, dim, q, &top), context.Canceled)
	top.reset(3)
	var scores []float32
	require.ErrorIs(t, scanMatMul(ctx, slab, dim, q, &top, &scores), context.Canceled)
}
