package embedded

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// manyDocs returns n one-chunk documents whose ids are long, so that the
// delete ops leading their batch record are larger than presizeWindow.
func manyDocs(n int, prefix string) []docSpec {
	docs := make([]docSpec, n)
	for i := range docs {
		id := fmt.Sprintf("%s-%s-%05d", prefix, strings.Repeat("x", 40), i)
		docs[i] = docSpec{tenant: "t", id: id, texts: []string{"text of " + id}}
	}
	return docs
}

func TestCountChunkOps(t *testing.T) {
	ctx := context.Background()
	two := docSpec{tenant: "t", id: "a", texts: []string{"alpha one", "alpha two"}}
	three := docSpec{tenant: "t", id: "b", texts: []string{"beta one", "beta two", "beta three"}}
	other := docSpec{tenant: "u", project: "p", id: "a", texts: []string{"other alpha"}}
	tests := []struct {
		name     string
		run      func(t *testing.T, s *Store)
		want     int // chunk ops in the log (replaced chunks count again)
		wantDocs int // documents the log's records write (replaced ones count again)
		live     int
	}{
		{name: "empty", run: func(*testing.T, *Store) {}},
		{name: "one batch", run: func(t *testing.T, s *Store) { put(t, s, two, three, other) }, want: 6, wantDocs: 3, live: 6},
		{name: "batches", run: func(t *testing.T, s *Store) { put(t, s, two); put(t, s, three); put(t, s, other) }, want: 6, wantDocs: 3, live: 6},
		{name: "replaced", run: func(t *testing.T, s *Store) { put(t, s, two, three); put(t, s, three) }, want: 8, wantDocs: 3, live: 5},
		{name: "deleted", run: func(t *testing.T, s *Store) {
			put(t, s, two, three)
			require.NoError(t, s.Delete(ctx, "t", "", "a", "b"))
		}, want: 5, wantDocs: 2, live: 0},
		{name: "deletes past the window", run: func(t *testing.T, s *Store) {
			put(t, s, manyDocs(2000, "d")...)
			put(t, s, manyDocs(2000, "d")...)
		}, want: 4000, wantDocs: 4000, live: 2000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, dir := newTestStore(t)
			tc.run(t, s)
			chunks, docs := s.log.countOps()
			require.Equal(t, tc.want, chunks)
			require.Equal(t, tc.wantDocs, docs)
			require.NoError(t, s.Close())

			s = openTest(t, dir, Options{})
			require.Equal(t, tc.live, len(s.st.rows))
			if tc.want > 0 {
				require.Equal(t, tc.want, cap(s.st.rows), "Open reserves rows for the log's chunk ops")
				require.Equal(t, tc.wantDocs, cap(s.st.docList), "Open reserves documents for the log's")
			}
		})
	}
}

// A torn final record is not counted: replay cuts it off.
func TestCountChunkOpsTornTail(t *testing.T) {
	s, dir := newTestStore(t)
	put(t, s, docSpec{tenant: "t", id: "a", texts: []string{"one", "two"}})
	put(t, s, docSpec{tenant: "t", id: "b", texts: []string{"three"}})
	require.NoError(t, s.Close())
	path := filepath.Join(dir, logFile)
	info, err := os.Stat(path)
	require.NoError(t, err)
	require.NoError(t, os.Truncate(path, info.Size()-10))
	log, err := openLog(path, true)
	require.NoError(t, err)
	defer log.close()
	chunks, docs := log.countOps()
	require.Equal(t, 2, chunks)
	require.Equal(t, 1, docs)
}

func TestChunkOpsIn(t *testing.T) {
	header := func(kind byte, nOps, dim int) []byte {
		b := []byte{kind}
		b = append(b, 1, 1) // version, next serial
		b = append(b, byte(nOps))
		if kind == kindBlockBatch {
			b = append(b, byte(dim))
		}
		return b
	}
	del := appendDelete(nil, "t", "p", "doc")
	tests := []struct {
		name       string
		prefix     []byte
		payloadLen int64
		chunks     int
		docs       int
		ok         bool
	}{
		{"deletes then chunks", append(append(header(kindBlockBatch, 5, 2), del...), opPutBlockChunk), 1000, 4, 1, true},
		{"more deletes than chunks", append(append(append(append(header(kindBlockBatch, 4, 2), del...), del...), del...), opPutBlockChunk), 1000, 1, 1, true},
		{"no deletes", append(header(kindBlockBatch, 3, 2), opPutBlockChunk), 1000, 3, 0, true},
		{"only deletes", append(append(header(kindBatch, 2, 0), del...), del...), 1000, 0, 0, true},
		{"prefix ends in the deletes", append(append(header(kindBatch, 3, 0), del...), del[:3]...), 1000, 0, 0, false},
		{"prefix ends after the deletes", append(header(kindBatch, 3, 0), del...), 1000, 0, 0, false},
		{"prefix ends in the header", header(kindBlockBatch, 3, 2)[:3], 1000, 0, 0, false},
		{"count larger than the record could hold", append(header(kindBlockBatch, 120, 2), opPutBlockChunk), 250, 250 / (17 + 8), 0, true},
		{"not a batch", []byte{9, 1, 1, 1}, 1000, 0, 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			chunks, docs, ok := chunkOpsIn(tc.prefix, tc.payloadLen)
			require.Equal(t, tc.ok, ok)
			require.Equal(t, tc.chunks, chunks)
			require.Equal(t, tc.docs, docs)
		})
	}
}

// Replaying a log into a state reserved from its headers never moves the
// slab: it is sized once.
func TestReplaySizesSlabOnce(t *testing.T) {
	s, dir := newTestStore(t)
	for i := range 20 {
		put(t, s, manyDocs(50, fmt.Sprint("b", i))...)
	}
	require.NoError(t, s.Close())
	log, err := openLog(filepath.Join(dir, logFile), true)
	require.NoError(t, err)
	defer log.close()
	st := newState()
	defer st.freeSlab()
	st.reserve(log.countOps())
	var base *float32
	_, err = log.replay(func(off int64, payload []byte) error {
		if err := st.applyBatch(payload, off); err != nil {
			return err
		}
		if base == nil {
			base = unsafe.SliceData(st.slab)
		}
		require.Same(t, base, unsafe.SliceData(st.slab), "the slab moved")
		return nil
	})
	require.NoError(t, err)
	require.Len(t, st.rows, 1000)
	require.Equal(t, 1000, cap(st.rows))
}

// Puts after Open outgrow the reservation many times (small batches);
// every vector must survive each move of the slab, in memory and after a
// reopen.
func TestSlabGrowthKeepsVectors(t *testing.T) {
	ctx := context.Background()
	s, dir := newTestStore(t)
	want := map[string][]float32{}
	check := func(s *Store) {
		t.Helper()
		n := 0
		require.NoError(t, s.Scan(ctx, store.Filter{}, func(c store.Chunk, vec []float32) error {
			n++
			require.InDeltaSlice(t, want[c.ID], vec, 1e-6, c.ID)
			return nil
		}))
		require.Equal(t, len(want), n)
	}
	add := func(s *Store, round int) {
		docs := manyDocs(7, fmt.Sprint("r", round))
		put(t, s, docs...)
		for _, d := range docs {
			e := d.entry()
			v := make([]float32, testDim)
			normalizeInto(v, e.Vectors[0])
			want[e.Chunks[0].ID] = v
		}
	}
	for round := range 200 {
		add(s, round)
	}
	check(s)
	require.NoError(t, s.Close())
	require.Nil(t, s.st.slab, "Close releases the slab")

	s = openTest(t, dir, Options{})
	check(s)
	for round := 200; round < 400; round++ {
		add(s, round)
	}
	// Deleting documents moves the last rows into the holes.
	for round := 0; round < 400; round += 3 {
		for _, d := range manyDocs(7, fmt.Sprint("r", round)) {
			require.NoError(t, s.Delete(ctx, d.tenant, d.project, d.id))
			delete(want, d.entry().Chunks[0].ID)
		}
	}
	check(s)
	hits, err := s.SearchVector(ctx, testVector("text of probe", testDim), 5, store.Filter{})
	require.NoError(t, err)
	require.Len(t, hits, 5)
}
