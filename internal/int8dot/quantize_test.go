package int8dot

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func invOf(v []float32) float32 {
	var m float32
	for _, x := range v {
		m = max(m, float32(math.Abs(float64(x))))
	}
	if m == 0 {
		return 1
	}
	return 127 / m
}

// TestQuantizeMatchesGeneric compares the assembly with the Go loop on
// lengths around the 32-float block and on misaligned slices, and both
// with the definition.
func TestQuantizeMatchesGeneric(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for n := range 200 {
		off := r.IntN(5)
		v := make([]float32, off+n)[off:]
		for i := range v {
			v[i] = float32(r.NormFloat64())
		}
		inv := invOf(v)
		got := make([]int8, n+1)
		Quantize(got, v, inv)
		want := make([]int8, n)
		quantizeGeneric(want, v, inv)
		require.Equal(t, want, got[:n], "n=%d", n)
		require.Zero(t, got[n], "n=%d: nothing written past v", n)
		for i, x := range v {
			require.InDelta(t, float64(x*inv), float64(got[i]), 0.5+1e-4, "n=%d i=%d", n, i)
		}
	}
}

func TestQuantizeEdges(t *testing.T) {
	v := make([]float32, 64)
	for i := range v {
		v[i] = float32(i) - 31.5 // halves: floor(x + 0.5) rounds them up
	}
	got := make([]int8, 64)
	Quantize(got, v, 1)
	for i := range v {
		require.Equal(t, int8(i-31), got[i], "i=%d", i)
	}
	// ±127 exactly, the extremes of the range.
	ext := make([]float32, 32)
	for i := range ext {
		ext[i] = float32(1 - 2*(i%2))
	}
	Quantize(got, ext, 127)
	for i := range ext {
		require.Equal(t, int8(127-254*(i%2)), got[i])
	}
	Quantize(nil, v, 1) // no room: nothing to do
	Quantize(got[:3], nil, 1)
}

func TestQuantizeGenericPathSelectable(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	v := make([]float32, 384)
	for i := range v {
		v[i] = float32(r.NormFloat64())
	}
	withAsm := make([]int8, len(v))
	Quantize(withAsm, v, invOf(v))
	restore := setAccelerated(false)
	defer restore()
	without := make([]int8, len(v))
	Quantize(without, v, invOf(v))
	require.Equal(t, withAsm, without)
}

func FuzzQuantize(f *testing.F) {
	f.Add(make([]byte, 4*40))
	f.Add([]byte{0, 0, 128, 63, 0, 0, 128, 191})
	f.Fuzz(func(t *testing.T, data []byte) {
		v := make([]float32, len(data)/4)
		for i := range v {
			x := math.Float32frombits(binary.LittleEndian.Uint32(data[4*i:]))
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) || math.Abs(float64(x)) > 1e30 {
				x = 0 // the store quantizes finite vectors only
			}
			v[i] = x
		}
		inv := invOf(v)
		if math.IsInf(float64(inv), 0) {
			return // max|v| subnormal: 127/m overflows, the store stores no such vector
		}
		got := make([]int8, len(v))
		Quantize(got, v, inv)
		want := make([]int8, len(v))
		quantizeGeneric(want, v, inv)
		require.Equal(t, want, got)
	})
}

// BenchmarkQuantize encodes 10 000 vectors of 384 floats; MB/s is float
// bytes read.
func BenchmarkQuantize(b *testing.B) {
	const dim, rows = 384, 10_000
	r := rand.New(rand.NewPCG(1, 2))
	v := make([]float32, dim*rows)
	for i := range v {
		v[i] = float32(r.NormFloat64())
	}
	dst := make([]int8, len(v))
	inv := invOf(v)
	b.Run("kernel", func(b *testing.B) {
		b.SetBytes(4 * dim * rows)
		for b.Loop() {
			for r := range rows {
				Quantize(dst[r*dim:(r+1)*dim], v[r*dim:(r+1)*dim], inv)
			}
		}
	})
	b.Run("generic", func(b *testing.B) {
		b.SetBytes(4 * dim * rows)
		for b.Loop() {
			quantizeGeneric(dst, v, inv)
		}
	})
}
