package embedded

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// smallParts makes every part hold two chunks and every analysis slice
// one, so that a few chunks exercise the multi-record path.
func smallParts(t *testing.T) {
	t.Helper()
	pc, as := partChunks, analyzeSlice
	partChunks, analyzeSlice = 2, 1
	t.Cleanup(func() { partChunks, analyzeSlice = pc, as })
}

func bigSpec(id, version string, n int) docSpec {
	d := docSpec{tenant: "t", project: "p", id: id, title: id}
	for i := range n {
		d.texts = append(d.texts, fmt.Sprintf("%s %s paragraph%d pump seal valve %d", id, version, i, i*i))
	}
	return d
}

// stream writes e through a stream, per Write calls of step chunks.
func stream(t *testing.T, s *Store, e store.Entry, step int) {
	t.Helper()
	ctx := context.Background()
	ds, err := s.StreamDocument(ctx, e.Document)
	require.NoError(t, err)
	defer ds.Abort()
	for lo := 0; lo < len(e.Chunks); lo += step {
		hi := min(lo+step, len(e.Chunks))
		require.NoError(t, ds.Write(ctx, e.Chunks[lo:hi], e.Vectors[lo:hi]))
	}
	require.NoError(t, ds.Commit(ctx))
}

// snapshotOf is what a store answers: its chunks (with IndexVersion) and
// the scores of a few searches.
func snapshotOf(t *testing.T, s *Store) map[string]any {
	t.Helper()
	ctx := context.Background()
	out := map[string]any{}
	for k, c := range allChunks(t, s) {
		out[k] = fmt.Sprintf("%s|%d|%d", c.Text, c.IndexVersion, c.Tokens)
	}
	for _, q := range []string{"pump seal", "v2 paragraph3", "other"} {
		hits, err := s.SearchKeyword(ctx, q, 50, store.Filter{})
		require.NoError(t, err)
		out["kw "+q] = scores(hits)
	}
	hits, err := s.SearchVector(ctx, testVector("query", testDim), 50, store.Filter{})
	require.NoError(t, err)
	out["vec"] = scores(hits)
	st, err := s.Stats(ctx, store.Filter{})
	require.NoError(t, err)
	out["stats"] = st
	return out
}

func scores(hits []store.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = fmt.Sprintf("%s %.5f", h.Chunk.ID, h.Score)
	}
	sort.Strings(out) // ties may come in another order
	return out
}

// TestStreamEqualsPut: a document streamed over many part records ends up
// exactly as the same document written by Put, before and after reopening.
func TestStreamEqualsPut(t *testing.T) {
	smallParts(t)
	ctx := context.Background()
	other := docSpec{tenant: "t", project: "p", id: "other", texts: []string{"other document pump"}}
	for _, step := range []int{1, 3, 100} {
		t.Run(fmt.Sprint("step ", step), func(t *testing.T) {
			viaPut, _ := newTestStore(t)
			viaStream, dir := newTestStore(t)
			for _, s := range []*Store{viaPut, viaStream} {
				put(t, s, other, bigSpec("big", "v1", 5))
			}
			v2 := bigSpec("big", "v2", 9)
			require.NoError(t, viaPut.Put(ctx, v2.entry()))
			stream(t, viaStream, v2.entry(), step)
			want := snapshotOf(t, viaPut)
			require.Equal(t, want, snapshotOf(t, viaStream))

			require.NoError(t, viaStream.Close())
			re := openTest(t, dir, Options{})
			require.Equal(t, Recovery{}, re.Recovery())
			require.Equal(t, want, snapshotOf(t, re))
			ro := openTest(t, dir, Options{ReadOnly: true})
			require.Equal(t, want, snapshotOf(t, ro))
		})
	}
}

// TestStreamAbortKeepsStoredVersion: an aborted stream leaves the stored
// document, the log and later writes as if it had never started.
func TestStreamAbortKeepsStoredVersion(t *testing.T) {
	smallParts(t)
	ctx := context.Background()
	s, dir := newTestStore(t)
	put(t, s, bigSpec("big", "v1", 5))
	want := snapshotOf(t, s)
	logPath := filepath.Join(dir, logFile)
	size := func() int64 { fi, err := os.Stat(logPath); require.NoError(t, err); return fi.Size() }
	before := size()

	e := bigSpec("big", "v2", 9).entry()
	ds, err := s.StreamDocument(ctx, e.Document)
	require.NoError(t, err)
	require.NoError(t, ds.Write(ctx, e.Chunks[:5], e.Vectors[:5]))
	require.Greater(t, size(), before, "parts are written as they come")
	require.Equal(t, want, snapshotOf(t, s), "searches do not see an uncommitted stream")
	require.NoError(t, ds.Abort())
	require.NoError(t, ds.Abort(), "a second Abort is a no-op")
	require.ErrorIs(t, ds.Write(ctx, e.Chunks[5:], e.Vectors[5:]), errStreamEnded)
	require.ErrorIs(t, ds.Commit(ctx), errStreamEnded)
	require.Equal(t, before, size())
	require.Equal(t, want, snapshotOf(t, s))

	put(t, s, docSpec{tenant: "t", project: "p", id: "later", texts: []string{"later"}})
	want = snapshotOf(t, s)
	require.NoError(t, s.Close())
	re := openTest(t, dir, Options{})
	require.Equal(t, Recovery{}, re.Recovery())
	require.Equal(t, want, snapshotOf(t, re))
}

// TestStreamCrashLeavesStoredVersion: the parts of a stream whose commit
// was never written (the process died) are invisible to a reader and cut
// off by the next writer, which finds the previous version intact.
func TestStreamCrashLeavesStoredVersion(t *testing.T) {
	smallParts(t)
	ctx := context.Background()
	s, dir := newTestStore(t)
	put(t, s, bigSpec("big", "v1", 5))
	want := snapshotOf(t, s)
	e := bigSpec("big", "v2", 9).entry()
	ds, err := s.StreamDocument(ctx, e.Document)
	require.NoError(t, err)
	require.NoError(t, ds.Write(ctx, e.Chunks[:7], e.Vectors[:7]))

	// A copy of the log taken now is what a kill -9 leaves behind (the
	// keyword index is derived and rebuilt from the log).
	crashed := filepath.Join(t.TempDir(), "crashed")
	require.NoError(t, os.MkdirAll(crashed, 0o755))
	for _, name := range []string{formatFile, logFile} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(crashed, name), b, 0o644))
	}
	// A reader opened while the writer streams sees the committed state.
	ro := openTest(t, dir, Options{ReadOnly: true})
	require.Equal(t, want, snapshotOf(t, ro))
	require.NoError(t, ds.Abort())

	ro2 := openTest(t, crashed, Options{ReadOnly: true})
	require.Zero(t, ro2.Recovery().TruncatedBytes, "a reader does not count a stream in progress")
	require.Equal(t, want, snapshotOf(t, ro2))
	require.NoError(t, ro2.Close())
	w := openTest(t, crashed, Options{})
	require.Positive(t, w.Recovery().TruncatedBytes)
	require.Equal(t, want, snapshotOf(t, w))
	stream(t, w, e, 4)
	require.NoError(t, w.Close())
	w = openTest(t, crashed, Options{})
	require.Zero(t, w.Recovery().TruncatedBytes)
	got := snapshotOf(t, w)
	require.Len(t, got["vec"], 9)
}

// TestStreamRejects: a stream validates like Put, and a failed stream
// changes nothing.
func TestStreamRejects(t *testing.T) {
	smallParts(t)
	ctx := context.Background()
	s, _ := newTestStore(t)
	put(t, s, bigSpec("big", "v1", 3), docSpec{tenant: "t", project: "p", id: "other", texts: []string{"other"}})
	want := snapshotOf(t, s)
	v2 := bigSpec("big", "v2", 4).entry()
	otherChunk := docSpec{tenant: "t", project: "p", id: "other", texts: []string{"other"}}.entry()
	stolen := otherChunk.Chunks[0]
	stolen.DocumentID = "big"
	wrongDoc := v2.Chunks[0]
	wrongDoc.DocumentID = "elsewhere"
	for _, tc := range []struct {
		name    string
		chunks  []store.Chunk
		vectors [][]float32
		want    error
	}{
		{"another document's chunk id", []store.Chunk{stolen}, [][]float32{testVector("x", testDim)}, store.ErrInvalidEntry},
		{"chunk of another document", []store.Chunk{wrongDoc}, v2.Vectors[:1], store.ErrInvalidEntry},
		{"repeated chunk id", []store.Chunk{v2.Chunks[0], v2.Chunks[0]}, v2.Vectors[:2], store.ErrInvalidEntry},
		{"missing vector", v2.Chunks[:2], v2.Vectors[:1], store.ErrInvalidEntry},
		{"wrong dimension", v2.Chunks[:1], [][]float32{{1, 2}}, store.ErrDimensionMismatch},
		{"zero vector", v2.Chunks[:1], [][]float32{make([]float32, testDim)}, store.ErrInvalidVector},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ds, err := s.StreamDocument(ctx, v2.Document)
			require.NoError(t, err)
			require.NoError(t, ds.Write(ctx, v2.Chunks[1:3], v2.Vectors[1:3]))
			require.ErrorIs(t, ds.Write(ctx, tc.chunks, tc.vectors), tc.want)
			require.ErrorIs(t, ds.Commit(ctx), tc.want, "a failed stream cannot commit")
			require.Equal(t, want, snapshotOf(t, s))
		})
	}
	t.Run("empty", func(t *testing.T) {
		ds, err := s.StreamDocument(ctx, v2.Document)
		require.NoError(t, err)
		require.ErrorIs(t, ds.Commit(ctx), store.ErrInvalidEntry)
		require.Equal(t, want, snapshotOf(t, s))
	})
	t.Run("read-only", func(t *testing.T) {
		ro := openTest(t, s.Dir(), Options{ReadOnly: true})
		_, err := ro.StreamDocument(ctx, v2.Document)
		require.ErrorIs(t, err, ErrReadOnly)
	})
}

// TestStreamManyParts: a commit names more parts than its record has bytes
// (the 200 MB file had 501 parts), and reopening replays them all.
func TestStreamManyParts(t *testing.T) {
	smallParts(t)
	partChunks = 1
	s, dir := newTestStore(t)
	e := bigSpec("big", "v1", 45).entry() // under the searches' k: ties cut no differently
	stream(t, s, e, 7)
	want := snapshotOf(t, s)
	require.NoError(t, s.Close())
	re := openTest(t, dir, Options{})
	require.Equal(t, want, snapshotOf(t, re))
	require.Len(t, want["vec"], 45)
}
