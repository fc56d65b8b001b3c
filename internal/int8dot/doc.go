// Package int8dot computes dot products of int8 codes with an int16 query,
// and turns float32 vectors into int8 codes (Quantize): the kernels of the
// embedded store's quantized vectors. vek has no
// integer kernel, so on amd64 with AVX2 the rows are scored by hand-written
// assembly (VPMOVSXBW widens 16 codes to int16, VPMADDWD multiplies them
// with the query and adds adjacent pairs into int32 lanes); elsewhere, and
// on CPUs without AVX2, a plain Go loop computes the same sums.
//
// Both paths return bit-identical results: every product of an int8 and an
// int16 fits an int32 (|p| ≤ 128·32768), a pair of them cannot overflow in
// VPMADDWD, and all further sums are int32 additions that wrap modulo 2³²,
// which is associative, so the order in which lanes are added does not
// matter. Callers that want true (unwrapped) sums keep
// len·127·max|q| below 2³¹ (see MaxQuery).
//
// It depends on golang.org/x/sys/cpu only and must not import anything
// from the module.
package int8dot
