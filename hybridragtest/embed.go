package hybridragtest

import (
	"hash/fnv"
	"math"
	"strings"
	"unicode"
)

// HashVector is the fake servers' deterministic embedding: the lower-cased
// words of text hashed (FNV-1a, with a hashed sign) into dim buckets and
// L2-normalised. Texts sharing words get a positive cosine; a text without
// words maps to the first unit vector rather than to a zero vector, whose
// cosine is undefined.
func HashVector(text string, dim int) []float32 {
	if dim <= 0 {
		dim = DefaultEmbeddingDimension
	}
	v := make([]float32, dim)
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	for _, w := range words {
		h := fnv.New64a()
		h.Write([]byte(w))
		x := h.Sum64()
		sign := float32(1)
		if x>>63 == 1 {
			sign = -1
		}
		v[x%uint64(dim)] += sign
	}
	var norm float64
	for _, f := range v {
		norm += float64(f) * float64(f)
	}
	if norm == 0 {
		v[0] = 1
		return v
	}
	inv := float32(1 / math.Sqrt(norm))
	for i := range v {
		v[i] *= inv
	}
	return v
}
