package embedded

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// Format 1 wrote each vector inline in its chunk op; these encoders
// reproduce it so that the tests can check such stores are still read.

func appendHeaderV1(b []byte, h batchHeader) []byte {
	b = append(b, kindBatch)
	b = binary.AppendUvarint(b, uint64(h.version))
	b = binary.AppendUvarint(b, h.nextSerial)
	return binary.AppendUvarint(b, uint64(h.nOps))
}

func appendChunkInline(b []byte, f chunkFields, vec []float32, js []byte) []byte {
	b = append(b, opPutChunk)
	b = appendChunkFields(b, f)
	b = binary.AppendUvarint(b, uint64(len(vec)))
	for _, x := range vec {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	b = binary.AppendUvarint(b, uint64(len(js)))
	return append(b, js...)
}

// TestFormat1StoreIsReadUpgradedAndCompacted writes a format 1 log by hand,
// then opens it: read-only leaves FORMAT alone, writable marks it version
// 2; new batches and a compaction that mixes inline and block chunks keep
// every vector.
func TestFormat1StoreIsReadUpgradedAndCompacted(t *testing.T) {
	old := compactMinDeadBytes
	compactMinDeadBytes = 1
	t.Cleanup(func() { compactMinDeadBytes = old })
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "store")
	s, err := Open(dir, Options{Create: true})
	require.NoError(t, err)

	specs := []docSpec{
		{id: "old1", texts: []string{"valve maintenance schedule", "pump priming steps"}},
		{id: "old2", texts: []string{"filter cartridge replacement"}},
	}
	rec := newRecord(0)
	rec = appendHeaderV1(rec, batchHeader{version: 1, nextSerial: 4, nOps: 5})
	serial := uint64(1)
	for _, d := range specs {
		e := d.entry()
		rec = appendDelete(rec, "", "", d.id)
		for j := range e.Chunks {
			c := e.Chunks[j]
			c.IndexVersion = 1
			js, err := json.Marshal(c)
			require.NoError(t, err)
			vec := make([]float32, testDim)
			normalizeInto(vec, e.Vectors[j])
			rec = appendChunkInline(rec, chunkFields{serial: serial, tokens: 3, chunk: &c}, vec, js)
			serial++
		}
	}
	_, err = s.log.append(rec)
	require.NoError(t, err)
	require.NoError(t, s.Close())
	require.NoError(t, os.WriteFile(filepath.Join(dir, formatFile), []byte(`{"format":"hybridrag-embedded","version":1}`+"\n"), 0o644))

	version := func() int {
		v, err := readFormat(dir)
		require.NoError(t, err)
		return v
	}
	// checkVectors asserts that every chunk's stored vector is its
	// normalised test vector, and that the texts are intact.
	checkVectors := func(s *Store, want map[string]bool) {
		t.Helper()
		got := map[string]bool{}
		err := s.Scan(ctx, store.Filter{}, func(c store.Chunk, vec []float32) error {
			exp := make([]float32, testDim)
			normalizeInto(exp, testVector(c.Text, testDim))
			require.Equal(t, exp, vec, c.Text)
			got[c.DocumentID] = true
			return nil
		})
		require.NoError(t, err)
		require.Equal(t, want, got)
		for id := range want {
			hits, err := s.SearchVector(ctx, testVector(map[string]string{"old1": "pump priming steps", "old2": "filter cartridge replacement", "new": "impeller inspection"}[id], testDim), 1, store.Filter{})
			require.NoError(t, err)
			require.Equal(t, id, hits[0].Chunk.DocumentID)
		}
	}

	ro := openTest(t, dir, Options{ReadOnly: true})
	checkVectors(ro, map[string]bool{"old1": true, "old2": true})
	require.NoError(t, ro.Close())
	require.Equal(t, 1, version(), "a read-only open leaves the format alone")

	s = openTest(t, dir, Options{})
	require.Equal(t, FormatVersion, version(), "a writable open marks the store with this build's format")
	checkVectors(s, map[string]bool{"old1": true, "old2": true})
	hits, err := s.SearchKeyword(ctx, "cartridge", 1, store.Filter{})
	require.NoError(t, err)
	require.Equal(t, "old2", hits[0].Chunk.DocumentID)

	// A block batch, then a delete that leaves dead bytes: compaction
	// rewrites inline and block chunks into one record.
	put(t, s, docSpec{id: "new", texts: []string{"impeller inspection", "seal replacement"}})
	require.NoError(t, s.Delete(ctx, "", "", "old2"))
	want := map[string]bool{"old1": true, "new": true}
	checkVectors(s, want)
	require.NoError(t, s.Close())

	s = openTest(t, dir, Options{})
	checkVectors(s, want)
	inline, block := 0, 0
	for _, r := range s.st.rows {
		if r.inBlock {
			block++
		} else {
			inline++
		}
	}
	require.Equal(t, [2]int{2, 2}, [2]int{inline, block})
}
