package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCLIEvalReportsLabelsThatCannotMatch(t *testing.T) {
	st, _ := evalTestSet(t)
	qs := filepath.Join(t.TempDir(), "bad.jsonl")
	require.NoError(t, os.WriteFile(qs, []byte(
		`{"id":"typo","query":"At what pressure does the relief valve open?","relevant_documents":["docs/valves.md"]}`+"\n"+
			`{"id":"ok","query":"How much water do I need to prime the pump?","relevant_documents":["pump.md"],"evidance":["2 litres"]}`+"\n"), 0o600))

	// Warnings by default: the run happens.
	code, _, errOut := runCLI(t, "eval", "--store", st, "--questions", qs, "--json", "--no-log")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, errOut, `warning: `+qs+`: question line 2 (id "ok"): unknown field "evidance" ignored`)
	require.Contains(t, errOut, `warning: `+qs+`: question "typo": relevant document "docs/valves.md" matches no indexed document`)
	require.NotContains(t, errOut, `"pump.md" matches`)

	// --strict: the unknown field fails the read, before the store is opened.
	code, out, errOut := runCLI(t, "eval", "--store", st, "--questions", qs, "--strict", "--no-log")
	require.Equal(t, 1, code, out)
	require.Contains(t, errOut, `unknown field "evidance"`)

	// --strict with only a document name wrong.
	require.NoError(t, os.WriteFile(qs, []byte(
		`{"id":"typo","query":"At what pressure does the relief valve open?","relevant_documents":["docs/valves.md"]}`+"\n"), 0o600))
	code, out, errOut = runCLI(t, "eval", "--store", st, "--questions", qs, "--strict", "--no-log")
	require.Equal(t, 1, code, out)
	require.Contains(t, errOut, "1 relevant document name(s) match no indexed document (--strict)")
	require.Empty(t, out)
}
