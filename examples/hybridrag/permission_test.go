package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// index on a store whose keyword index is read-only reports the permission
// problem (exit 1) and changes nothing; it never deletes the index. Root
// ignores permission bits: run the test binary as another user (go test -c).
func TestIndexReportsReadOnlyKeywordIndex(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root ignores permission bits; run the test binary as another user")
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.md"), filepath.Join(dir, "b.md")
	require.NoError(t, os.WriteFile(a, []byte("# Pump\n\nPrime the pump with two litres of water.\n"), 0o600))
	require.NoError(t, os.WriteFile(b, []byte("# Valve\n\nThe relief valve opens at 6 bar.\n"), 0o600))
	st := filepath.Join(dir, "store")
	code, _, errOut := runCLI(t, "index", "--store", st, a)
	require.Equal(t, 0, code, errOut)

	kw := filepath.Join(st, "keyword")
	var files []string
	require.NoError(t, filepath.WalkDir(kw, func(p string, d fs.DirEntry, err error) error {
		files = append(files, p)
		return err
	}))
	chmodAll := func(file, folder fs.FileMode) {
		for i := len(files) - 1; i >= 0; i-- {
			mode := file
			if fi, err := os.Stat(files[i]); err == nil && fi.IsDir() {
				mode = folder
			}
			require.NoError(t, os.Chmod(files[i], mode))
		}
	}
	chmodAll(0o400, 0o500)
	t.Cleanup(func() { chmodAll(0o600, 0o700) })

	code, _, errOut = runCLI(t, "index", "--store", st, b)
	require.Equal(t, 1, code)
	require.Contains(t, errOut, "permission denied")
	require.Contains(t, errOut, kw)
	for _, p := range files {
		_, err := os.Stat(p)
		require.NoError(t, err, "the failed index removed %s", p)
	}

	chmodAll(0o600, 0o700)
	code, out, errOut := runCLI(t, "retrieve", "--store", st, "--no-log", "How is the pump primed?")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "two litres")
}
