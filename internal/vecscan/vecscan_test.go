package vecscan

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/topk"
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
		var dot, mm topk.Heap
		dot.Reset(min(tc.k, tc.rows))
		mm.Reset(min(tc.k, tc.rows))
		var scores []float32
		require.NoError(t, Dot(ctx, slab, tc.dim, q, &dot))
		require.NoError(t, MatMul(ctx, slab, tc.dim, q, &mm, &scores))
		a, b := dot.Sorted(), mm.Sorted()
		require.Len(t, b, len(a))
		for i := range a {
			require.Equal(t, a[i].ID, b[i].ID, "dim %d rows %d rank %d", tc.dim, tc.rows, i)
			require.InDelta(t, a[i].Score, b[i].Score, 1e-3)
		}
	}
}

func TestScanStopsOnCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	const dim = 64 // small rows: several MatMul blocks fit in CheckRows
	slab := make([]float32, dim*(CheckRows+2*MatMulBlockFloats/dim))
	for i := range slab {
		slab[i] = 1
	}
	q := make([]float32, dim)
	q[0] = 1
	var top topk.Heap
	top.Reset(3)
	require.ErrorIs(t, Dot(ctx, slab, dim, q, &top), context.Canceled)
	top.Reset(3)
	var scores []float32
	require.ErrorIs(t, MatMul(ctx, slab, dim, q, &top, &scores), context.Canceled)
}
