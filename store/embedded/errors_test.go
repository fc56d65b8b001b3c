package embedded

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

func TestOpenMissingAndCreate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "store")
	_, err := Open(dir, Options{})
	require.ErrorIs(t, err, store.ErrNotFound)
	_, statErr := os.Stat(dir)
	require.True(t, errors.Is(statErr, os.ErrNotExist), "a failed Open must not create anything")

	s, err := Open(dir, Options{Create: true})
	require.NoError(t, err)
	require.NoError(t, s.Close())
	s, err = Open(dir, Options{}) // exists now
	require.NoError(t, err)
	require.NoError(t, s.Close())

	_, err = Open("", Options{Create: true})
	require.ErrorIs(t, err, store.ErrNotFound)

	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	_, err = Open(file, Options{Create: true})
	require.ErrorIs(t, err, store.ErrNotFound)
}

func TestOpenEmptyDirectory(t *testing.T) {
	dir := t.TempDir()
	_, err := Open(dir, Options{})
	require.ErrorIs(t, err, store.ErrNotFound)
	s, err := Open(dir, Options{Create: true})
	require.NoError(t, err)
	require.NoError(t, s.Close())
}

func TestOpenRefusesForeignDirectory(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644))
	_, err := Open(dir, Options{Create: true})
	require.ErrorIs(t, err, store.ErrCorrupt)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "nothing may be written into a foreign directory")
}

func TestOpenLocked(t *testing.T) {
	s, dir := newTestStore(t)
	_, err := Open(dir, Options{LockTimeout: -1})
	require.ErrorIs(t, err, ErrLocked)
	var locked *LockedError
	require.ErrorAs(t, err, &locked)
	require.Equal(t, os.Getpid(), locked.PID, "the error names the holder")
	require.Contains(t, locked.Command, os.Args[0])
	require.False(t, locked.Readers)
	require.Contains(t, err.Error(), fmt.Sprintf("pid %d", os.Getpid()))
	ro, err := Open(dir, Options{ReadOnly: true, LockTimeout: -1})
	require.NoError(t, err, "a reader never waits for a writer")
	require.True(t, ro.Snapshot())
	require.NoError(t, ro.Close())
	require.NoError(t, s.Close())
	s2, err := Open(dir, Options{})
	require.NoError(t, err)
	require.NoError(t, s2.Close())
}

// storeWithData returns a closed store directory holding two batches.
func storeWithData(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "store")
	s, err := Open(dir, Options{Create: true})
	require.NoError(t, err)
	put(t, s, docSpec{id: "a", texts: []string{"first batch text"}})
	put(t, s, docSpec{id: "b", texts: []string{"second batch text"}})
	require.NoError(t, s.Close())
	return dir
}

func TestOpenBadFormatFile(t *testing.T) {
	for _, tc := range []struct {
		name    string
		content string
		want    error
	}{
		{"not json", "{{{", store.ErrCorrupt},
		{"other format", `{"format":"something-else","version":1}`, store.ErrCorrupt},
		{"zero version", `{"format":"hybridrag-embedded","version":0}`, store.ErrCorrupt},
		{"newer version", fmt.Sprintf(`{"format":"hybridrag-embedded","version":%d}`, FormatVersion+1), store.ErrVersion},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := storeWithData(t)
			path := filepath.Join(dir, formatFile)
			require.NoError(t, os.WriteFile(path, []byte(tc.content), 0o644))
			before, err := os.ReadFile(filepath.Join(dir, logFile))
			require.NoError(t, err)
			_, err = Open(dir, Options{Create: true})
			require.ErrorIs(t, err, tc.want)
			if tc.want == store.ErrVersion {
				var ve *store.VersionError
				require.ErrorAs(t, err, &ve)
				require.Equal(t, FormatVersion+1, ve.Found)
				require.Equal(t, FormatVersion, ve.Want)
			}
			after, err := os.ReadFile(filepath.Join(dir, logFile))
			require.NoError(t, err)
			require.Equal(t, before, after, "a refused store is left untouched")
		})
	}
}

func TestOpenMissingLog(t *testing.T) {
	dir := storeWithData(t)
	require.NoError(t, os.Remove(filepath.Join(dir, logFile)))
	_, err := Open(dir, Options{Create: true})
	require.ErrorIs(t, err, store.ErrCorrupt)
	_, err = os.Stat(filepath.Join(dir, logFile))
	require.True(t, errors.Is(err, os.ErrNotExist), "the log must not be recreated empty")
}

func TestOpenCorruptLog(t *testing.T) {
	for _, tc := range []struct {
		name   string
		damage func(b []byte) []byte
	}{
		{"flipped byte in first record", func(b []byte) []byte { b[logHeaderSize+frameSize+5] ^= 0xff; return b }},
		{"damaged header", func(b []byte) []byte { b[2] = 'X'; return b }},
		{"wrong length in first record", func(b []byte) []byte { b[logHeaderSize] ^= 0x01; return b }},
		{"garbage after tail", func(b []byte) []byte {
			// A bad record followed by more data is damage, not a torn write.
			b[logHeaderSize+frameSize+5] ^= 0xff
			return append(b, make([]byte, 64)...)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := storeWithData(t)
			path := filepath.Join(dir, logFile)
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			damaged := tc.damage(append([]byte(nil), b...))
			require.NoError(t, os.WriteFile(path, damaged, 0o644))
			_, err = Open(dir, Options{})
			require.ErrorIs(t, err, store.ErrCorrupt)
			after, err := os.ReadFile(path)
			require.NoError(t, err)
			require.Equal(t, damaged, after, "a corrupt log is never rewritten")
		})
	}
}

func TestOpenTornTail(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		tail func(last []byte) []byte // last is the final record
	}{
		{"partial frame", func([]byte) []byte { return []byte{1, 2, 3} }},
		{"half a record", func(last []byte) []byte { return last[:len(last)/2] }},
		{"bad checksum at end", func(last []byte) []byte {
			b := append([]byte(nil), last...)
			b[len(b)-1] ^= 0xff
			return b
		}},
		{"zero filled", func(last []byte) []byte { return make([]byte, len(last)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := storeWithData(t)
			path := filepath.Join(dir, logFile)
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			s, err := Open(dir, Options{})
			require.NoError(t, err)
			lastStart := s.st.rows[len(s.st.rows)-1].opOff
			require.NoError(t, s.Close())
			// Find the start of the last record's frame.
			frameStart := findFrameBefore(t, b, lastStart)
			last := b[frameStart:]
			tail := tc.tail(last)
			require.NoError(t, os.WriteFile(path, append(append([]byte(nil), b...), tail...), 0o644))

			s2, err := Open(dir, Options{})
			require.NoError(t, err)
			defer s2.Close()
			require.EqualValues(t, len(tail), s2.Recovery().TruncatedBytes)
			st, err := s2.Stats(ctx, store.Filter{})
			require.NoError(t, err)
			require.Equal(t, 2, st.Documents)
			require.EqualValues(t, 2, st.IndexVersion)
			put(t, s2, docSpec{id: "c", texts: []string{"third batch text"}})
			hits, err := s2.SearchKeyword(ctx, "batch", 10, store.Filter{})
			require.NoError(t, err)
			require.Len(t, hits, 3)
		})
	}
}

// findFrameBefore walks the record frames of a log and returns the start of
// the frame containing off.
func findFrameBefore(t *testing.T, b []byte, off int64) int {
	t.Helper()
	pos := logHeaderSize
	for pos < len(b) {
		n := int(uint32(b[pos]) | uint32(b[pos+1])<<8 | uint32(b[pos+2])<<16 | uint32(b[pos+3])<<24)
		if int64(pos+frameSize+n) > off {
			return pos
		}
		pos += frameSize + n
	}
	t.Fatalf("offset %d not in log", off)
	return 0
}

func TestBadInputLosesNothing(t *testing.T) {
	ctx := context.Background()
	good := docSpec{id: "good", texts: []string{"stored safely", "second chunk"}}
	other := docSpec{id: "other", texts: []string{"other document"}}
	for _, tc := range []struct {
		name    string
		entries func() []store.Entry
		want    error
	}{
		{"dimension mismatch", func() []store.Entry {
			e := docSpec{id: "x", texts: []string{"x"}}.entry()
			e.Vectors[0] = e.Vectors[0][:3]
			return []store.Entry{e}
		}, store.ErrDimensionMismatch},
		{"dimension mismatch in a later entry", func() []store.Entry {
			e := docSpec{id: "y", texts: []string{"y"}}.entry()
			e.Vectors[0] = append(e.Vectors[0], 1)
			return []store.Entry{docSpec{id: "good", texts: []string{"replacement"}}.entry(), e}
		}, store.ErrDimensionMismatch},
		{"NaN vector", func() []store.Entry {
			e := docSpec{id: "x", texts: []string{"x"}}.entry()
			e.Vectors[0][2] = float32(math.NaN())
			return []store.Entry{e}
		}, store.ErrInvalidVector},
		{"infinite vector", func() []store.Entry {
			e := docSpec{id: "x", texts: []string{"x"}}.entry()
			e.Vectors[0][0] = float32(math.Inf(1))
			return []store.Entry{e}
		}, store.ErrInvalidVector},
		{"zero vector", func() []store.Entry {
			e := docSpec{id: "x", texts: []string{"x"}}.entry()
			e.Vectors[0] = make([]float32, testDim)
			return []store.Entry{e}
		}, store.ErrInvalidVector},
		{"duplicate document ids", func() []store.Entry {
			return []store.Entry{docSpec{id: "good", texts: []string{"one"}}.entry(), docSpec{id: "good", texts: []string{"two"}}.entry()}
		}, store.ErrInvalidEntry},
		{"duplicate chunk ids", func() []store.Entry {
			e := docSpec{id: "x", texts: []string{"x", "y"}}.entry()
			e.Chunks[1].ID = e.Chunks[0].ID
			return []store.Entry{e}
		}, store.ErrInvalidEntry},
		{"chunk id owned by another document", func() []store.Entry {
			e := docSpec{id: "x", texts: []string{"x"}}.entry()
			e.Chunks[0].ID = good.entry().Chunks[0].ID
			return []store.Entry{e}
		}, store.ErrInvalidEntry},
		{"empty document", func() []store.Entry {
			e := docSpec{id: "x", texts: []string{"x"}}.entry()
			e.Chunks, e.Vectors = nil, nil
			return []store.Entry{e}
		}, store.ErrInvalidEntry},
		{"missing vector", func() []store.Entry {
			e := docSpec{id: "x", texts: []string{"x", "y"}}.entry()
			e.Vectors = e.Vectors[:1]
			return []store.Entry{e}
		}, store.ErrInvalidEntry},
		{"chunk of another document", func() []store.Entry {
			e := docSpec{id: "x", texts: []string{"x"}}.entry()
			e.Chunks[0].DocumentID = "other"
			return []store.Entry{e}
		}, store.ErrInvalidEntry},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, dir := newTestStore(t)
			put(t, s, good, other)
			before := allChunks(t, s)
			statsBefore, err := s.Stats(ctx, store.Filter{})
			require.NoError(t, err)

			require.ErrorIs(t, s.Put(ctx, tc.entries()...), tc.want)

			require.Equal(t, before, allChunks(t, s))
			statsAfter, err := s.Stats(ctx, store.Filter{})
			require.NoError(t, err)
			require.Equal(t, statsBefore, statsAfter)
			hits, err := s.SearchKeyword(ctx, "stored safely", 5, store.Filter{})
			require.NoError(t, err)
			require.Equal(t, "stored safely", hits[0].Chunk.Text)
			// And after reopening.
			require.NoError(t, s.Close())
			s2 := openTest(t, dir, Options{})
			require.Equal(t, before, allChunks(t, s2))
		})
	}
}

func TestSearchArguments(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	empty, err := s.SearchVector(ctx, testVector("q", testDim), 3, store.Filter{})
	require.NoError(t, err)
	require.Empty(t, empty)
	put(t, s, docSpec{id: "a", texts: []string{"alpha text"}})
	_, err = s.SearchVector(ctx, testVector("q", testDim), 0, store.Filter{})
	require.ErrorIs(t, err, ErrInvalidK)
	_, err = s.SearchKeyword(ctx, "alpha", -1, store.Filter{})
	require.ErrorIs(t, err, ErrInvalidK)
	_, err = s.SearchVector(ctx, testVector("q", 3), 3, store.Filter{})
	require.ErrorIs(t, err, store.ErrDimensionMismatch)
	_, err = s.SearchVector(ctx, nil, 3, store.Filter{})
	require.ErrorIs(t, err, store.ErrDimensionMismatch)
	nan := testVector("q", testDim)
	nan[1] = float32(math.NaN())
	_, err = s.SearchVector(ctx, nan, 3, store.Filter{})
	require.ErrorIs(t, err, store.ErrInvalidVector)
	hits, err := s.SearchKeyword(ctx, "the and of", 3, store.Filter{})
	require.NoError(t, err)
	require.Empty(t, hits, "a query of stop words has no terms")
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = s.SearchKeyword(cancelled, "alpha", 3, store.Filter{})
	require.ErrorIs(t, err, context.Canceled)
	require.ErrorIs(t, s.Put(cancelled, docSpec{id: "b", texts: []string{"b"}}.entry()), context.Canceled)

	require.NoError(t, s.Close())
	require.NoError(t, s.Close())
	_, err = s.SearchKeyword(ctx, "alpha", 3, store.Filter{})
	require.ErrorIs(t, err, store.ErrClosed)
	_, err = s.SearchVector(ctx, testVector("q", testDim), 3, store.Filter{})
	require.ErrorIs(t, err, store.ErrClosed)
	_, err = s.Stats(ctx, store.Filter{})
	require.ErrorIs(t, err, store.ErrClosed)
	require.ErrorIs(t, s.Put(ctx, docSpec{id: "b", texts: []string{"b"}}.entry()), store.ErrClosed)
	require.ErrorIs(t, s.Delete(ctx, "", "", "a"), store.ErrClosed)
	_, err = s.TermStats(ctx, "alpha", store.Filter{})
	require.ErrorIs(t, err, store.ErrClosed)
}
