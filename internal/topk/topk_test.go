package topk

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestHeapKeepsBest(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var top Heap
	for _, k := range []int{0, 1, 2, 5, 50} {
		top.Reset(k)
		var all []Candidate
		for i := range 500 {
			// Coarse scores force ties, which must break towards lower ids.
			c := Candidate{Score: float64(r.IntN(40)), ID: uint64(i)}
			all = append(all, c)
			top.Offer(c.Score, c.ID)
		}
		slices.SortFunc(all, func(a, b Candidate) int {
			if worse(b, a) {
				return -1
			}
			if worse(a, b) {
				return 1
			}
			return 0
		})
		if k == 0 {
			require.Empty(t, top.Sorted())
			continue
		}
		require.Equal(t, all[:k], top.Sorted(), "k=%d", k)
	}
}

func TestHeapTies(t *testing.T) {
	top := New(3)
	for i, s := range []float64{0.1, 0.9, 0.5, 0.7, 0.9, -1, 0.3} {
		top.Offer(s, uint64(i))
	}
	require.True(t, top.Full())
	require.Equal(t, 0.7, top.Min())
	require.Equal(t, []Candidate{{0.9, 1}, {0.9, 4}, {0.7, 3}}, top.Sorted())
}
