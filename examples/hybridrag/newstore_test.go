package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// An index that fails on its only file leaves no store folder behind (nor
// the missing parents it created), but never removes a folder that was
// there before.
func TestFailedFirstIndexLeavesNoStore(t *testing.T) {
	files := map[string][]byte{
		"blank.txt":  []byte(" \n\t\n  \n"),                   // loads, then has no text to chunk
		"latin1.txt": []byte("caf\xe9 cr\xe8me br\xfbl\xe9e"), // not UTF-8: fails to load
		"scan.pdf":   []byte("%PDF-1.4\nnot really\n"),
	}
	for name, raw := range files {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			doc := filepath.Join(dir, name)
			require.NoError(t, os.WriteFile(doc, raw, 0o600))

			st := filepath.Join(dir, "new", "nested", "store")
			code, out, errOut := runCLI(t, "index", "--store", st, doc)
			require.Equal(t, 1, code, out)
			require.NotEmpty(t, errOut)
			require.NoDirExists(t, filepath.Join(dir, "new"))

			// A folder that existed (empty here) stays.
			existing := filepath.Join(dir, "existing")
			require.NoError(t, os.Mkdir(existing, 0o755))
			code, _, _ = runCLI(t, "index", "--store", existing, doc)
			require.Equal(t, 1, code)
			require.DirExists(t, existing)
		})
	}

	// A store that already holds documents keeps them after a failed run.
	dir := t.TempDir()
	good := filepath.Join(dir, "pump.md")
	require.NoError(t, os.WriteFile(good, []byte("# Pump\n\nPrime the pump with two litres of water.\n"), 0o600))
	blank := filepath.Join(dir, "blank.txt")
	require.NoError(t, os.WriteFile(blank, files["blank.txt"], 0o600))
	st := filepath.Join(dir, "store")
	code, _, errOut := runCLI(t, "index", "--store", st, good)
	require.Equal(t, 0, code, errOut)
	code, _, _ = runCLI(t, "index", "--store", st, blank)
	require.Equal(t, 1, code)
	code, out, errOut := runCLI(t, "retrieve", "--store", st, "--no-log", "How is the pump primed?")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "two litres")
}
