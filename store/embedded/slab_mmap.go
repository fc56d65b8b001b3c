//go:build linux

package embedded

import (
	"runtime"
	"slices"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Mapping sizes: small slabs are rounded to pages; from hugeSlabBytes on,
// to huge pages, which the slab asks the kernel for (MADV_HUGEPAGE): one
// fault per 2 MiB instead of per 4 KiB when Open fills it, and fewer TLB
// misses when a query scans it.
const (
	pageBytes     = 4 << 10
	hugePageBytes = 2 << 20
	hugeSlabBytes = 16 << 20
)

// slabMem is the anonymous mapping holding a state's slab. It is a
// separate object so that the cleanup that unmaps it when the state is
// garbage does not keep the state alive.
type slabMem struct {
	mem []byte // as returned by unix.Mmap/Mremap; nil when unmapped
}

func (m *slabMem) free() {
	if m.mem != nil {
		_ = unix.Munmap(m.mem) // only EINVAL, for a mapping that is not ours
		m.mem = nil
	}
}

// growSlab makes room for n more floats past len(st.slab), without
// copying the vectors already stored.
func (st *state) growSlab(n int) {
	need := len(st.slab) + n
	if cap(st.slab) >= need {
		return
	}
	m := st.mem
	if m == nil {
		m = &slabMem{}
		st.mem = m
		// A Store unmaps its slab at Close; a state dropped without
		// Close (a failed Open, a test) is unmapped when collected.
		runtime.AddCleanup(st, (*slabMem).free, m)
	}
	bytes := 4 * slabCap(cap(st.slab), need)
	if bytes >= hugeSlabBytes {
		bytes = (bytes + hugePageBytes - 1) &^ (hugePageBytes - 1)
	} else {
		bytes = (bytes + pageBytes - 1) &^ (pageBytes - 1)
	}
	var mem []byte
	var err error
	if m.mem != nil && cap(st.slab) > 0 && unsafe.Pointer(unsafe.SliceData(st.slab)) == unsafe.Pointer(unsafe.SliceData(m.mem)) {
		mem, err = unix.Mremap(m.mem, bytes, unix.MREMAP_MAYMOVE)
	} else {
		mem, err = unix.Mmap(-1, 0, bytes, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS|unix.MAP_NORESERVE)
		if err == nil {
			copy(floatsOf(mem), st.slab) // a slab on the heap: only after an earlier fallback
			m.free()
		}
	}
	if err != nil {
		// No address space or mappings left: the Go heap still works.
		grown := slices.Grow(st.slab, n)
		m.free()
		st.slab = grown
		return
	}
	if bytes >= hugeSlabBytes {
		_ = unix.Madvise(mem, unix.MADV_HUGEPAGE) // advice only: kernels without THP refuse it
	}
	m.mem = mem
	st.slab = floatsOf(mem)[:len(st.slab)]
}

// freeSlab unmaps the slab. The caller holds the state exclusively and
// nothing uses it again (Close).
func (st *state) freeSlab() {
	st.slab = nil
	if st.mem != nil {
		st.mem.free()
	}
}

func floatsOf(mem []byte) []float32 {
	return unsafe.Slice((*float32)(unsafe.Pointer(unsafe.SliceData(mem))), len(mem)/4)
}
