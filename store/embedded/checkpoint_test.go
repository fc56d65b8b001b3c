package embedded

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

func TestCheckpoints(t *testing.T) {
	ctx := context.Background()
	s, dir := newTestStore(t)
	_, found, err := s.LoadCheckpoint(ctx, "job")
	require.NoError(t, err)
	require.False(t, found)

	require.NoError(t, s.SaveCheckpoint(ctx, "job", 41))
	require.NoError(t, s.SaveCheckpoint(ctx, "job", 42))
	v, found, err := s.LoadCheckpoint(ctx, "job")
	require.NoError(t, err)
	require.True(t, found)
	require.Equal(t, int64(42), v)
	_, err = os.Stat(filepath.Join(dir, "job.checkpoint"))
	require.NoError(t, err, "kept next to the data")

	// Another process (here: another open) sees it.
	require.NoError(t, s.Close())
	ro := openTest(t, dir, Options{ReadOnly: true})
	v, found, err = ro.LoadCheckpoint(ctx, "job")
	require.NoError(t, err)
	require.True(t, found)
	require.Equal(t, int64(42), v)
	require.ErrorIs(t, ro.SaveCheckpoint(ctx, "job", 1), ErrReadOnly)
	require.ErrorIs(t, ro.ClearCheckpoint(ctx, "job"), ErrReadOnly)
	require.NoError(t, ro.Close())

	rw := openTest(t, dir, Options{})
	require.NoError(t, rw.ClearCheckpoint(ctx, "job"))
	require.NoError(t, rw.ClearCheckpoint(ctx, "job"), "clearing a missing checkpoint is no error")
	_, found, err = rw.LoadCheckpoint(ctx, "job")
	require.NoError(t, err)
	require.False(t, found)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "bad.checkpoint"), []byte("x\n"), 0o644))
	_, _, err = rw.LoadCheckpoint(ctx, "bad")
	require.ErrorIs(t, err, store.ErrCorrupt)

	require.NoError(t, rw.Close())
	_, _, err = rw.LoadCheckpoint(ctx, "job")
	require.ErrorIs(t, err, store.ErrClosed)
	require.ErrorIs(t, rw.SaveCheckpoint(ctx, "job", 1), store.ErrClosed)
}
