package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func indexPumpDocs(t *testing.T) (dir, st string) {
	t.Helper()
	dir = t.TempDir()
	docs := filepath.Join(dir, "docs")
	require.NoError(t, os.MkdirAll(docs, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "pump.md"), []byte("# Pump\n\n## Priming\n\nPrime the pump with 2 litres of water before the first start. Never run the pump dry, as the seal overheats within 30 seconds.\n\n## Seal\n\nReplace the shaft seal of the pump every 2,000 operating hours.\n"), 0o600))
	st = filepath.Join(dir, "store")
	code, _, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	return dir, st
}

func TestArtifactCommand(t *testing.T) {
	dir, st := indexPumpDocs(t)

	code, out, errOut := runCLI(t, "artifact", "--store", st, "--type", "blueprint", "pump")
	require.Equal(t, 0, code, errOut)
	require.True(t, strings.HasPrefix(out, "# Blueprint: pump\n"), out)
	for _, h := range []string{"## Overview", "## Goals", "## Architecture", "## Features", "## Risks", "## Next Steps", "## Sources"} {
		require.Contains(t, out, h+"\n")
	}
	require.Contains(t, out, "[S1]")

	schema := filepath.Join(dir, "sheet.yaml")
	require.NoError(t, os.WriteFile(schema, []byte("name: sheet\ntitle: Pump Sheet\nsections:\n  - title: Priming\n    query: prime water\n  - title: Firmware\n    query: firmware bluetooth\n"), 0o600))
	code, out, errOut = runCLI(t, "artifact", "--store", st, "--type", schema, "--json", "pump")
	require.Equal(t, 0, code, errOut)
	var art struct {
		Type     string `json:"type"`
		Sections []struct {
			Title     string   `json:"title"`
			Supported bool     `json:"supported"`
			Text      string   `json:"text"`
			Citations []string `json:"citations"`
		} `json:"sections"`
		Sources []struct {
			ID string `json:"id"`
		} `json:"sources"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &art))
	require.Equal(t, "sheet", art.Type)
	require.Len(t, art.Sections, 2)
	require.True(t, art.Sections[0].Supported, art.Sections[0].Text)
	require.Contains(t, art.Sections[0].Text, "2 litres")
	require.False(t, art.Sections[1].Supported)
	require.True(t, strings.HasPrefix(art.Sections[1].Text, "No supporting documentation found for this section"))

	// A topic with no sources: refused whole, still exit 0, with suggestions.
	code, out, errOut = runCLI(t, "artifact", "--store", st, "--type", "pdr", "quantum chromodynamics")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "## Suggestions")
	require.Contains(t, out, `"chromodynamics"`)

	for _, args := range [][]string{
		{"artifact", "--store", st, "pump"},
		{"artifact", "--store", st, "--type", "blueprint"},
		{"artifact", "--store", st, "--type", "sonnet", "pump"},
		{"artifact", "--store", st, "--type", "blueprint", "--agent", "ghost", "pump"},
	} {
		code, out, errOut = runCLI(t, args...)
		require.NotEqual(t, 0, code, "%v: %s", args, out)
		require.Empty(t, out)
		require.NotEmpty(t, errOut)
	}
}

func TestAskAgent(t *testing.T) {
	dir, st := indexPumpDocs(t)
	agents := filepath.Join(dir, "agents.yaml")
	require.NoError(t, os.WriteFile(agents, []byte("- name: tech\n  persona: You are a field technician.\n  profile: cheap\n- name: elsewhere\n  tags: [valves]\n"), 0o600))
	const q = "How often is the shaft seal replaced?"

	code, out, errOut := runCLI(t, "ask", "--store", st, "--agents", agents, "--agent", "tech", "--print-prompt", q)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "You are a field technician.")

	code, out, errOut = runCLI(t, "ask", "--store", st, "--agents", agents, "--agent", "tech", "--json", q)
	require.Equal(t, 0, code, errOut)
	var ans struct {
		Metadata struct {
			Agent, Profile string
		} `json:"metadata"`
		RefusalReason *string `json:"refusal_reason"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &ans))
	require.Nil(t, ans.RefusalReason)
	require.Equal(t, "tech", ans.Metadata.Agent)
	require.Equal(t, "cheap", ans.Metadata.Profile)

	// The agents file in the store directory is found without --agents; an
	// agent whose tags match no document refuses, with suggestions shown.
	require.NoError(t, os.Rename(agents, filepath.Join(st, "agents.yaml")))
	code, out, errOut = runCLI(t, "ask", "--store", st, "--agent", "elsewhere", q)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "Refused (collection_not_found)")

	// The query log shows the agent and its profile.
	code, out, errOut = runCLI(t, "log", "--store", st, "--json", "--limit", "5")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, `"profile": "cheap"`)

	code, _, errOut = runCLI(t, "ask", "--store", st, "--agent", "ghost", q)
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "ghost")

	code, out, _ = runCLI(t, "ask", "--store", st, "How do I recalibrate the turbocharger?")
	require.Equal(t, 0, code)
	require.Contains(t, out, "Suggestions:\n- No indexed document mentions \"recalibrate\", \"turbocharger\"")
}
