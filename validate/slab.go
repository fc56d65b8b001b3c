package validate

// slab hands out elements of T from chunks it keeps, so that an index
// makes one allocation per chunk instead of one per element, and a pooled
// index reuses its chunks (reset) instead of allocating them again.
type slab[T any] struct {
	chunks [][]T
	k      int // the chunk being filled
	size   int // capacity of a new chunk
}

// take returns n zeroed elements (n ≤ size) as a slice of length 0 and
// capacity n, or of length n when full is set.
func (s *slab[T]) take(n int, full bool) []T {
	for {
		if s.k == len(s.chunks) {
			s.chunks = append(s.chunks, make([]T, 0, s.size))
		}
		c := s.chunks[s.k]
		if m := len(c); m+n <= cap(c) {
			c = c[:m+n]
			clear(c[m:])
			s.chunks[s.k] = c
			if full {
				return c[m : m+n : m+n]
			}
			return c[m : m : m+n]
		}
		s.k++
	}
}

// one returns a pointer to a zeroed element.
func (s *slab[T]) one() *T { return &s.take(1, true)[0] }

// reset makes every chunk free again; what was taken must no longer be
// used.
func (s *slab[T]) reset() {
	for i := range s.chunks {
		s.chunks[i] = s.chunks[i][:0]
	}
	s.k = 0
}
