package int8dot

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func randCodes(r *rand.Rand, n int) []int8 {
	a := make([]int8, n)
	for i := range a {
		a[i] = int8(r.IntN(256) - 128)
	}
	return a
}

func randQuery(r *rand.Rand, n int, m int16) []int16 {
	b := make([]int16, n)
	for i := range b {
		b[i] = int16(r.IntN(2*int(m)+1) - int(m))
	}
	return b
}

// naive is the definition, in int64: the kernels must agree with it
// whenever the sum fits int32.
func naive(a []int8, b []int16) int64 {
	var s int64
	for i := range a {
		s += int64(a[i]) * int64(b[i])
	}
	return s
}

func TestDotMatchesDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := range 200 {
		a := randCodes(r, n)
		b := randQuery(r, n, MaxQuery(n))
		require.Equal(t, naive(a, b), int64(Dot(a, b)), "n=%d", n)
		require.Equal(t, naive(a, b), int64(dotGeneric(a, b)), "n=%d", n)
	}
}

// TestDotExtremes checks the corners of VPMADDWD: -128·-32768 pairs, and
// wrapping sums, which both paths must wrap identically.
func TestDotExtremes(t *testing.T) {
	for _, tc := range []struct {
		name string
		a    int8
		b    int16
		n    int
	}{
		{"min·min", -128, -32768, 100},
		{"max·max", 127, 32767, 100},
		{"min·max", -128, 32767, 77},
		{"overflow wraps", -128, -32768, 1000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := make([]int8, tc.n)
			b := make([]int16, tc.n)
			for i := range a {
				a[i], b[i] = tc.a, tc.b
			}
			require.Equal(t, int32(naive(a, b)), Dot(a, b))
			require.Equal(t, dotGeneric(a, b), Dot(a, b))
		})
	}
}

func TestDotUnequalLengths(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	a := randCodes(r, 50)
	b := randQuery(r, 37, 1000)
	require.Equal(t, naive(a[:37], b), int64(Dot(a, b)))
	require.Equal(t, naive(a[:37], b), int64(Dot(a[:37], append(b, 1, 2, 3))))
	require.Zero(t, Dot(nil, b))
	require.Zero(t, Dot(a, nil))
}

// TestDotRowsMatchesGeneric compares the assembly with the Go loop on random
// dimensions, including ones that are not multiples of 16 or 32, and on
// misaligned slices.
func TestDotRowsMatchesGeneric(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, dim := range []int{1, 2, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 100, 127, 384, 385, 768, 1536, 3071} {
		rows := 1 + r.IntN(40)
		off := r.IntN(7) // misalign the codes
		codes := randCodes(r, off+rows*dim+r.IntN(dim))[off:]
		q := randQuery(r, dim, MaxQuery(dim))
		got := DotRows(make([]int32, rows+3), codes, q)
		require.Len(t, got, rows, "dim %d", dim)
		want := make([]int32, rows)
		dotRowsGeneric(want, codes[:rows*dim], q)
		require.Equal(t, want, got, "dim %d", dim)
		for i := range rows {
			require.Equal(t, naive(codes[i*dim:(i+1)*dim], q), int64(got[i]), "dim %d row %d", dim, i)
		}
	}
}

func TestDotRowsEdges(t *testing.T) {
	q := []int16{1, 2, 3}
	require.Empty(t, DotRows(make([]int32, 4), []int8{1, 2}, q), "less than one row")
	require.Empty(t, DotRows(make([]int32, 4), []int8{1, 2, 3}, nil), "empty query")
	require.Empty(t, DotRows(nil, []int8{1, 2, 3}, q), "no room")
	require.Equal(t, []int32{14, 32}, DotRows(make([]int32, 2), []int8{1, 2, 3, 4, 5, 6, 7}, q))
}

func TestMaxQueryPreventsOverflow(t *testing.T) {
	for _, dim := range []int{-1, 0, 1, 384, 4096, 8192, 1 << 20, 1 << 30} {
		m := MaxQuery(dim)
		require.GreaterOrEqual(t, m, int16(1))
		if dim > 0 && m > 1 {
			require.Less(t, int64(dim)*128*int64(m), int64(1)<<31, "dim %d", dim)
		}
	}
	require.Equal(t, int16(32767), MaxQuery(384))
}

// TestGenericPathSelectable runs the exported functions with the assembly
// switched off, so the fallback used on other CPUs is exercised here too.
func TestGenericPathSelectable(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	codes := randCodes(r, 5*100)
	q := randQuery(r, 100, 30000)
	withAsm := DotRows(make([]int32, 5), codes, q)
	restore := setAccelerated(false)
	defer restore()
	require.False(t, Accelerated())
	require.Equal(t, withAsm, DotRows(make([]int32, 5), codes, q))
	require.Equal(t, withAsm[0], Dot(codes[:100], q))
}

func FuzzDotRows(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9}, uint8(3), int16(1000))
	f.Add(make([]byte, 130), uint8(33), int16(-32768))
	f.Fuzz(func(t *testing.T, data []byte, dim8 uint8, seed int16) {
		dim := int(dim8)
		if dim == 0 {
			dim = 1
		}
		codes := make([]int8, len(data))
		for i, b := range data {
			codes[i] = int8(b)
		}
		// The query is derived from the seed, wide enough to overflow
		// on long rows: both paths must still agree bit for bit.
		q := make([]int16, dim)
		x := uint32(uint16(seed))*2654435761 + 1
		for i := range q {
			x ^= x << 13
			x ^= x >> 17
			x ^= x << 5
			q[i] = int16(x)
		}
		rows := len(codes) / dim
		got := DotRows(make([]int32, rows), codes, q)
		want := make([]int32, rows)
		if rows > 0 {
			dotRowsGeneric(want, codes[:rows*dim], q)
		}
		require.Equal(t, want, got)
		if rows > 0 {
			require.Equal(t, dotGeneric(codes[:dim], q), Dot(codes[:dim], q))
		}
	})
}
