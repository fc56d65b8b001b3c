package server_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/server"
)

const pumpQuestion = "How much water do I need to prime the pump?"

func TestQuery(t *testing.T) {
	f := newFixture(t, fixtureOpts{opts: server.Options{Auth: testKeys(t)}})

	var a answerJSON
	f.json("POST", "/v1/query", keyAcme, map[string]any{"query": pumpQuestion, "top_k": 5, "mmr_lambda": 0.7}, http.StatusOK, &a)
	require.Nil(t, a.RefusalReason, a.Answer)
	require.Contains(t, a.Answer, "2 litres")
	require.Contains(t, a.Answer, "[S1]")
	require.NotEmpty(t, a.Citations)
	require.Positive(t, a.QueryID)
	require.NotEmpty(t, a.Sources)
	require.Len(t, a.UsedChunks, len(a.Sources))
	require.Equal(t, a.Sources[0].ChunkID, a.UsedChunks[0].ChunkID)
	require.Contains(t, []string{"hybrid", "keyword", "vector"}, a.UsedChunks[0].RetrievalMethod)
	for _, k := range []string{"retrieval_ms", "generation_ms", "total_ms", "chunks_used"} {
		require.Contains(t, a.Metadata, k)
	}
	for _, s := range a.Sources {
		require.Equal(t, "pump.md", s.DocumentID)
	}

	// The same question in the other tenant has no pump manual to answer from.
	f.json("POST", "/v1/query", keyGlobex, map[string]any{"query": pumpQuestion}, http.StatusOK, &a)
	require.NotNil(t, a.RefusalReason)
	require.Equal(t, "refused", a.Confidence)
	for _, s := range a.Sources {
		require.NotEqual(t, "pump.md", s.DocumentID)
	}

	// upload_id and filters narrow within the tenant.
	f.json("POST", "/v1/query", keyAcme, map[string]any{"query": pumpQuestion, "upload_id": "nothing.md"}, http.StatusOK, &a)
	require.NotNil(t, a.RefusalReason)
	f.json("POST", "/v1/query", keyAcme, map[string]any{"query": pumpQuestion, "filters": map[string]any{"document_ids": []string{"pump.md"}}}, http.StatusOK, &a)
	require.Nil(t, a.RefusalReason)
}

func TestRAGQuery(t *testing.T) {
	f := newFixture(t, fixtureOpts{})
	var out map[string]any
	f.json("POST", "/rag/query", "", map[string]any{"query": pumpQuestion, "min_sources": 1}, http.StatusOK, &out)
	for _, k := range []string{"answer", "sources", "citations", "refusal_reason", "query"} {
		require.Contains(t, out, k)
	}
	require.Nil(t, out["refusal_reason"])
	require.Contains(t, out["answer"], "2 litres")

	// An empty project is refused as the seed says, with empty lists.
	f.json("POST", "/rag/query", "", map[string]any{"query": pumpQuestion, "project_id": "nope"}, http.StatusOK, &out)
	require.Equal(t, "collection_not_found", out["refusal_reason"])
	require.Equal(t, []any{}, out["citations"])
	require.Equal(t, []any{}, out["sources"])
}

func TestRetrieve(t *testing.T) {
	f := newFixture(t, fixtureOpts{opts: server.Options{Auth: testKeys(t)}})
	var out struct {
		Query         string `json:"query"`
		QueryAnalysis struct {
			Keywords []string `json:"keywords"`
		} `json:"query_analysis"`
		Sources []struct {
			ID         string             `json:"id"`
			DocumentID string             `json:"document_id"`
			Scores     map[string]float64 `json:"scores"`
			Relevance  float64            `json:"relevance"`
		} `json:"sources"`
		Metadata map[string]float64 `json:"metadata"`
	}
	f.json("POST", "/v1/retrieve", keyGlobex, map[string]any{"query": "At what pressure does the relief valve open?", "top_k": 2}, http.StatusOK, &out)
	require.NotEmpty(t, out.Sources)
	require.LessOrEqual(t, len(out.Sources), 2)
	require.Equal(t, "S1", out.Sources[0].ID)
	require.Equal(t, "valve.md", out.Sources[0].DocumentID)
	require.Contains(t, out.Sources[0].Scores, "bm25")
	require.NotEmpty(t, out.QueryAnalysis.Keywords)
	require.Contains(t, out.Metadata, "retrieval_ms")

	res := f.do("POST", "/v1/retrieve", keyGlobex, `{"query":"valve pressure","min_sources":2}`)
	require.Equal(t, server.CodeUnknownField, f.apiErr(res, http.StatusBadRequest))
}

func TestBadInput(t *testing.T) {
	f := newFixture(t, fixtureOpts{opts: server.Options{MaxBodyBytes: 4096, RateLimit: -1}})
	long := strings.Repeat("pump ", 201) // 1005 characters
	tests := []struct {
		name   string
		method string
		path   string
		body   string
		ctype  string
		status int
		code   string
	}{
		{"invalid JSON", "POST", "/v1/query", `{"query": "pump"`, "", 400, server.CodeInvalidJSON},
		{"syntax error", "POST", "/v1/query", `{"query": pump}`, "", 400, server.CodeInvalidJSON},
		{"empty body", "POST", "/v1/query", ``, "", 400, server.CodeInvalidJSON},
		{"not an object", "POST", "/v1/query", `["pump"]`, "", 400, server.CodeInvalidJSON},
		{"wrong type", "POST", "/v1/query", `{"query": 5}`, "", 400, server.CodeInvalidJSON},
		{"trailing data", "POST", "/v1/query", `{"query": "pump priming"} {}`, "", 400, server.CodeInvalidJSON},
		{"unknown field", "POST", "/v1/query", `{"query": "pump priming", "temperature": 0.1}`, "", 400, server.CodeUnknownField},
		{"unknown field rag", "POST", "/rag/query", `{"query": "pump priming", "top_k": 3}`, "", 400, server.CodeUnknownField},
		{"wrong content type", "POST", "/v1/query", `{"query": "pump priming"}`, "text/plain", 415, server.CodeUnsupportedMedia},
		{"form content type", "POST", "/rag/query", `query=pump`, "application/x-www-form-urlencoded", 415, server.CodeUnsupportedMedia},
		{"oversized", "POST", "/v1/query", `{"query": "` + strings.Repeat("a", 5000) + `"}`, "", 413, server.CodeBodyTooLarge},
		{"top_k zero", "POST", "/v1/query", `{"query": "pump priming", "top_k": 0}`, "", 400, server.CodeInvalidArgument},
		{"top_k too big", "POST", "/v1/query", `{"query": "pump priming", "top_k": 51}`, "", 400, server.CodeInvalidArgument},
		{"top_k fraction", "POST", "/v1/query", `{"query": "pump priming", "top_k": 2.5}`, "", 400, server.CodeInvalidJSON},
		{"mmr_lambda zero", "POST", "/v1/query", `{"query": "pump priming", "mmr_lambda": 0}`, "", 400, server.CodeInvalidArgument},
		{"mmr_lambda above one", "POST", "/v1/query/stream", `{"query": "pump priming", "mmr_lambda": 1.5}`, "", 400, server.CodeInvalidArgument},
		{"min_sources negative", "POST", "/rag/query", `{"query": "pump priming", "min_sources": -1}`, "", 400, server.CodeInvalidArgument},
		{"min_sources above ten", "POST", "/rag/query", `{"query": "pump priming", "min_sources": 11}`, "", 400, server.CodeInvalidArgument},
		{"min_score above one", "POST", "/v1/query", `{"query": "pump priming", "min_score": 2}`, "", 400, server.CodeInvalidArgument},
		{"dates reversed", "POST", "/v1/query", `{"query": "pump priming", "filters": {"after": "2025-01-02T00:00:00Z", "before": "2025-01-01T00:00:00Z"}}`, "", 400, server.CodeInvalidArgument},
		{"bad date", "POST", "/v1/query", `{"query": "pump priming", "filters": {"after": "yesterday"}}`, "", 400, server.CodeInvalidJSON},
		{"question too short", "POST", "/v1/query", `{"query": " ab "}`, "", 400, server.CodeInvalidQuery},
		{"question too long", "POST", "/rag/query", `{"query": "` + long + `"}`, "", 400, server.CodeInvalidQuery},
		{"question too long stream", "POST", "/v1/query/stream", `{"query": "` + long + `"}`, "", 400, server.CodeInvalidQuery},
		{"question missing retrieve", "POST", "/v1/retrieve", `{}`, "", 400, server.CodeInvalidQuery},
		{"bad verdict", "POST", "/v1/queries/1/feedback", `{"verdict": "maybe"}`, "", 400, server.CodeInvalidArgument},
		{"long comment", "POST", "/v1/queries/1/feedback", `{"verdict": "correct", "comment": "` + strings.Repeat("x", 2001) + `"}`, "", 400, server.CodeInvalidArgument},
		{"history limit", "GET", "/v1/queries?limit=0", ``, "", 400, server.CodeInvalidArgument},
		{"history limit big", "GET", "/v1/queries?limit=101", ``, "", 400, server.CodeInvalidArgument},
		{"history before", "GET", "/v1/queries?before=x", ``, "", 400, server.CodeInvalidArgument},
		{"query id", "GET", "/v1/queries/abc", ``, "", 404, server.CodeNotFound},
		{"context too big", "GET", "/v1/documents/pump.md/chunks/x?context=20001", ``, "", 400, server.CodeInvalidArgument},
		{"upload not multipart", "POST", "/v1/documents", `{}`, "", 415, server.CodeUnsupportedMedia},
		{"method", "GET", "/v1/query", ``, "", 405, server.CodeMethodNotAllowed},
		{"method delete", "DELETE", "/v1/queries", ``, "", 405, server.CodeMethodNotAllowed},
		{"no endpoint", "GET", "/v1/nothing", ``, "", 404, server.CodeNotFound},
		{"no endpoint post", "POST", "/v1/nothing", `{}`, "", 404, server.CodeNotFound},
		{"get-only endpoint", "POST", "/v1/queries/3", `{}`, "", 405, server.CodeMethodNotAllowed},
		{"page path post", "POST", "/index.html", `{}`, "", 405, server.CodeMethodNotAllowed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var hdr []string
			if tc.ctype != "" {
				hdr = []string{"Content-Type", tc.ctype}
			}
			var body any
			if tc.body != "" || tc.method == "POST" {
				body = tc.body
			}
			f := f.with(t)
			res := f.do(tc.method, tc.path, "", body, hdr...)
			require.Equal(t, tc.code, f.apiErr(res, tc.status))
			if tc.status == 405 {
				require.NotEmpty(t, res.Header.Get("Allow"))
			}
		})
	}
}

// An internal failure is logged with its request id and answered without
// its text.
func TestInternalErrorHidden(t *testing.T) {
	var logs bytes.Buffer
	gen := generate.GeneratorFunc(func(context.Context, generate.Request) (*generate.Generation, error) {
		return nil, errors.New("dial tcp 10.1.2.3:5432: secret-host refused")
	})
	f := newFixture(t, fixtureOpts{cfg: hybridrag.Config{Generator: gen},
		opts: server.Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))}})
	for _, path := range []string{"/v1/query", "/rag/query"} {
		res := f.do("POST", path, "", `{"query": "`+pumpQuestion+`"}`)
		id := res.Header.Get("X-Request-Id")
		b, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		require.Equal(t, http.StatusInternalServerError, res.StatusCode)
		require.NotContains(t, string(b), "secret-host")
		require.NotContains(t, string(b), "10.1.2.3")
		require.Contains(t, string(b), `"code":"internal"`)
		require.Contains(t, string(b), id, "the message quotes the request id")
		require.Contains(t, logs.String(), "request_id="+id)
		require.Contains(t, logs.String(), "secret-host", "the log keeps the cause")
	}

	// A closed pipeline is unavailable, not an internal error.
	require.NoError(t, f.p.Close())
	res := f.do("POST", "/v1/query", "", `{"query": "`+pumpQuestion+`"}`)
	require.Equal(t, server.CodeUnavailable, f.apiErr(res, http.StatusServiceUnavailable))
}
