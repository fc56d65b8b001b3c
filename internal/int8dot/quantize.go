package int8dot

// Quantize writes floor(v[i]·inv + 0.5) into dst[i] for i < min(len(dst),
// len(v)), computed as int32(float32(v[i]·inv) + 128.5) − 128 in float32
// arithmetic on every path, so the codes are the same whichever kernel
// runs. The caller keeps |v[i]·inv| ≤ 127 (inv = 127/max|v|).
func Quantize(dst []int8, v []float32, inv float32) {
	n := min(len(dst), len(v))
	quantize(dst[:n], v[:n], inv)
}

func quantizeGeneric(dst []int8, v []float32, inv float32) {
	dst = dst[:len(v)]
	for i, x := range v {
		// The offset keeps y positive, so truncation floors.
		y := float32(x*inv) + 128.5
		dst[i] = int8(int32(y) - 128)
	}
}
