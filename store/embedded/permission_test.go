package embedded

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// A keyword index the user may not write is reported, never "repaired" by
// deleting it: it is derived data, but the permissions are the user's to
// fix, and the files stay as they were. (Root ignores permission bits, so
// the test needs another user: go test -c, then run the binary as one.)
func TestUnwritableKeywordIndexIsReportedNotDeleted(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root ignores permission bits; run the test binary as another user")
	}
	s, dir := newTestStore(t)
	put(t, s, docSpec{id: "pump", texts: []string{"prime the pump with two litres of water"}})
	require.NoError(t, s.Close())

	kw := filepath.Join(dir, keywordDir)
	before := dirSnapshot(t, kw)
	require.NotEmpty(t, before)
	setWritable(t, kw, false)
	t.Cleanup(func() { setWritable(t, kw, true) })

	_, err := Open(dir, Options{})
	require.ErrorIs(t, err, fs.ErrPermission)
	require.Contains(t, err.Error(), "not accessible")
	require.Contains(t, err.Error(), kw)
	require.Equal(t, before, dirSnapshot(t, kw))

	// Fixed, the store opens with its documents.
	setWritable(t, kw, true)
	s = openTest(t, dir, Options{})
	require.Equal(t, before, dirSnapshot(t, kw))
	require.NoError(t, s.Close())
}

// setWritable makes the tree at root read-only (files 0400, folders 0500)
// or writable again (0600, 0700).
func setWritable(t *testing.T, root string, writable bool) {
	t.Helper()
	file, dir := fs.FileMode(0o400), fs.FileMode(0o500)
	if writable {
		file, dir = 0o600, 0o700
	}
	var paths []string
	require.NoError(t, filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		paths = append(paths, p)
		return err
	}))
	// Deepest first, so a folder is changed after what it holds.
	for i := len(paths) - 1; i >= 0; i-- {
		mode := file
		if st, err := os.Stat(paths[i]); err == nil && st.IsDir() {
			mode = dir
		}
		require.NoError(t, os.Chmod(paths[i], mode))
	}
}
