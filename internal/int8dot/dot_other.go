//go:build !amd64 || purego

package int8dot

func dot(a []int8, b []int16) int32 { return dotGeneric(a, b) }

func dotRows(out []int32, codes []int8, q []int16) { dotRowsGeneric(out, codes, q) }

// Accelerated reports whether an assembly kernel is in use.
func Accelerated() bool { return false }

func quantize(dst []int8, v []float32, inv float32) { quantizeGeneric(dst, v, inv) }
