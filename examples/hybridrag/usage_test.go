package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// Bad flag values are bad usage: exit 2, the flag named, nothing printed on
// stdout and no query run or logged.
func TestBadFlagValuesExitTwoBeforeAnyWork(t *testing.T) {
	dir := t.TempDir()
	docs := filepath.Join(dir, "docs")
	require.NoError(t, os.MkdirAll(docs, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "pump.md"), []byte("# Pump\n\nPrime the pump with 2 litres of water before the first start.\n"), 0o600))
	st := filepath.Join(dir, "store")
	code, _, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	const q = "How much water primes the pump?"

	cases := []struct {
		args []string
		flag string
	}{
		{[]string{"retrieve", "--k", "-5"}, "--k"},
		{[]string{"retrieve", "--k", "0"}, "--k"},
		{[]string{"ask", "--mmr-lambda", "7"}, "--mmr-lambda"},
		{[]string{"ask", "--mmr-lambda", "-0.1"}, "--mmr-lambda"},
		{[]string{"ask", "--json", "--min-score", "+Inf"}, "--min-score"},
		{[]string{"retrieve", "--min-score", "NaN"}, "--min-score"},
		{[]string{"ask", "--min-score", "-Inf"}, "--min-score"},
		{[]string{"ask", "--min-score", "1.5"}, "--min-score"},
		{[]string{"ask", "--min-chunks", "-1"}, "--min-chunks"},
		{[]string{"retrieve", "--min-chunks", "11"}, "--min-chunks"},
		{[]string{"ask", "--timeout", "-1s"}, "--timeout"},
		{[]string{"eval", "--questions", "q.jsonl", "--concurrency", "-1"}, "--concurrency"},
		{[]string{"eval", "--questions", "q.jsonl", "--k", "-2"}, "--k"},
		{[]string{"serve", "--open", "--rate", "NaN"}, "--rate"},
		{[]string{"serve", "--open", "--min-score", "Inf"}, "--min-score"},
		{[]string{"beir", "--data", dir, "--mmr-lambda", "2"}, "--mmr-lambda"},
		{[]string{"beir", "--data", dir, "--depth", "-1"}, "--depth"},
		{[]string{"beir", "--data", dir, "--concurrency", "-3"}, "--concurrency"},
		{[]string{"log", "--before", "-1"}, "--before"},
	}
	for _, tc := range cases {
		t.Run(tc.flag+" "+tc.args[len(tc.args)-1], func(t *testing.T) {
			args := append(append([]string{}, tc.args...), "--store", st)
			if tc.args[0] == "ask" || tc.args[0] == "retrieve" {
				args = append(args, q)
			}
			code, out, errOut := runCLI(t, args...)
			require.Equal(t, 2, code, errOut)
			require.Contains(t, errOut, tc.flag)
			require.Empty(t, out)
		})
	}

	// None of them ran a query: the query log (which index created for its
	// run record) holds no query.
	code, out, errOut := runCLI(t, "log", "--store", st, "--json")
	require.Equal(t, 0, code, errOut)
	require.NotContains(t, out, q)
	// A good value still works, and is logged.
	code, _, errOut = runCLI(t, "retrieve", "--store", st, "--k", "1", "--min-score", "0", "--mmr-lambda", "1", q)
	require.Equal(t, 0, code, errOut)
	code, out, errOut = runCLI(t, "log", "--store", st)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, q)
}
