//go:build linux

package embedded

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/hybridrag/hybridrag/store"
)

// blockBatch encodes a put batch of n one-chunk documents with serials
// from first, their vectors in a block.
func blockBatch(first uint64, n, dim int) []byte {
	rec := newRecord(0)
	rec = appendHeader(rec, batchHeader{version: int64(first), nextSerial: first + uint64(n), nOps: 2 * n, dim: dim})
	for i := range n {
		rec = appendDelete(rec, "t", "", "d"+strconv.FormatUint(first+uint64(i), 10))
	}
	var vecs []float32
	for i := range n {
		s := first + uint64(i)
		id := strconv.FormatUint(s, 10)
		ch := store.Chunk{ID: id, DocumentID: "d" + id, TenantID: "t"}
		rec = appendChunk(rec, chunkFields{serial: s, tokens: 1, chunk: &ch}, []byte("{}"))
		vecs = append(vecs, testVector(id, dim)...)
	}
	return appendVectors(rec, vecs)[frameSize:]
}

// prefault remembers how far it has faulted the slab in, so that a batch
// written over pages already resident (after deletes, or in the spare
// mapping of a freed slab) does not fault them in again; the mark follows
// the mapping through mremap and the spare.
func TestPrefaultMark(t *testing.T) {
	const dim = 256 // a row is a 1 KiB: four rows a page
	// Start without a spare mapping, so that this test's slab is the one
	// kept.
	dropSpare()
	st := newState()
	rowBytes := func(n int) int { return (4*n*dim + pageBytes - 1) &^ (pageBytes - 1) }
	check := func(t *testing.T) {
		t.Helper()
		for i, r := range st.rows {
			require.Equal(t, testVector(strconv.FormatUint(r.serial, 10), dim), st.vector(int32(i)), "serial %d", r.serial)
		}
	}

	require.NoError(t, st.applyBatch(blockBatch(1, 10, dim), logHeaderSize+frameSize))
	require.Equal(t, rowBytes(10), st.mem.faulted, "the batch's pages")
	check(t)

	// A larger batch grows the slab by mremap: the mark stays and grows.
	require.NoError(t, st.applyBatch(blockBatch(11, 300, dim), logHeaderSize+frameSize))
	require.Equal(t, rowBytes(310), st.mem.faulted)
	require.GreaterOrEqual(t, len(st.mem.mem), st.mem.faulted)
	check(t)

	// Deleting every document leaves the pages resident: refilling part
	// of them moves no mark.
	for _, r := range append([]rowMeta(nil), st.rows...) {
		st.removeDoc(docKey{"t", "", "d" + strconv.FormatUint(r.serial, 10)})
	}
	require.Empty(t, st.rows)
	require.NoError(t, st.applyBatch(blockBatch(400, 100, dim), logHeaderSize+frameSize))
	require.Equal(t, rowBytes(310), st.mem.faulted)
	check(t)

	// The freed slab becomes the spare with its mark, and the next slab
	// that fits in it takes both.
	st.freeSlab()
	spare.Lock()
	require.NotNil(t, spare.mem)
	require.Equal(t, rowBytes(310), spare.faulted)
	spare.Unlock()
	next := newState()
	defer next.freeSlab()
	require.NoError(t, next.applyBatch(blockBatch(1, 5, dim), logHeaderSize+frameSize))
	require.Equal(t, rowBytes(310), next.mem.faulted)
	st = next
	check(t)
}

// A freed slab's pages are kept as they are for spareKeep after the latest
// free, then given back lazily; the next slab reuses the mapping either way.
func TestSpareGivenBack(t *testing.T) {
	const dim = 256
	dropSpare()
	st := newState()
	require.NoError(t, st.applyBatch(blockBatch(1, 50, dim), logHeaderSize+frameSize))
	st.freeSlab()

	giveBackSpare() // too early: kept
	spare.Lock()
	require.NotNil(t, spare.mem)
	require.False(t, spare.given)
	spare.since = spare.since.Add(-spareKeep)
	spare.Unlock()
	giveBackSpare()
	spare.Lock()
	require.True(t, spare.given)
	require.Zero(t, spare.faulted, "given-back pages are prefaulted again")
	spare.Unlock()

	next := newState()
	defer next.freeSlab()
	require.NoError(t, next.applyBatch(blockBatch(1, 50, dim), logHeaderSize+frameSize))
	spare.Lock()
	require.Nil(t, spare.mem, "the next slab took the spare")
	spare.Unlock()
	require.Equal(t, (4*50*dim+pageBytes-1)&^(pageBytes-1), next.mem.faulted)
	for i, r := range next.rows {
		require.Equal(t, testVector(strconv.FormatUint(r.serial, 10), dim), next.vector(int32(i)), "serial %d", r.serial)
	}
}

// dropSpare unmaps the spare mapping, so that the next slab is mapped
// fresh.
func dropSpare() {
	if mem, _ := takeSpare(0); mem != nil {
		_ = unix.Munmap(mem)
	}
}
