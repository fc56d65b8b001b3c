//go:build !linux

package embedded

import "slices"

// slabMem is empty off Linux: the slab is a Go slice (see slab.go).
type slabMem struct{}

// growSlab makes room for n more floats past len(st.slab). Off Linux the
// slab is a Go slice, copied when it grows; Open reserves it once from the
// log's headers, so only Puts after Open grow it.
func (st *state) growSlab(n int) {
	if need := len(st.slab) + n; cap(st.slab) < need {
		st.slab = slices.Grow(st.slab, slabCap(cap(st.slab), need)-len(st.slab))
	}
}

// freeSlab drops the slab for the garbage collector.
func (st *state) freeSlab() { st.slab = nil }

// prefault does nothing off Linux: the copy faults the pages in.
func (st *state) prefault([]float32) {}
