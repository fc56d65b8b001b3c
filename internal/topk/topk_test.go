package topk

import (
	"cmp"
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

// TestHeapWithTiesKeepsBoundary offers candidates with coarse scores in a
// random order: after ResetWithTies the kept ones and Ties together must be
// exactly those scoring at least the k-th best score, Ties only tied with
// it, whatever the order they came in.
func TestHeapWithTiesKeepsBoundary(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var top Heap
	for _, tc := range []struct{ k, n, levels int }{
		{1, 50, 3}, {2, 100, 5}, {5, 500, 40}, {20, 200, 4}, {50, 40, 10},
	} {
		for range 20 {
			top.ResetWithTies(tc.k)
			all := make([]Candidate, tc.n)
			for i := range all {
				all[i] = Candidate{Score: float64(r.IntN(tc.levels)), ID: uint64(i)}
			}
			r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
			for _, c := range all {
				top.Offer(c.Score, c.ID)
			}
			scores := make([]float64, len(all))
			for i, c := range all {
				scores[i] = c.Score
			}
			slices.SortFunc(scores, func(a, b float64) int { return cmp.Compare(b, a) })
			bar := scores[min(tc.k, len(scores))-1]
			var want []uint64
			for _, c := range all {
				if c.Score >= bar {
					want = append(want, c.ID)
				}
			}
			kept := top.Sorted()
			require.Len(t, kept, min(tc.k, tc.n))
			var got []uint64
			for _, c := range slices.Concat(kept, top.Ties()) {
				got = append(got, c.ID)
			}
			for _, c := range top.Ties() {
				require.Equal(t, bar, c.Score)
			}
			require.ElementsMatch(t, want, got, "k=%d levels=%d", tc.k, tc.levels)
		}
	}
	// Reset ends the mode: a tie with the worst kept candidate is dropped.
	top.Reset(1)
	top.Offer(1, 1)
	top.Offer(1, 2)
	require.Empty(t, top.Ties())
	require.Equal(t, []Candidate{{1, 1}}, top.Sorted())
}
