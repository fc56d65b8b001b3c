package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// retrieve's text output gives each source a header line and one indented
// preview line, whatever line breaks and code blocks the chunk holds.
func TestCLIRetrieveTextPreviewIsOneLine(t *testing.T) {
	dir := t.TempDir()
	docs := filepath.Join(dir, "docs")
	require.NoError(t, os.MkdirAll(docs, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "valves.md"), []byte("# Relief valve\n\n"+
		"The relief valve of the pump opens at 6 bar.\n\n```\nvalve.open(6)\n```\n\n"+
		"Check the relief valve every month.\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "seals.md"), []byte("# Seals\n\n"+
		"The seal of the relief valve is replaced with the valve.\n\nNew seals need no grease.\n"), 0o600))
	st := filepath.Join(dir, "store")
	code, _, errOut := runCLI(t, "index", "--store", st, "--no-log", docs)
	require.Equal(t, 0, code, errOut)

	code, out, errOut := runCLI(t, "retrieve", "--store", st, "--no-log", "When does the relief valve open?")
	require.Equal(t, 0, code, errOut)
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	require.GreaterOrEqual(t, len(lines), 4, out)
	for i, l := range lines {
		if i%2 == 0 {
			require.True(t, strings.HasPrefix(l, "[S"), "header line %d: %q", i, l)
			continue
		}
		require.True(t, strings.HasPrefix(l, "    ") && strings.TrimSpace(l) != "", "preview line %d: %q", i, l)
		require.NotContains(t, l, "```")
	}
	require.Contains(t, out, "The relief valve of the pump opens at 6 bar. valve.open(6) Check the relief valve every month.")
}
