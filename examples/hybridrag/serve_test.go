package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

const serveKey = "cli-test-key-0123456789"

// startServe runs `hybridrag serve` on a free loopback port and returns
// its base URL and a function that stops it and returns its exit code.
func startServe(t *testing.T, args ...string) (string, func() (int, string)) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	var errOut strings.Builder
	codec := make(chan int, 1)
	go func() {
		codec <- run(ctx, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...), pw, &errOut)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	require.NoError(t, err, errOut.String())
	go io.Copy(io.Discard, pr)
	i := strings.Index(line, "http://")
	require.GreaterOrEqual(t, i, 0, line)
	url := strings.TrimSuffix(strings.Fields(line[i:])[0], "/")
	stop := func() (int, string) {
		cancel()
		select {
		case code := <-codec:
			return code, errOut.String()
		case <-time.After(30 * time.Second):
			t.Fatal("serve did not stop")
			return 0, ""
		}
	}
	t.Cleanup(func() { cancel() })
	return url, stop
}

func TestServe(t *testing.T) {
	dir := t.TempDir()
	docs := filepath.Join(dir, "docs")
	require.NoError(t, os.MkdirAll(docs, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "pump.md"), []byte("# Pump manual\n\n## Priming\n\nPrime the pump with 2 litres of water before the first start.\n"), 0o600))
	st := filepath.Join(dir, "store")
	code, _, errOut := runCLI(t, "index", "--store", st, "--tenant", "acme", docs)
	require.Equal(t, 0, code, errOut)
	keys := filepath.Join(dir, "keys")
	require.NoError(t, os.WriteFile(keys, []byte(serveKey+" acme\n"), 0o600))

	url, stop := startServe(t, "--store", st, "--keys", keys)
	post := func(key string) *http.Response {
		req, err := http.NewRequest("POST", url+"/v1/query", strings.NewReader(`{"query": "How much water primes the pump?"}`))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		if key != "" {
			req.Header.Set("Authorization", "Bearer "+key)
		}
		res, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		t.Cleanup(func() { res.Body.Close() })
		return res
	}
	require.Equal(t, http.StatusUnauthorized, post("").StatusCode)
	res := post(serveKey)
	require.Equal(t, http.StatusOK, res.StatusCode)
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	require.Contains(t, string(b), "2 litres")
	res, err = http.Get(url + "/")
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	res, err = http.Get(url + "/metrics")
	require.NoError(t, err)
	b, _ = io.ReadAll(res.Body)
	res.Body.Close()
	require.Contains(t, string(b), "hybridrag_queries_total")
	code, errOut = stop()
	require.Equal(t, 0, code, errOut)
	require.NotContains(t, errOut, serveKey, "keys are never logged")

	// The query was logged: `log` lists it under the key's tenant.
	code, out, errOut := runCLI(t, "log", "--store", st, "--tenant", "acme", "--json")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "How much water primes the pump?")
}

func TestServeUsage(t *testing.T) {
	dir := t.TempDir()
	keys := filepath.Join(dir, "keys")
	require.NoError(t, os.WriteFile(keys, []byte("short acme\n"), 0o600))
	for _, tc := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no store", []string{"serve", "--open"}, 2, "--store"},
		{"neither keys nor open", []string{"serve", "--store", dir}, 2, "--keys FILE"},
		{"both", []string{"serve", "--store", dir, "--open", "--keys", keys}, 2, "exactly one"},
		{"tenant flag", []string{"serve", "--store", dir, "--open", "--tenant", "x"}, 2, "--keys"},
		{"argument", []string{"serve", "--store", dir, "--open", "extra"}, 2, "no arguments"},
		{"bad keys file", []string{"serve", "--store", dir, "--keys", keys}, 1, "line 1"},
		{"missing keys file", []string{"serve", "--store", dir, "--keys", filepath.Join(dir, "nope")}, 1, "keys"},
		{"bad address", []string{"serve", "--store", filepath.Join(dir, "s"), "--open", "--addr", "256.0.0.1:x"}, 1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, tc.args...)
			require.Equal(t, tc.code, code, errOut)
			require.Contains(t, errOut, tc.msg)
		})
	}
}

// --read-only shares the store: other commands run while it serves.
func TestServeReadOnly(t *testing.T) {
	dir := t.TempDir()
	docs := filepath.Join(dir, "docs")
	require.NoError(t, os.MkdirAll(docs, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "pump.md"), []byte("# Pump manual\n\n## Priming\n\nPrime the pump with 2 litres of water before the first start.\n"), 0o600))
	st := filepath.Join(dir, "store")
	code, _, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)

	url, stop := startServe(t, "--store", st, "--open", "--read-only", "--no-log")
	code, out, errOut := runCLI(t, "ask", "--store", st, "--no-log", "How much water primes the pump?")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "2 litres")
	req, err := http.NewRequest("DELETE", url+"/v1/documents/pump.md", nil)
	require.NoError(t, err)
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusNotImplemented, res.StatusCode)
	code, errOut = stop()
	require.Equal(t, 0, code, errOut)
}
