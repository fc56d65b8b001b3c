package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The key from the environment reaches neither stderr nor stdout, whether
// the provider quotes it in an error body or the base URL holds it.
func TestCLINeverPrintsTheKey(t *testing.T) {
	const key = "canary~cli~Q7x"
	echo := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = fmt.Fprintf(w, `{"error":{"message":"Incorrect API key provided: %s.","type":"invalid_request_error","code":"invalid_api_key"}}`,
			strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
	}))
	t.Cleanup(echo.Close)

	dir := t.TempDir()
	doc := filepath.Join(dir, "pump.md")
	require.NoError(t, os.WriteFile(doc, []byte("# Pump\n\nPrime the pump with 2 litres of water before the first start.\n"), 0o600))
	st := filepath.Join(dir, "store")
	code, _, errOut := runCLI(t, "index", "--store", st, doc)
	require.Equal(t, 0, code, errOut)

	t.Setenv("OPENAI_API_KEY", key)
	for _, base := range []string{echo.URL + "/v1", "https://user:" + key + "@api.example/v1"} {
		t.Setenv("OPENAI_BASE_URL", base)
		for _, extra := range [][]string{nil, {"--json"}} {
			args := append([]string{"ask", "--store", st, "--generator", "openai"}, extra...)
			code, out, errOut := runCLI(t, append(args, "How much water primes the pump?")...)
			require.Equal(t, 1, code, errOut)
			require.NotEmpty(t, errOut)
			require.NotContains(t, errOut, key)
			require.NotContains(t, out, key)
		}
	}
}
