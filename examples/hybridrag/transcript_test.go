package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// A folder with a subtitle file, a segment JSON and a package.json:
// both transcripts are indexed, the package.json is ignored as before,
// and ask/retrieve carry the times.
func TestCLITranscripts(t *testing.T) {
	dir := t.TempDir()
	docs := filepath.Join(dir, "docs")
	require.NoError(t, os.MkdirAll(docs, 0o755))
	srt := "1\n00:00:01,000 --> 00:00:20,000\nALICE: Welcome to the boiler training.\n\n" +
		"2\n00:00:20,000 --> 00:01:10,000\nThe boiler pressure must stay below two bar during start-up.\n\n" +
		"3\n00:01:10,000 --> 00:01:30,000\n[Bob] Thanks, Alice.\n"
	require.NoError(t, os.WriteFile(filepath.Join(docs, "boiler.srt"), []byte(srt), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "call.json"), []byte(`[{"start": 0, "end": 4, "speaker": "Dana", "text": "The chiller filter is cleaned every month."}]`), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "package.json"), []byte(`{"name": "not-a-transcript"}`), 0o600))
	st := filepath.Join(dir, "store")

	code, out, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "indexed 2 documents")
	require.Contains(t, out, "ignored (.json)")

	code, out, errOut = runCLI(t, "ask", "--store", st, "What must the boiler pressure stay below during start-up?")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "[source: boiler.srt, t=0:20]")
	require.Contains(t, out, "boiler.srt, t=0:01–1:10 (Alice)", "Bob's turn after a minute starts the next chunk")

	code, out, errOut = runCLI(t, "ask", "--store", st, "--json", "What must the boiler pressure stay below during start-up?")
	require.Equal(t, 0, code, errOut)
	var ans struct {
		Citations []string `json:"citations"`
		Sources   []struct {
			ID       string   `json:"id"`
			Start    *float64 `json:"start"`
			End      *float64 `json:"end"`
			Speakers []string `json:"speakers"`
			Time     string   `json:"time"`
		} `json:"sources"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &ans))
	require.Equal(t, []string{"S1"}, ans.Citations)
	s := ans.Sources[0]
	require.NotNil(t, s.Start)
	require.Equal(t, 1.0, *s.Start)
	require.Equal(t, 70.0, *s.End)
	require.Equal(t, []string{"Alice"}, s.Speakers)
	require.Equal(t, "0:20", s.Time)

	code, out, errOut = runCLI(t, "retrieve", "--store", st, "--json", "chiller filter")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, `"speakers": [`)
	require.Contains(t, out, `"start": 0,`)
	code, out, errOut = runCLI(t, "retrieve", "--store", st, "chiller filter")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "call.json, t=0:00–0:04 (Dana)")
}
