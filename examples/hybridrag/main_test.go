package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestCLIContract(t *testing.T) {
	dir := t.TempDir()
	docs := filepath.Join(dir, "docs")
	require.NoError(t, os.MkdirAll(docs, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "pump.md"), []byte("# Pump manual\n\n## Priming\n\nPrime the pump with 2 litres of water before the first start. Never run the pump dry.\n\n## Seals\n\nReplace the shaft seal every 2,000 operating hours.\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "valve.html"), []byte("<html><head><title>Valve guide</title></head><body><h1>Valve guide</h1><h2>Relief</h2><p>The pressure relief valve opens at 6 bar.</p><p>Test the relief valve every 6 months.</p></body></html>"), 0o600))
	st := filepath.Join(dir, "store")

	code, out, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "indexed 2 documents")

	code, out, errOut = runCLI(t, "retrieve", "--store", st, "--json", "--k", "3", "At what pressure does the relief valve open?")
	require.Equal(t, 0, code, errOut)
	var ret struct {
		Query   string `json:"query"`
		Sources []struct {
			ID        string             `json:"id"`
			ChunkID   string             `json:"chunk_id"`
			Source    string             `json:"source"`
			Relevance float64            `json:"relevance"`
			Scores    map[string]float64 `json:"scores"`
			Text      string             `json:"text"`
			Passage   *struct {
				Start int    `json:"start"`
				End   int    `json:"end"`
				Text  string `json:"text"`
			} `json:"passage"`
		} `json:"sources"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &ret))
	require.NotEmpty(t, ret.Sources)
	require.LessOrEqual(t, len(ret.Sources), 3)
	require.Equal(t, "S1", ret.Sources[0].ID)
	require.Equal(t, "valve.html", ret.Sources[0].Source, "source: the path relative to the folder indexed")
	require.Contains(t, ret.Sources[0].Scores, "bm25")
	p := ret.Sources[0].Passage
	require.NotNil(t, p, "retrieve --json carries the best passage of each source")
	require.Equal(t, ret.Sources[0].Text[p.Start:p.End], p.Text)
	require.Contains(t, p.Text, "opens at 6 bar")

	// Flags after the question work too.
	code, out, errOut = runCLI(t, "ask", "--store", st, "At what pressure does the relief valve open?", "--json")
	require.Equal(t, 0, code, errOut)
	var ans map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &ans))
	for _, k := range []string{"query", "answer", "refusal_reason", "confidence", "citations", "sources", "metadata"} {
		require.Contains(t, ans, k)
	}
	require.Contains(t, ans["answer"], "6 bar")

	code, out, errOut = runCLI(t, "ask", "--store", st, "--print-prompt", "At what pressure does the relief valve open?")
	require.Equal(t, 0, code, errOut)
	var prompt struct {
		Messages []struct{ Role, Content string } `json:"messages"`
		Sources  []map[string]any                 `json:"sources"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &prompt))
	require.Len(t, prompt.Messages, 2)
	require.Equal(t, "system", prompt.Messages[0].Role)
	require.Equal(t, "user", prompt.Messages[1].Role)
	require.NotEmpty(t, prompt.Sources)

	// A refusal exits 0 and says why.
	code, out, _ = runCLI(t, "ask", "--store", st, "--json", "Who won the football world cup in 1998?")
	require.Equal(t, 0, code)
	require.NoError(t, json.Unmarshal([]byte(out), &ans))
	require.Equal(t, "refused", ans["confidence"])
	require.NotNil(t, ans["refusal_reason"])
	code, out, _ = runCLI(t, "ask", "--store", st, "--print-prompt", "Who won the football world cup in 1998?")
	require.Equal(t, 0, code)
	require.Contains(t, out, "refusal_reason")
}

func TestCLIErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope")
	code, _, errOut := runCLI(t, "ask", "--store", missing, "what is this about?")
	require.Equal(t, 1, code)
	require.Contains(t, errOut, "not found")

	code, _, errOut = runCLI(t, "index", "--store", filepath.Join(t.TempDir(), "s"), missing)
	require.Equal(t, 1, code)
	require.Contains(t, errOut, "no such file")

	for _, args := range [][]string{{}, {"frobnicate"}, {"ask", "--store", missing}, {"retrieve", "--bogus", "x"}, {"index", "docs"}, {"ask", "--generator", "nope", "--store", missing, "question here"}} {
		code, _, _ = runCLI(t, args...)
		require.Equal(t, 2, code, "args %q", args)
	}
}
