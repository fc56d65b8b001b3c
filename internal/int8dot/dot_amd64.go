//go:build amd64 && !purego

package int8dot

import "golang.org/x/sys/cpu"

// useAVX2 selects the assembly kernels; tests switch it off to compare.
var useAVX2 = cpu.X86.HasAVX2

// Accelerated reports whether an assembly kernel is in use.
func Accelerated() bool { return useAVX2 }

//go:noescape
func dotRowsAVX2(out *int32, codes *int8, q *int16, dim, rows int)

func dot(a []int8, b []int16) int32 {
	if !useAVX2 {
		return dotGeneric(a, b)
	}
	var out int32
	dotRowsAVX2(&out, &a[0], &b[0], len(a), 1)
	return out
}

func dotRows(out []int32, codes []int8, q []int16) {
	if !useAVX2 {
		dotRowsGeneric(out, codes, q)
		return
	}
	dotRowsAVX2(&out[0], &codes[0], &q[0], len(q), len(out))
}

// quantizeBlock is how many floats quantizeAVX2 converts per step.
const quantizeBlock = 32

//go:noescape
func quantizeAVX2(dst *int8, v *float32, n int, inv float32)

func quantize(dst []int8, v []float32, inv float32) {
	n := len(v) &^ (quantizeBlock - 1)
	if useAVX2 && n > 0 {
		quantizeAVX2(&dst[0], &v[0], n, inv)
	} else {
		n = 0
	}
	quantizeGeneric(dst[n:], v[n:], inv)
}
