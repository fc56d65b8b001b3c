package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
	"github.com/hybridrag/hybridrag/server"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

const (
	pumpText = "# Pump manual\n\n## Priming\n\nPrime the pump with 2 litres of water before the first start. Never run the pump dry.\n\n" +
		"## Seals\n\nReplace the shaft seal every 2,000 operating hours.\n"
	valveText = "# Valve guide\n\n## Relief\n\nThe pressure relief valve opens at 6 bar. Test the relief valve every 6 months.\n"

	keyAcme   = "acme-key-0123456789abcdef"
	keyGlobex = "globex-key-0123456789abcdef"
	keyMulti  = "multi-key-0123456789abcdef"
	keysFile  = "# test keys\n" +
		keyAcme + " acme ops\n" +
		keyGlobex + "\tglobex *\n" +
		keyMulti + " acme ops,lab\n"
)

// fixture is a Server over an embedded store and a SQLite query log, with
// the pump manual in tenant acme (project ops) and the valve guide in
// tenant globex (project eng).
type fixture struct {
	t   *testing.T
	srv *httptest.Server
	p   *hybridrag.Pipeline
}

type fixtureOpts struct {
	cfg   hybridrag.Config
	opts  server.Options
	noLog bool
	docs  []store.Document
}

func defaultDocs() []store.Document {
	return []store.Document{
		{ID: "pump.md", Source: "pump.md", Text: pumpText, TenantID: "acme", ProjectID: "ops"},
		{ID: "valve.md", Source: "valve.md", Text: valveText, TenantID: "globex", ProjectID: "eng"},
	}
}

func newFixture(t *testing.T, fo fixtureOpts) *fixture {
	t.Helper()
	dir := t.TempDir()
	st, err := embedded.Open(filepath.Join(dir, "store"), embedded.Options{Create: true})
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	cfg := fo.cfg
	cfg.Store = st
	if !fo.noLog {
		l, err := sqlitelog.Open(filepath.Join(dir, "querylog.db"), sqlitelog.Options{})
		require.NoError(t, err)
		t.Cleanup(func() { _ = l.Close() })
		cfg.QueryLog = l
	}
	p, err := hybridrag.New(cfg)
	require.NoError(t, err)
	t.Cleanup(func() { _ = p.Close() })
	docs := fo.docs
	if docs == nil {
		docs = defaultDocs()
	}
	if len(docs) > 0 {
		_, err = p.Index(context.Background(), docs...)
		require.NoError(t, err)
	}
	opts := fo.opts
	if opts.Logger == nil {
		opts.Logger = discardLogger()
	}
	h, err := server.New(p, opts)
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &fixture{t: t, srv: srv, p: p}
}

// with returns f reporting to t (a subtest).
func (f *fixture) with(t *testing.T) *fixture {
	g := *f
	g.t = t
	return &g
}

func testKeys(t *testing.T) *server.Keys {
	k, err := server.ParseKeys(strings.NewReader(keysFile))
	require.NoError(t, err)
	return k
}

// do sends a request; body may be a string (sent as JSON unless header
// says otherwise), nil, or an io.Reader.
func (f *fixture) do(method, path, key string, body any, header ...string) *http.Response {
	f.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case io.Reader:
		r = b
	default:
		j, err := json.Marshal(b)
		require.NoError(f.t, err)
		r = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, f.srv.URL+path, r)
	require.NoError(f.t, err)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	res, err := f.srv.Client().Do(req)
	require.NoError(f.t, err)
	f.t.Cleanup(func() { res.Body.Close() })
	return res
}

// json sends a request and decodes the JSON answer, checking the status.
func (f *fixture) json(method, path, key string, body any, wantStatus int, out any) {
	f.t.Helper()
	res := f.do(method, path, key, body)
	b, err := io.ReadAll(res.Body)
	require.NoError(f.t, err)
	require.Equal(f.t, wantStatus, res.StatusCode, "%s %s: %s", method, path, b)
	require.Contains(f.t, res.Header.Get("Content-Type"), "application/json")
	if out != nil {
		require.NoError(f.t, json.Unmarshal(b, out), string(b))
	}
}

// apiErr asserts an error response and returns its code.
func (f *fixture) apiErr(res *http.Response, wantStatus int) string {
	f.t.Helper()
	b, err := io.ReadAll(res.Body)
	require.NoError(f.t, err)
	require.Equal(f.t, wantStatus, res.StatusCode, string(b))
	require.Contains(f.t, res.Header.Get("Content-Type"), "application/json")
	var e struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	require.NoError(f.t, json.Unmarshal(b, &e), string(b))
	require.NotEmpty(f.t, e.Code)
	require.NotEmpty(f.t, e.Message)
	return e.Code
}

type answerJSON struct {
	QueryID       int64   `json:"query_id"`
	Query         string  `json:"query"`
	Answer        string  `json:"answer"`
	RefusalReason *string `json:"refusal_reason"`
	Confidence    string  `json:"confidence"`
	Citations     []string
	Sources       []struct {
		ID         string  `json:"id"`
		ChunkID    string  `json:"chunk_id"`
		DocumentID string  `json:"document_id"`
		Source     string  `json:"source"`
		Relevance  float64 `json:"relevance"`
		Cited      bool    `json:"cited"`
	} `json:"sources"`
	UsedChunks []struct {
		ChunkID         string  `json:"chunk_id"`
		RelevanceScore  float64 `json:"relevance_score"`
		RetrievalMethod string  `json:"retrieval_method"`
	} `json:"used_chunks"`
	Metadata map[string]any `json:"metadata"`
}

func decode(t *testing.T, res *http.Response, out any) {
	t.Helper()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, out), string(b))
}

type hybridragMetrics struct{ m *hybridrag.Metrics }

func (h *hybridragMetrics) config() hybridrag.Config {
	h.m = &hybridrag.Metrics{}
	return hybridrag.Config{Observer: h.m}
}

// slowConfig's generator waits for release (or the request's end), then
// answers with the extractive generator.
func slowConfig(release <-chan struct{}) hybridrag.Config {
	ext := extractive.New(extractive.Options{})
	return hybridrag.Config{Generator: generate.GeneratorFunc(func(ctx context.Context, req generate.Request) (*generate.Generation, error) {
		select {
		case <-release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return ext.Generate(ctx, req)
	})}
}
