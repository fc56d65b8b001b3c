package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func runLogCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// logTestStore indexes a two-document manual and returns the store dir.
func logTestStore(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	docs := filepath.Join(dir, "docs")
	require.NoError(t, os.MkdirAll(docs, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "pump.md"), []byte("# Pump manual\n\n## Priming\n\nPrime the pump with 2 litres of water before the first start. Never run the pump dry.\n\n## Seals\n\nReplace the shaft seal every 2,000 operating hours.\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "valve.md"), []byte("# Valve guide\n\n## Relief\n\nThe pressure relief valve opens at 6 bar. Test the relief valve every 6 months.\n"), 0o600))
	st := filepath.Join(dir, "store")
	code, _, errOut := runLogCLI(t, "index", "--store", st, "--tenant", "acme", "--project", "plant", docs)
	require.Equal(t, 0, code, errOut)
	return st
}

func TestCLIQueryLog(t *testing.T) {
	st := logTestStore(t)
	scope := []string{"--store", st, "--tenant", "acme", "--project", "plant"}
	ask := func(args ...string) (int, string, string) {
		return runLogCLI(t, append(append([]string{"ask"}, scope...), args...)...)
	}

	code, out, errOut := ask("--json", "At what pressure does the relief valve open?")
	require.Equal(t, 0, code, errOut)
	var ans struct {
		QueryID       int64   `json:"query_id"`
		RefusalReason *string `json:"refusal_reason"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &ans))
	require.Nil(t, ans.RefusalReason)
	require.EqualValues(t, 1, ans.QueryID)

	code, _, errOut = ask("How do I connect the pump to my Wi-Fi network?")
	require.Equal(t, 0, code, errOut)
	code, _, errOut = runLogCLI(t, append(append([]string{"retrieve"}, scope...), "How often is the shaft seal replaced?")...)
	require.Equal(t, 0, code, errOut)
	code, _, errOut = ask("--no-log", "Is this one logged?")
	require.Equal(t, 0, code, errOut)
	code, _, _ = ask("x") // too short: an error, logged as one
	require.Equal(t, 1, code)

	// List, newest first.
	code, out, errOut = runLogCLI(t, "log", "--store", st)
	require.Equal(t, 0, code, errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 5, out) // header + 4 queries
	require.Contains(t, lines[0], "QUESTION")
	require.True(t, strings.HasPrefix(lines[1], "4 "), lines[1])
	require.Contains(t, lines[1], "error: hybridrag: invalid query")
	require.Contains(t, lines[2], "retrieve")
	require.Contains(t, lines[3], "refused: no_relevant_content")
	require.Contains(t, lines[4], "answered")
	require.NotContains(t, out, "Is this one logged?")

	code, out, errOut = runLogCLI(t, "log", "--store", st, "--json", "--limit", "2", "--before", "4")
	require.Equal(t, 0, code, errOut)
	var page []struct {
		ID       int64  `json:"id"`
		Kind     string `json:"kind"`
		Tenant   string `json:"tenant"`
		Question string `json:"question"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &page))
	require.Len(t, page, 2)
	require.Equal(t, []int64{3, 2}, []int64{page[0].ID, page[1].ID})
	require.Equal(t, "retrieve", page[0].Kind)
	require.Equal(t, "acme", page[0].Tenant)

	code, out, errOut = runLogCLI(t, "log", "--store", st, "--tenant", "someone-else")
	require.Equal(t, 0, code, errOut)
	require.Equal(t, "No logged queries.\n", out)

	// Show one, give feedback, show it again.
	code, out, errOut = runLogCLI(t, "log", "--store", st, "show", "1")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "Question: At what pressure does the relief valve open?")
	require.Contains(t, out, "Tenant: acme  Project: plant")
	require.Contains(t, out, "[cited]")
	require.Contains(t, out, "6 bar")

	code, out, errOut = runLogCLI(t, "log", "--store", st, "feedback", "1", "incorrect", "--comment", "should mention the test interval")
	require.Equal(t, 0, code, errOut)
	require.Equal(t, "recorded feedback on query 1: incorrect\n", out)

	code, out, errOut = runLogCLI(t, "log", "--store", st, "show", "1", "--json")
	require.Equal(t, 0, code, errOut)
	var shown struct {
		ID       int64 `json:"id"`
		Feedback []struct {
			Correct bool   `json:"correct"`
			Comment string `json:"comment"`
		} `json:"feedback"`
		Retrieved []map[string]any `json:"retrieved"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &shown))
	require.EqualValues(t, 1, shown.ID)
	require.Len(t, shown.Feedback, 1)
	require.False(t, shown.Feedback[0].Correct)
	require.Equal(t, "should mention the test interval", shown.Feedback[0].Comment)
	require.NotEmpty(t, shown.Retrieved)

	code, out, _ = runLogCLI(t, "log", "--store", st)
	require.Equal(t, 0, code)
	require.Contains(t, strings.Split(strings.TrimSpace(out), "\n")[4], "incorrect")
}

func TestCLILogErrors(t *testing.T) {
	st := logTestStore(t)
	// index logged its run; without the file there is no log at all.
	require.NoError(t, os.Remove(filepath.Join(st, queryLogFile)))
	code, _, errOut := runLogCLI(t, "log", "--store", st)
	require.Equal(t, 1, code)
	require.Contains(t, errOut, "no query log")

	code, _, errOut = runLogCLI(t, "retrieve", "--store", st, "What does the relief valve do?")
	require.Equal(t, 0, code, errOut)

	cases := map[string]struct {
		args []string
		code int
		msg  string
	}{
		"unknown id":          {[]string{"show", "99"}, 1, "query 99 not found"},
		"feedback unknown id": {[]string{"feedback", "99", "correct"}, 1, "not found"},
		"id not a number":     {[]string{"show", "abc"}, 2, "not a positive integer"},
		"bad verdict":         {[]string{"feedback", "1", "maybe"}, 2, "correct or incorrect"},
		"unknown subcommand":  {[]string{"delete", "1"}, 2, "log takes"},
		"missing id":          {[]string{"show"}, 2, "log takes"},
		"bad limit":           {[]string{"--limit", "0"}, 2, "--limit"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			code, _, errOut := runLogCLI(t, append([]string{"log", "--store", st}, c.args...)...)
			require.Equal(t, c.code, code, errOut)
			require.Contains(t, errOut, c.msg)
		})
	}
	code, _, errOut = runLogCLI(t, "log")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "--store DIR (or --log PATH) is required")

	code, out, _ := runLogCLI(t, "log", "--store", st, "show", strconv.Itoa(1))
	require.Equal(t, 0, code)
	require.Contains(t, out, "Outcome: ")
}

// TestCLIQueryLogElsewhere: --log PATH moves the query log (and eval runs)
// out of the store directory, and log reads it back from there.
func TestCLIQueryLogElsewhere(t *testing.T) {
	st := logTestStore(t)
	logDB := filepath.Join(t.TempDir(), "audit", "queries.db")
	require.NoError(t, os.MkdirAll(filepath.Dir(logDB), 0o755))
	require.NoError(t, os.Remove(filepath.Join(st, queryLogFile)), "index logged its run there")
	code, _, errOut := runLogCLI(t, "ask", "--store", st, "--tenant", "acme", "--project", "plant", "--log", logDB, "At what pressure does the relief valve open?")
	require.Equal(t, 0, code, errOut)
	_, err := os.Stat(filepath.Join(st, queryLogFile))
	require.True(t, os.IsNotExist(err), "nothing is logged inside the store")

	code, out, errOut := runLogCLI(t, "log", "--store", st, "--log", logDB, "--json")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "relief valve")
	code, out, errOut = runLogCLI(t, "log", "--log", logDB)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "relief valve", "--log alone names the log")
}

// TestCLILogTenantScope: with --tenant, show and feedback find only that
// tenant's queries, and another tenant's id fails exactly as a missing id
// does; --require-tenant refuses queries and reads without --tenant with
// exit status 2.
func TestCLILogTenantScope(t *testing.T) {
	st := logTestStore(t)
	code, _, errOut := runLogCLI(t, "retrieve", "--store", st, "--tenant", "acme", "How often is the shaft seal replaced?")
	require.Equal(t, 0, code, errOut)

	code, out, errOut := runLogCLI(t, "log", "--store", st, "--tenant", "acme", "show", "1")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "shaft seal")

	_, _, missing := runLogCLI(t, "log", "--store", st, "--tenant", "globex", "show", "7")
	for _, args := range [][]string{
		{"show", "1"},
		{"show", "1", "--json"},
		{"feedback", "1", "incorrect", "--comment", "not mine"},
	} {
		code, out, errOut := runLogCLI(t, append([]string{"log", "--store", st, "--tenant", "globex"}, args...)...)
		require.Equal(t, 1, code, "%v", args)
		require.Empty(t, out)
		require.NotContains(t, errOut, "shaft", "%v", args)
		require.Equal(t, strings.Replace(missing, "7", "1", 1), errOut, "%v: another tenant's id reads as a missing one", args)
	}
	code, out, errOut = runLogCLI(t, "log", "--store", st, "--tenant", "acme", "show", "1", "--json")
	require.Equal(t, 0, code, errOut)
	require.NotContains(t, out, "not mine", "the refused feedback was not stored")

	code, out, errOut = runLogCLI(t, "log", "--store", st, "--tenant", "globex", "--runs")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "No index runs logged.")

	for _, args := range [][]string{
		{"log", "--store", st, "--require-tenant"},
		{"log", "--store", st, "--require-tenant", "show", "1"},
		{"log", "--store", st, "--require-tenant", "feedback", "1", "correct"},
		{"retrieve", "--store", st, "--require-tenant", "How often is the shaft seal replaced?"},
		{"ask", "--store", st, "--require-tenant", "How often is the shaft seal replaced?"},
	} {
		code, out, errOut := runLogCLI(t, args...)
		require.Equal(t, 2, code, "%v: %s", args, errOut)
		require.Empty(t, out)
		require.Contains(t, errOut, "--tenant T is required", "%v", args)
	}
	code, _, errOut = runLogCLI(t, "ask", "--store", st, "--require-tenant", "--tenant", "acme", "How often is the shaft seal replaced?")
	require.Equal(t, 0, code, errOut)
	code, _, errOut = runLogCLI(t, "log", "--store", st, "--require-tenant", "--tenant", "acme", "show", "1")
	require.Equal(t, 0, code, errOut)
}
