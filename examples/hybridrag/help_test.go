package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCLIHelp: every command's -h / --help / -help, and "help COMMAND",
// print that command's usage and flags on stdout and exit 0, even with
// other arguments around; the top-level forms print the whole usage.
func TestCLIHelp(t *testing.T) {
	for _, cmd := range []string{"index", "retrieve", "ask", "log", "eval", "reindex", "beir", "serve"} {
		for _, args := range [][]string{{cmd, "-h"}, {cmd, "--help"}, {cmd, "-help"}, {"help", cmd}, {cmd, "--store", "x", "--help", "question"}} {
			code, out, errOut := runCLI(t, args...)
			require.Equal(t, 0, code, "%v: %s", args, errOut)
			require.Empty(t, errOut, "%v", args)
			require.Contains(t, out, "  hybridrag "+cmd+" ", "%v prints its usage line", args)
			other := "  hybridrag serve "
			if cmd == "serve" {
				other = "  hybridrag index "
			}
			require.NotContains(t, out, other, "%v prints only its own command", args)
			require.Contains(t, out, "\nflags:\n", "%v", args)
		}
	}
	for _, args := range [][]string{{"-h"}, {"--help"}, {"help"}} {
		code, out, _ := runCLI(t, args...)
		require.Equal(t, 0, code)
		require.Contains(t, out, "hybridrag index")
		require.Contains(t, out, "hybridrag serve")
	}
	code, _, errOut := runCLI(t, "index", "--bogus")
	require.Equal(t, 2, code, "an unknown flag is still bad usage")
	require.Contains(t, errOut, "unknown flag --bogus")
}

// TestCLIAskTextExplains: a refusal names its reason in words, and the
// query id that "log feedback" takes is printed (and works there).
func TestCLIAskTextExplains(t *testing.T) {
	st := indexedPump(t, "# Pump\n\n## Speed\n\nThe pump runs at 3000 rpm under full load.\n\n## Priming\n\nPrime the pump with 2 litres of water before the first start.\n")
	code, out, errOut := runCLI(t, "ask", "--store", st, "What colour is the moon cheese?")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "Refused (no_relevant_content): no indexed passage is relevant enough to the question.")
	m := regexp.MustCompile(`Query id: (\d+) \(to rate it: hybridrag log --store (\S+) feedback (\d+) correct\|incorrect\)`).FindStringSubmatch(out)
	require.NotNil(t, m, out)
	require.Equal(t, m[1], m[3])
	require.Equal(t, st, m[2])
	id, err := strconv.Atoi(m[1])
	require.NoError(t, err)
	code, _, errOut = runCLI(t, "log", "--store", st, "feedback", strconv.Itoa(id), "correct")
	require.Equal(t, 0, code, "the printed command works: %s", errOut)

	code, out, errOut = runCLI(t, "ask", "--store", st, "--min-chunks", "1", "How fast does the pump run under full load?")
	require.Equal(t, 0, code, errOut)
	if !strings.Contains(out, "Refused") {
		require.Contains(t, out, "[S1]", "an answer: no refusal line")
	}
	require.Contains(t, out, "Query id: ")

	code, out, errOut = runCLI(t, "ask", "--store", st, "--no-log", "What colour is the moon cheese?")
	require.Equal(t, 0, code, errOut)
	require.NotContains(t, out, "Query id", "not logged: no id to give")
	require.Contains(t, out, "Refused (no_relevant_content)")
}

// TestCLIQuestionStartingWithDash: a question may start with the option it
// asks about; with a space in it, it is the question, not an unknown flag,
// while a dash-led word without one still is a flag.
func TestCLIQuestionStartingWithDash(t *testing.T) {
	st := indexedPump(t, "# Pump\n\n## Options\n\nThe -p option primes the pump with 2 litres of water before the first start.\n")
	for _, args := range [][]string{
		{"ask", "--store", st, "--json", "-p option: what does it prime the pump with?"},
		{"ask", "-p option: what does it prime the pump with?", "--store", st, "--json"},
		{"retrieve", "--store", st, "--json", "-p option: what does it prime?"},
	} {
		code, out, errOut := runCLI(t, args...)
		require.Equal(t, 0, code, "%v: %s", args, errOut)
		require.Contains(t, out, "2 litres", "%v", args)
	}
	code, _, errOut := runCLI(t, "ask", "--store", st, "-p")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "unknown flag -p")
}

// indexedPump indexes one Markdown page, pump.md, into a new store and
// returns the store's path.
func indexedPump(t *testing.T, page string) string {
	t.Helper()
	docs := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(docs, "pump.md"), []byte(page), 0o600))
	st := filepath.Join(t.TempDir(), "store")
	code, _, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	return st
}
