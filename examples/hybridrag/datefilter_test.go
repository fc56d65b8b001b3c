package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// Revision and date from the documents reach retrieve's and ask's text and
// JSON, and --after/--before filter on the date.
func TestCLIRevisionDateAndDateFilters(t *testing.T) {
	dir := t.TempDir()
	docs := filepath.Join(dir, "docs")
	require.NoError(t, os.MkdirAll(docs, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "manual.md"), []byte("---\ntitle: Manual\nrevision: B\nlast_updated: 2024-06-03\n---\n# Maintenance\n\n## Filters\n\nReplace the intake filter of the pump every 500 operating hours. A clogged intake filter starves the pump.\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "old.md"), []byte("# Old notes\n\nLast updated: March 2019\n\nThe intake filter of the old pump was replaced every 200 operating hours.\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "undated.md"), []byte("# Undated\n\nThe intake filter of the pump sits behind the front cover.\n"), 0o600))
	st := filepath.Join(dir, "store")
	code, _, errOut := runCLI(t, "index", "--store", st, "--no-log", docs)
	require.Equal(t, 0, code, errOut)
	q := "How often is the intake filter of the pump replaced?"

	code, out, errOut := runCLI(t, "retrieve", "--store", st, "--no-log", q)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "manual.md, Maintenance > Filters, rev. B, 2024-06-03 (relevance")
	require.Contains(t, out, "old.md, Old notes, 2019-03 (relevance")

	type source struct {
		Source   string `json:"source"`
		Revision string `json:"revision"`
		Date     string `json:"date"`
	}
	cases := []struct {
		name  string
		flags []string
		want  []string // sources, sorted
	}{
		{"no filter", nil, []string{"manual.md", "old.md", "undated.md"}},
		{"after a day", []string{"--after", "2024-01-01"}, []string{"manual.md"}},
		{"before a month includes all of it", []string{"--before", "2019-03"}, []string{"old.md"}},
		{"both bounds", []string{"--after", "2019", "--before", "2024-06-03"}, []string{"manual.md", "old.md"}},
		{"RFC 3339", []string{"--after", "2024-06-03T12:00:00Z"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"retrieve", "--store", st, "--no-log", "--json", q}, c.flags...)
			code, out, errOut := runCLI(t, args...)
			require.Equal(t, 0, code, errOut)
			var ret struct{ Sources []source }
			require.NoError(t, json.Unmarshal([]byte(out), &ret))
			got := map[string]source{}
			var names []string
			for _, s := range ret.Sources {
				if _, dup := got[s.Source]; !dup {
					names = append(names, s.Source)
				}
				got[s.Source] = s
			}
			require.ElementsMatch(t, c.want, names)
			if s, ok := got["manual.md"]; ok {
				require.Equal(t, "B", s.Revision)
				require.Equal(t, "2024-06-03T00:00:00Z", s.Date)
			}
			if s, ok := got["undated.md"]; ok {
				require.Empty(t, s.Date)
			}
		})
	}

	code, out, errOut = runCLI(t, "ask", "--store", st, "--no-log", "--json", "--after", "2024-01-01", q)
	require.Equal(t, 0, code, errOut)
	var ans struct {
		Sources []source `json:"sources"`
		Text    string   `json:"text"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &ans))
	require.NotEmpty(t, ans.Sources)
	require.Equal(t, "B", ans.Sources[0].Revision)
	require.Equal(t, "2024-06-03T00:00:00Z", ans.Sources[0].Date)

	for _, bad := range [][]string{{"--after", "June"}, {"--before", "2024-13"}, {"--after", "2024-06-04", "--before", "2024-06-03"}} {
		for _, cmd := range []string{"retrieve", "ask", "eval"} {
			args := append([]string{cmd, "--store", st, "--no-log", q}, bad...)
			if cmd == "eval" {
				args = append([]string{cmd, "--store", st, "--no-log", "--questions", filepath.Join(dir, "q.jsonl")}, bad...)
			}
			code, _, errOut := runCLI(t, args...)
			require.Equal(t, 2, code, "%s %v: %s", cmd, bad, errOut)
			name := bad[0]
			if len(bad) > 2 {
				name = "--before"
			}
			require.Contains(t, errOut, name[1:], errOut)
		}
	}
}
