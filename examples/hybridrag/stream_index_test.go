package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCLIIndexStreamsLargeFiles: text files from streamAbove are indexed
// as streams, alike whether named directly or found in a folder: found
// by retrieve, unchanged when indexed again, kept by --sync, and a bad one
// skipped with its path named.
func TestCLIIndexStreamsLargeFiles(t *testing.T) {
	old := streamAbove
	streamAbove = 2000
	t.Cleanup(func() { streamAbove = old })
	docs := t.TempDir()
	big := "# Valve manual\n\n" + strings.Repeat("The relief valve opens at 6 bar. Test it twice a year.\n\n", 80)
	require.NoError(t, os.WriteFile(filepath.Join(docs, "big.md"), []byte(big), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "small.md"), []byte("# Pump\n\nThe pump runs at 3000 rpm.\n"), 0o600))
	st := filepath.Join(t.TempDir(), "store")

	code, out, errOut := runCLI(t, "index", "--no-log", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "indexed 2 documents")
	require.Contains(t, out, "2 new")

	code, out, errOut = runCLI(t, "retrieve", "--store", st, "--json", "relief valve opens")
	require.Equal(t, 0, code, errOut)
	var res struct {
		Sources []struct {
			DocumentID string `json:"document_id"`
		} `json:"sources"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &res), out)
	require.NotEmpty(t, res.Sources)
	require.Equal(t, "big.md", res.Sources[0].DocumentID)

	code, out, errOut = runCLI(t, "index", "--no-log", "--sync", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "2 unchanged, 0 removed")

	code, out, errOut = runCLI(t, "index", "--no-log", "--store", st, filepath.Join(docs, "big.md"))
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "1 unchanged")

	require.NoError(t, os.WriteFile(filepath.Join(docs, "blank.txt"), []byte(strings.Repeat(" \n", 2000)), 0o600))
	code, out, errOut = runCLI(t, "index", "--no-log", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, errOut, "skipped "+filepath.Join(docs, "blank.txt"))
	require.Contains(t, out, "1 files skipped")
}
