package server_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/server"
)

func TestParseKeys(t *testing.T) {
	tests := []struct {
		name, file, err string
	}{
		{"ok", keysFile, ""},
		{"short key", "short acme\n", "line 1: a key must be at least 16"},
		{"no tenant", "# c\n\n" + keyAcme + "\n", "line 3: want KEY TENANT"},
		{"too many fields", keyAcme + " acme ops extra\n", "line 1: want KEY TENANT"},
		{"duplicate", keyAcme + " acme\n" + keyAcme + " globex\n", "line 2: same key as line 1"},
		{"empty project", keyAcme + " acme ops,,lab\n", "line 1: empty project name"},
		{"empty", "# nothing\n", "no keys"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			k, err := server.ParseKeys(strings.NewReader(tc.file))
			if tc.err == "" {
				require.NoError(t, err)
				require.Equal(t, 3, k.Len())
				return
			}
			require.ErrorContains(t, err, tc.err)
			require.NotContains(t, err.Error(), keyAcme, "errors never quote a key")
		})
	}
}

func TestAuth(t *testing.T) {
	var logs bytes.Buffer
	f := newFixture(t, fixtureOpts{opts: server.Options{
		Auth: testKeys(t), RateLimit: -1, Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	}})
	body := map[string]any{"query": pumpQuestion}
	for _, tc := range []struct {
		name   string
		header string
	}{
		{"none", ""},
		{"unknown", "Bearer " + keyAcme + "x"},
		{"prefix", "Bearer " + keyAcme[:20]},
		{"basic", "Basic " + keyAcme},
		{"empty bearer", "Bearer "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := f.with(t)
			var hdr []string
			if tc.header != "" {
				hdr = []string{"Authorization", tc.header}
			}
			res := f.do("POST", "/v1/query", "", body, hdr...)
			require.Equal(t, server.CodeUnauthorized, f.apiErr(res, http.StatusUnauthorized))
			require.Contains(t, res.Header.Get("WWW-Authenticate"), "Bearer")
		})
	}
	for _, path := range []string{"/v1/queries", "/v1/documents"} {
		require.Equal(t, server.CodeUnauthorized, f.apiErr(f.do("GET", path, "", nil), http.StatusUnauthorized))
	}
	// Health, metrics and the page need no key.
	require.Equal(t, http.StatusOK, f.do("GET", "/healthz", "", nil).StatusCode)
	require.Equal(t, http.StatusOK, f.do("GET", "/", "", nil).StatusCode)

	// The scheme is case-insensitive; a key works.
	res := f.do("POST", "/v1/query", "", body, "Authorization", "bearer "+keyAcme)
	require.Equal(t, http.StatusOK, res.StatusCode)

	// Projects: not the key's → 404; several → must name one.
	res = f.do("POST", "/v1/query", keyAcme, map[string]any{"query": pumpQuestion, "project_id": "eng"})
	require.Equal(t, server.CodeNotFound, f.apiErr(res, http.StatusNotFound))
	res = f.do("POST", "/rag/query", keyMulti, body)
	require.Equal(t, server.CodeProjectRequired, f.apiErr(res, http.StatusBadRequest))
	res = f.do("POST", "/rag/query", keyMulti, map[string]any{"query": pumpQuestion, "project_id": "ops"})
	require.Equal(t, http.StatusOK, res.StatusCode)

	require.NotContains(t, logs.String(), keyAcme[:12], "keys are never logged")
	require.NotContains(t, logs.String(), keyMulti[:12])
	require.Contains(t, logs.String(), "principal=key@2", "the access log names the key by its line")
}

// An Authenticator of the host's own maps its callers to tenants.
func TestAuthenticatorFunc(t *testing.T) {
	auth := server.AuthenticatorFunc(func(r *http.Request) (server.Principal, error) {
		if r.Header.Get("X-User") == "" {
			return server.Principal{}, server.ErrUnauthenticated
		}
		return server.Principal{Tenant: r.Header.Get("X-User")}, nil
	})
	f := newFixture(t, fixtureOpts{opts: server.Options{Auth: auth}})
	require.Equal(t, server.CodeUnauthorized, f.apiErr(f.do("GET", "/v1/documents", "", nil), http.StatusUnauthorized))
	res := f.do("GET", "/v1/documents", "", nil, "X-User", "globex")
	var docs documentsJSON
	decode(t, res, &docs)
	require.Len(t, docs.Documents, 1)
	require.Equal(t, "valve.md", docs.Documents[0].ID)
}

func TestRateLimit(t *testing.T) {
	f := newFixture(t, fixtureOpts{opts: server.Options{Auth: testKeys(t), RateLimit: 0.001, RateBurst: 3}})
	for range 3 {
		require.Equal(t, http.StatusOK, f.do("GET", "/v1/documents", keyAcme, nil).StatusCode)
	}
	res := f.do("GET", "/v1/documents", keyAcme, nil)
	require.Equal(t, server.CodeRateLimited, f.apiErr(res, http.StatusTooManyRequests))
	secs, err := strconv.Atoi(res.Header.Get("Retry-After"))
	require.NoError(t, err)
	require.Greater(t, secs, 100, "0.001/s: the next token is ~1000 s away")
	// Buckets are per key.
	require.Equal(t, http.StatusOK, f.do("GET", "/v1/documents", keyGlobex, nil).StatusCode)

	// Wrong keys draw on a bucket per client address: guessing is throttled
	// too, and does not use up the real keys' budgets.
	for range 3 {
		require.Equal(t, server.CodeUnauthorized, f.apiErr(f.do("GET", "/v1/documents", "wrong-key-0123456789", nil), http.StatusUnauthorized))
	}
	require.Equal(t, server.CodeRateLimited, f.apiErr(f.do("GET", "/v1/documents", "wrong-key-0123456789", nil), http.StatusTooManyRequests))
	require.Equal(t, http.StatusOK, f.do("GET", "/v1/documents", keyGlobex, nil).StatusCode)
}

func TestSecurityHeaders(t *testing.T) {
	f := newFixture(t, fixtureOpts{})
	for _, path := range []string{"/", "/index.html", "/healthz", "/v1/documents"} {
		res := f.do("GET", path, "", nil)
		require.Equal(t, http.StatusOK, res.StatusCode, path)
		h := res.Header
		require.Equal(t, server.ContentSecurityPolicy, h.Get("Content-Security-Policy"), path)
		require.Contains(t, h.Get("Content-Security-Policy"), "default-src 'self'")
		require.Contains(t, h.Get("Content-Security-Policy"), "script-src 'self'")
		require.NotContains(t, h.Get("Content-Security-Policy"), "unsafe-inline")
		require.Equal(t, "nosniff", h.Get("X-Content-Type-Options"))
		require.Equal(t, "DENY", h.Get("X-Frame-Options"))
		require.Equal(t, "no-referrer", h.Get("Referrer-Policy"))
		require.NotEmpty(t, h.Get("X-Request-Id"))
	}
	res := f.do("GET", "/", "", nil)
	require.Contains(t, res.Header.Get("Content-Type"), "text/html")
}

func TestMetrics(t *testing.T) {
	f := newFixture(t, fixtureOpts{})
	require.Equal(t, server.CodeNotFound, f.apiErr(f.do("GET", "/metrics", "", nil), http.StatusNotFound))

	m := &hybridragMetrics{}
	g := newFixture(t, fixtureOpts{cfg: m.config(), opts: server.Options{Metrics: m.m}})
	g.json("POST", "/v1/query", "", map[string]any{"query": pumpQuestion}, http.StatusOK, nil)
	res := g.do("GET", "/metrics", "", nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Contains(t, res.Header.Get("Content-Type"), "text/plain")
	var b bytes.Buffer
	_, _ = b.ReadFrom(res.Body)
	require.Contains(t, b.String(), `hybridrag_queries_total{op="ask",outcome="answered"} 1`)
}

// The deadline bounds a slow generation: 504 with a code.
func TestTimeout(t *testing.T) {
	f := newFixture(t, fixtureOpts{cfg: slowConfig(make(chan struct{})), opts: server.Options{Timeout: 50 * time.Millisecond}})
	start := time.Now()
	res := f.do("POST", "/v1/query", "", map[string]any{"query": pumpQuestion})
	require.Equal(t, server.CodeTimeout, f.apiErr(res, http.StatusGatewayTimeout))
	require.Less(t, time.Since(start), 10*time.Second)
}
