package embedded

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// scored is a search result reduced to what must match between two views
// of one committed state.
func scored(t *testing.T, s *Store, q string) []string {
	t.Helper()
	hits, err := s.SearchKeyword(context.Background(), q, 20, store.Filter{})
	require.NoError(t, err)
	var out []string
	for _, h := range hits {
		out = append(out, fmt.Sprintf("%s %.6f", h.Chunk.ID, h.Score))
	}
	return out
}

// TestSnapshotWhileWriterHoldsStore: a read-only Open while a writer holds
// the store never waits and serves exactly the committed state of Open
// time, with the writer's scores, from the published keyword copy; later
// commits show in a later Open. When no copy matches the log (removed,
// or compacted past), it builds the index in memory and still agrees.
func TestSnapshotWhileWriterHoldsStore(t *testing.T) {
	old := compactMinDeadBytes
	t.Cleanup(func() { compactMinDeadBytes = old })
	for _, tc := range []struct {
		name      string
		compact   bool
		damage    func(t *testing.T, dir string)
		published bool
	}{
		{name: "published copy", published: true},
		{name: "after compaction", compact: true, published: true},
		{name: "no copy", damage: func(t *testing.T, dir string) {
			require.NoError(t, os.RemoveAll(filepath.Join(dir, publishDir)))
		}},
		{name: "copy missing", damage: func(t *testing.T, dir string) {
			require.NoError(t, os.WriteFile(filepath.Join(dir, publishDir, publishCurrent), []byte("999\n"), 0o644))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			compactMinDeadBytes = old
			if tc.compact {
				compactMinDeadBytes = 1
			}
			w, dir := newTestStore(t)
			put(t, w, docSpec{id: "a", texts: []string{"alpha pump seal", "alpha valve"}})
			for v := range 5 {
				put(t, w, docSpec{id: "churn", texts: []string{fmt.Sprintf("pump churn version %d", v)}})
			}
			waitPublished(t, w)
			if tc.damage != nil {
				// The copier would repair the damage with its next copy.
				w.pub.stop()
				w.pub = nil
				tc.damage(t, dir)
			}
			want := scored(t, w, "pump")
			require.Len(t, want, 2)

			ro := openTest(t, dir, Options{ReadOnly: true, LockTimeout: -1})
			require.True(t, ro.Snapshot())
			require.Equal(t, tc.published, !ro.kw.memOnly)
			require.Equal(t, want, scored(t, ro, "pump"))
			require.Equal(t, allChunks(t, w), allChunks(t, ro))

			put(t, w, docSpec{id: "b", texts: []string{"pump bearing"}})
			require.Equal(t, want, scored(t, ro, "pump"), "a snapshot does not change")
			if w.pub != nil {
				waitPublished(t, w)
			}
			later := openTest(t, dir, Options{ReadOnly: true, LockTimeout: -1})
			require.Equal(t, scored(t, w, "pump"), scored(t, later, "pump"))
			require.Len(t, scored(t, later, "pump"), 3)

			published := w.pub != nil
			require.NoError(t, w.Close())
			if published {
				_, err := os.Stat(filepath.Join(dir, publishDir))
				require.ErrorIs(t, err, os.ErrNotExist, "Close removes the published copies")
			}
			after := openTest(t, dir, Options{ReadOnly: true, LockTimeout: -1})
			require.False(t, after.Snapshot())
			require.Equal(t, scored(t, later, "pump"), scored(t, after, "pump"))
		})
	}
}

// waitPublished waits until the writer's copier has published its current
// version.
func waitPublished(t *testing.T, w *Store) {
	t.Helper()
	require.Eventually(t, func() bool {
		kw, v := openPublished(filepath.Join(w.dir, publishDir))
		if kw == nil {
			return false
		}
		kw.idx.Close()
		return v == w.st.version
	}, 20*time.Second, 5*time.Millisecond)
}
