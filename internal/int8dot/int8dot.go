package int8dot

// MaxQuery returns the largest query magnitude m such that a dot product of
// dim int8 codes with an int16 query whose components lie in [-m, m] cannot
// overflow int32: dim·128·m < 2³¹. It is at most 32767 and at least 1.
func MaxQuery(dim int) int16 {
	if dim <= 0 {
		return 32767
	}
	m := (1<<31 - 1) / (128 * dim)
	return int16(max(1, min(m, 32767)))
}

// Dot returns Σ a[i]·b[i] over the first min(len(a), len(b)) elements,
// accumulated in int32 (wrapping on overflow, identically on every path).
func Dot(a []int8, b []int16) int32 {
	n := min(len(a), len(b))
	if n == 0 {
		return 0
	}
	return dot(a[:n], b[:n])
}

// DotRows scores consecutive rows of codes against q: codes holds rows of
// len(q) int8 each, and out[r] receives Dot(codes[r*len(q):(r+1)*len(q)], q)
// for r < min(len(out), len(codes)/len(q)). It returns the filled prefix of
// out (empty when q is empty).
func DotRows(out []int32, codes []int8, q []int16) []int32 {
	dim := len(q)
	if dim == 0 {
		return out[:0]
	}
	rows := min(len(out), len(codes)/dim)
	if rows == 0 {
		return out[:0]
	}
	out = out[:rows]
	dotRows(out, codes[:rows*dim], q)
	return out
}

// dotGeneric is the portable kernel and the reference the assembly is
// tested against.
func dotGeneric(a []int8, b []int16) int32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 int32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += int32(a[i]) * int32(b[i])
		s1 += int32(a[i+1]) * int32(b[i+1])
		s2 += int32(a[i+2]) * int32(b[i+2])
		s3 += int32(a[i+3]) * int32(b[i+3])
	}
	for ; i < len(a); i++ {
		s0 += int32(a[i]) * int32(b[i])
	}
	return s0 + s1 + s2 + s3
}

func dotRowsGeneric(out []int32, codes []int8, q []int16) {
	dim := len(q)
	for r := range out {
		out[r] = dotGeneric(codes[r*dim:(r+1)*dim], q)
	}
}
