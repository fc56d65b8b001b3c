package int8dot

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkDotRows scores 10 000 rows of 384 codes (3.84 MB, beyond L2)
// with the kernel in use and with the Go loop; MB/s is code bytes read.
func BenchmarkDotRows(b *testing.B) {
	const dim, rows = 384, 10_000
	r := rand.New(rand.NewPCG(1, 1))
	codes := randCodes(r, dim*rows)
	q := randQuery(r, dim, MaxQuery(dim))
	out := make([]int32, rows)
	b.Run("kernel", func(b *testing.B) {
		b.SetBytes(dim * rows)
		for b.Loop() {
			DotRows(out, codes, q)
		}
	})
	b.Run("generic", func(b *testing.B) {
		b.SetBytes(dim * rows)
		for b.Loop() {
			dotRowsGeneric(out, codes, q)
		}
	})
}
