package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

// TestCLIConcurrentQueries runs query commands at once on one embedded
// store, as parallel processes would: they open it read-only and share it
// (with each other and with a read-only Store this test holds, which a
// command opening it for writing would wait for and then fail on), each
// logging its query. An index run afterwards still gets the store.
func TestCLIConcurrentQueries(t *testing.T) {
	st := logTestStore(t)
	held, err := embedded.Open(st, embedded.Options{ReadOnly: true, LockTimeout: -1})
	require.NoError(t, err)
	scope := []string{"--store", st, "--tenant", "acme", "--project", "plant"}
	commands := [][]string{
		{"ask", "At what pressure does the relief valve open?"},
		{"ask", "How often is the shaft seal replaced?"},
		{"ask", "How much water primes the pump?"},
		{"ask", "How often should the relief valve be tested?"},
		{"retrieve", "At what pressure does the relief valve open?"},
	}
	type result struct {
		code        int
		out, errOut string
	}
	results := make([]result, len(commands))
	var wg sync.WaitGroup
	for i, cmd := range commands {
		wg.Go(func() {
			var out, errOut bytes.Buffer
			args := append(append([]string{cmd[0]}, scope...), cmd[1:]...)
			code := run(context.Background(), args, &out, &errOut)
			results[i] = result{code, out.String(), errOut.String()}
		})
	}
	wg.Wait()
	require.NoError(t, held.Close())
	for i, r := range results {
		require.Equal(t, 0, r.code, "%v: %s", commands[i], r.errOut)
		require.NotEmpty(t, r.out, fmt.Sprint(commands[i]))
	}
	code, _, errOut := runCLI(t, append(append([]string{"index"}, scope...), filepath.Join(filepath.Dir(st), "docs"))...)
	require.Equal(t, 0, code, errOut)

	lg, err := sqlitelog.Open(filepath.Join(st, queryLogFile), sqlitelog.Options{})
	require.NoError(t, err)
	defer lg.Close()
	recent, err := lg.Recent(context.Background(), sqlitelog.RecentQuery{})
	require.NoError(t, err)
	require.Len(t, recent, 5, "every ask and retrieve is logged")
}
