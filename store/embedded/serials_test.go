package embedded

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSerialIndexMatchesMap drives the paged table and a map with the same
// random sets and deletes, including serials below the table's first page
// (as replaying a compacted log does), and compares every lookup.
func TestSerialIndexMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var x serialIndex
	ref := map[uint64]int32{}
	next := uint64(5000)
	for step := range 20000 {
		switch op := r.IntN(10); {
		case op < 5: // a new serial, as writes hand out
			next += uint64(r.IntN(3))
			row := int32(r.IntN(1 << 20))
			require.True(t, x.set(next, row))
			ref[next] = row
			next++
		case op < 6: // an old serial, as a compacted log replays
			s := uint64(r.IntN(int(next)))
			_, had := ref[s]
			row := int32(r.IntN(1 << 20))
			require.Equal(t, !had, x.set(s, row))
			ref[s] = row
		default: // delete a live serial, or a dead one
			s := next - 1 - uint64(r.IntN(int(min(next, 3000))))
			if r.IntN(4) == 0 {
				for k := range ref {
					s = k
					break
				}
			}
			x.del(s)
			delete(ref, s)
		}
		if step%500 == 0 || step == 19999 {
			require.Equal(t, len(ref), x.len())
			for s, row := range ref {
				got, ok := x.get(s)
				require.True(t, ok, "serial %d", s)
				require.Equal(t, row, got, "serial %d", s)
			}
			for range 200 {
				s := uint64(r.IntN(int(next + 1000)))
				_, want := ref[s]
				_, ok := x.get(s)
				require.Equal(t, want, ok, "serial %d", s)
			}
		}
	}
	for s := range ref {
		x.del(s)
	}
	require.Equal(t, 0, x.len())
	require.Empty(t, x.pages, "an empty table keeps no pages")
}
