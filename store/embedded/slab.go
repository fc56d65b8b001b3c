package embedded

import "slices"

// The slab (state.slab) holds every vector, so it is nearly all of the
// store's memory: 1.5 GB at 1M chunks × 384 dims. It used to grow like
// any Go slice, copying itself into fresh memory at each step; opening a
// 1M store copied it some thirty times (83 % of Open's CPU) and, with the
// garbage the copies left, peaked at 3.5–5× the vectors' bytes.
//
// Now it never moves by copying:
//   - Open counts the chunk ops in the log's record headers first
//     (recordLog.countOps) and reserves rows, documents and slab for all of them at once;
//   - on Linux the slab is an anonymous mapping outside the Go heap
//     (slab_mmap.go): reserved capacity costs address space only, since a
//     page becomes resident when a vector is first written to it, and a
//     slab that must grow after Open is moved by mremap, which remaps its
//     pages instead of copying them. Elsewhere (slab_heap.go) it is a Go
//     slice grown by append.
//
// Holders of the slab: the state's methods, under the Store's lock (a
// search holds it shared, a write that may grow the slab holds it
// exclusively). No slice into the slab may be kept past the lock: a grow
// may move it, and Close unmaps it.

// slabGrowthNum/slabGrowthDen is the factor the slab's capacity grows by when Puts after
// Open outgrow it, so that a store growing by small batches remaps it
// O(log n) times.
const slabGrowthNum, slabGrowthDen = 3, 2

// reserve sizes a state that holds nothing yet for up to n rows from up to
// docs documents, so that replaying a log of n chunk ops neither regrows
// rows nor rehashes the chunk-id map, the document map or the document-id
// interner; the slab follows rows (vectorRoom reserves room for every row
// rows has room for). n and docs are upper bounds (what later records
// replace counts twice); the unused part of the slab's reservation is never
// written, so it never becomes resident.
func (st *state) reserve(n, docs int) {
	if n <= 0 || len(st.rows) > 0 || cap(st.rows) >= n {
		return
	}
	st.rows = make([]rowMeta, 0, n)
	st.byChunk = newChunkMap[uint64](n)
	st.reserveDocs(min(docs, n))
}

// reserveDocs gives a state that has never held documents room for docs
// of them.
func (st *state) reserveDocs(docs int) {
	if len(st.docList) > 0 || cap(st.docList) >= docs {
		return
	}
	st.docs = make(map[docKey]int32, docs)
	st.docList = make([]docEntry, 0, docs)
	st.docIDs.reserve(docs)
}

// rowRoom makes room for the next row: when rows are full, for every
// chunk op the batch may still hold at once (its op count less its leading
// deletes: applyBatch sets batchEnd). It grows rows only when they are
// full, so a state reserved from its log's headers is never regrown while
// it replays.
func (st *state) rowRoom() {
	if len(st.rows) == cap(st.rows) {
		st.rows = slices.Grow(st.rows, max(st.batchEnd-len(st.rows), 1))
	}
}

// slabCap returns the capacity, in floats, to grow a slab of cap floats
// to when it needs need floats.
func slabCap(capFloats, need int) int {
	return max(need, capFloats*slabGrowthNum/slabGrowthDen)
}
