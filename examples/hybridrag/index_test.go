package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCLIIndexSkipsBadFiles: one unreadable file does not stop a folder
// from being indexed; it is named on stderr and counted in the summary,
// --strict makes it an error, and a folder of nothing but bad files fails.
func TestCLIIndexSkipsBadFiles(t *testing.T) {
	docs := t.TempDir()
	write := func(name, content string) {
		require.NoError(t, os.WriteFile(filepath.Join(docs, name), []byte(content), 0o600))
	}
	write("good.md", "# Pump\n\n## Speed\n\nThe pump runs at 3000 rpm under full load.\n")
	write("broken.pdf", "not a pdf at all")
	write("latin.txt", "caf\xe9 latin-1 notes about the valve")
	write("empty.md", "  \n")
	write("notes.rst", "Title\n=====\n\nText.\n")

	st := filepath.Join(t.TempDir(), "store")
	code, out, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "indexed 1 documents")
	require.Contains(t, out, "3 files skipped")
	require.Contains(t, out, "1 files of other types ignored (.rst)")
	for _, name := range []string{"broken.pdf", "latin.txt", "empty.md"} {
		require.Contains(t, errOut, "skipped "+filepath.Join(docs, name))
	}
	code, out, errOut = runCLI(t, "retrieve", "--store", st, "--json", "--no-log", "How fast does the pump run?")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "3000 rpm")

	code, _, errOut = runCLI(t, "index", "--strict", "--store", filepath.Join(t.TempDir(), "strict"), docs)
	require.Equal(t, 1, code)
	require.Contains(t, errOut, "broken.pdf")

	bad := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(bad, "x.pdf"), []byte("junk"), 0o600))
	code, _, errOut = runCLI(t, "index", "--store", filepath.Join(t.TempDir(), "none"), bad)
	require.Equal(t, 1, code)
	require.Contains(t, errOut, "all 1 files found were skipped")

	code, _, errOut = runCLI(t, "index", "--store", filepath.Join(t.TempDir(), "rst"), filepath.Join(docs, "notes.rst"))
	require.Equal(t, 1, code, "a file of another type named explicitly is an error")
	require.Contains(t, errOut, "supported")
}
