//go:build linux

package embedded

import (
	"runtime"
	"slices"
	"sync"
	"time"
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
	// faulted is how many bytes from the start of mem prefault has
	// already made resident: prefaulting them again walks the page table
	// for nothing (half as much again as copying the vectors,
	// scripts/pagecost), and a store that refills its slab after deletes,
	// or a slab made from the spare mapping, would pay it on every batch.
	// A hint only: it stays valid while the pages are mapped and not given
	// back (giveBackSpare clears it).
	faulted int
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
			spare.mem, spare.faulted, spare.given, mem = mem, m.faulted, false, nil
			spare.since = time.Now()
			if spare.timer == nil {
				spare.timer = time.AfterFunc(spareKeep, giveBackSpare)
			} else {
				spare.timer.Reset(spareKeep)
			}
		}
		spare.Unlock()
	}
	m.faulted = 0
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
//
// The pages stay as they are for spareKeep, then are given back lazily
// (MADV_FREE: the kernel may take them under memory pressure; until it
// does, reusing them costs no fault). Giving them back at once made every
// reuse within that time pay for it: writing over MADV_FREE pages took
// 1.5–3× as long as over pages kept, and the madvise itself about as long
// as the copy (scripts/pagecost).
var spare struct {
	sync.Mutex
	mem     []byte
	faulted int         // slabMem.faulted of the mapping when it was freed
	since   time.Time   // when mem became the spare
	given   bool        // mem's pages were given back (MADV_FREE)
	timer   *time.Timer // runs giveBackSpare spareKeep after the latest free
}

const (
	spareMaxBytes = 64 << 20
	spareKeep     = 5 * time.Second
)

// giveBackSpare lets the kernel take the spare's pages once it has been
// unused for spareKeep.
func giveBackSpare() {
	spare.Lock()
	defer spare.Unlock()
	if spare.mem == nil || spare.given || time.Since(spare.since) < spareKeep {
		return // taken, already given back, or replaced (its timer is reset)
	}
	_ = unix.Madvise(spare.mem, unix.MADV_FREE)
	// The kernel may now take any page: the next slab prefaults them all.
	spare.given, spare.faulted = true, 0
}

// takeSpare returns the spare mapping, and how many of its leading bytes
// were faulted in, if it holds at least bytes.
func takeSpare(bytes int) ([]byte, int) {
	spare.Lock()
	defer spare.Unlock()
	mem := spare.mem
	if len(mem) < bytes {
		return nil, 0
	}
	spare.mem = nil
	return mem, spare.faulted
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
	faulted := 0
	if m.mem != nil && cap(st.slab) > 0 && unsafe.Pointer(unsafe.SliceData(st.slab)) == unsafe.Pointer(unsafe.SliceData(m.mem)) {
		// The pages move with the mapping: m.faulted still holds.
		mem, err = unix.Mremap(m.mem, bytes, unix.MREMAP_MAYMOVE)
		faulted = m.faulted
	} else {
		if mem, faulted = takeSpare(bytes); mem == nil {
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
	m.mem, m.faulted = mem, faulted
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
// in every page of the slab. Pages an earlier call faulted in are skipped
// (slabMem.faulted).
func (st *state) prefault(v []float32) {
	if st.mem == nil || len(st.mem.mem) == 0 || len(v) == 0 {
		return
	}
	m := st.mem
	start := uintptr(unsafe.Pointer(unsafe.SliceData(v))) - uintptr(unsafe.Pointer(unsafe.SliceData(m.mem)))
	if start >= uintptr(len(m.mem)) {
		return // v is not in the mapping
	}
	end := min(uintptr(len(m.mem)), (start+4*uintptr(len(v))+pageBytes-1)&^(pageBytes-1))
	from := max(start&^(pageBytes-1), uintptr(m.faulted))
	if from >= end {
		return
	}
	// Whether or not the kernel can populate (older ones refuse), the
	// copy that follows leaves the pages resident.
	_ = unix.Madvise(m.mem[from:end], unix.MADV_POPULATE_WRITE)
	m.faulted = max(m.faulted, int(end))
}
