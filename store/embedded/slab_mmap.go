//go:build linux

package embedded

import (
	"runtime"
	"slices"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// pageBytes rounds mappings. Huge pages (MADV_HUGEPAGE) were measured and
// rejected: on this VM first-touching a huge-page slab cost 1.5–1.7× the
// CPU of 4 KiB pages (direct compaction on fault), and Open is mostly that.
const pageBytes = 4 << 10

// slabMem is the anonymous mapping holding a state's slab. It is a
// separate object so that the cleanup that unmaps it when the state is
// garbage does not keep the state alive.
type slabMem struct {
	mem []byte // as returned by unix.Mmap/Mremap; nil when unmapped
}

func (m *slabMem) free() {
	mem := m.mem
	if mem == nil {
		return
	}
	m.mem = nil
	if len(mem) <= spareMaxBytes {
		spare.Lock()
		if spare.mem == nil {
			// The kernel may take the pages back under memory pressure;
			// until it does, the next slab reuses them without faults.
			_ = unix.Madvise(mem, unix.MADV_FREE)
			spare.mem, mem = mem, nil
		}
		spare.Unlock()
	}
	if mem != nil {
		_ = unix.Munmap(mem) // only EINVAL, for a mapping that is not ours
	}
}

// spare keeps the mapping of one freed small slab for the next slab, as
// the Go heap keeps freed memory: first touching fresh pages cost about
// 0.65 ms per MB of CPU on the VM measured, several times what copying
// vectors into them costs, so a store closed and opened again, or a test
// making stores one after another, would otherwise pay it each time.
// Larger slabs are unmapped: their pages are returned at Close.
var spare struct {
	sync.Mutex
	mem []byte
}

const spareMaxBytes = 64 << 20

// takeSpare returns the spare mapping if it holds at least bytes.
func takeSpare(bytes int) []byte {
	spare.Lock()
	defer spare.Unlock()
	mem := spare.mem
	if len(mem) < bytes {
		return nil
	}
	spare.mem = nil
	return mem
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
	bytes := (4*slabCap(cap(st.slab), need) + pageBytes - 1) &^ (pageBytes - 1)
	var mem []byte
	var err error
	if m.mem != nil && cap(st.slab) > 0 && unsafe.Pointer(unsafe.SliceData(st.slab)) == unsafe.Pointer(unsafe.SliceData(m.mem)) {
		mem, err = unix.Mremap(m.mem, bytes, unix.MREMAP_MAYMOVE)
	} else {
		if mem = takeSpare(bytes); mem == nil {
			mem, err = unix.Mmap(-1, 0, bytes, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS|unix.MAP_NORESERVE)
		}
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

// prefault makes the slab's pages under v resident and writable with one
// madvise (MADV_POPULATE_WRITE, Linux 5.14+; older kernels refuse it and
// the copy faults them in as before) just before a batch's vectors are
// copied there. Faulting 2,000 vectors' pages in one call took 40–55 %
// less CPU than taking a fault per page during the copy, and Open faults
// in every page of the slab.
func (st *state) prefault(v []float32) {
	if st.mem == nil || len(st.mem.mem) == 0 || len(v) == 0 {
		return
	}
	mem := st.mem.mem
	start := uintptr(unsafe.Pointer(unsafe.SliceData(v))) - uintptr(unsafe.Pointer(unsafe.SliceData(mem)))
	if start >= uintptr(len(mem)) {
		return // v is not in the mapping
	}
	end := min(uintptr(len(mem)), (start+4*uintptr(len(v))+pageBytes-1)&^(pageBytes-1))
	_ = unix.Madvise(mem[start&^(pageBytes-1):end], unix.MADV_POPULATE_WRITE)
}
