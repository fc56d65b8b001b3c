package rerank_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/retrieve/rerank"
	"github.com/hybridrag/hybridrag/store"
)

func sources(texts ...string) []retrieve.Source {
	out := make([]retrieve.Source, len(texts))
	for i, t := range texts {
		out[i] = retrieve.Source{Chunk: store.Chunk{ID: string(rune('a' + i)), Title: "Manual", Heading: []string{"Pump"}, Text: t}}
	}
	return out
}

func ids(ss []retrieve.Source) string {
	var b strings.Builder
	for _, s := range ss {
		b.WriteString(s.Chunk.ID)
	}
	return b.String()
}

// crossEncoder scores a document by how many of the query's words it
// holds, as a stand-in for a model; it answers in the wire shape of p.
func crossEncoder(t *testing.T, p rerank.Protocol, key string, got *map[string]any) *httptest.Server {
	t.Helper()
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if key != "" && r.Header.Get("Authorization") != "Bearer "+key {
			w.WriteHeader(http.StatusUnauthorized)
			io.WriteString(w, `{"message":"invalid api token `+r.Header.Get("Authorization")+`"}`)
			return
		}
		require.Equal(t, http.MethodPost, r.Method)
		require.Equal(t, "application/json", r.Header.Get("Content-Type"))
		var body map[string]any
		require.NoError(t, json.NewDecoder(r.Body).Decode(&body))
		if got != nil {
			*got = body
		}
		query := body["query"].(string)
		field := "documents"
		if p == rerank.ProtocolTEI {
			field = "texts"
		}
		var results []map[string]any
		for i, d := range body[field].([]any) {
			score := 0.0
			for _, w := range strings.Fields(strings.ToLower(query)) {
				if strings.Contains(strings.ToLower(d.(string)), w) {
					score++
				}
			}
			name := "relevance_score"
			if p == rerank.ProtocolTEI {
				name = "score"
			}
			results = append(results, map[string]any{"index": i, name: score / 10})
		}
		if n, ok := body["top_n"].(float64); ok && int(n) < len(results) {
			// Real servers return the best top_n, best first.
			for i := range results {
				for j := i + 1; j < len(results); j++ {
					if results[j]["relevance_score"].(float64) > results[i]["relevance_score"].(float64) {
						results[i], results[j] = results[j], results[i]
					}
				}
			}
			results = results[:int(n)]
		}
		if p == rerank.ProtocolTEI {
			json.NewEncoder(w).Encode(results)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"id": "r1", "results": results, "meta": map[string]any{}})
	}))
}

func TestHTTPRerankProtocols(t *testing.T) {
	src := sources("Check the oil level weekly.", "Replace the pump seal every 2000 hours.", "The pump seal kit is part PS-2.")
	for _, p := range []rerank.Protocol{rerank.ProtocolCohere, rerank.ProtocolTEI} {
		t.Run(string(p), func(t *testing.T) {
			var body map[string]any
			srv := crossEncoder(t, p, "rk-secret-123456", &body)
			defer srv.Close()
			r, err := rerank.NewHTTP(rerank.HTTPOptions{URL: srv.URL + "/rerank", Protocol: p, Model: "rerank-v3.5", APIKey: "rk-secret-123456"})
			require.NoError(t, err)
			out, err := r.Rerank(context.Background(), "when to replace the pump seal", src)
			require.NoError(t, err)
			require.Equal(t, "bca", ids(out))
			require.InDelta(t, 0.4, out[0].Scores.Rerank, 1e-9) // replace, the, pump, seal
			require.Equal(t, "when to replace the pump seal", body["query"])
			if p == rerank.ProtocolTEI {
				require.Len(t, body["texts"], 3)
				require.Equal(t, true, body["truncate"])
				require.NotContains(t, body, "model")
			} else {
				require.Equal(t, "rerank-v3.5", body["model"])
				require.Equal(t, "Manual\nPump\nCheck the oil level weekly.", body["documents"].([]any)[0])
			}
		})
	}
}

func TestHTTPRerankTopNKeepsTheRest(t *testing.T) {
	srv := crossEncoder(t, rerank.ProtocolCohere, "", nil)
	defer srv.Close()
	r, err := rerank.NewHTTP(rerank.HTTPOptions{URL: srv.URL, TopN: 1})
	require.NoError(t, err)
	out, err := r.Rerank(context.Background(), "seal kit part", sources("oil level", "seal every 2000 hours", "seal kit part PS-2", "filter"))
	require.NoError(t, err)
	require.Equal(t, "cabd", ids(out), "the best one first, the others in their fused order")
}

func TestHTTPRerankErrors(t *testing.T) {
	const key = "rk-canary-key-987654"
	reply := func(status int, body string) *httptest.Server {
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(status)
			io.WriteString(w, body)
		}))
	}
	cases := []struct {
		name   string
		status int
		body   string
		want   error
	}{
		{"server error quoting the key", 500, `{"message":"bad key ` + key + `"}`, rerank.ErrRerank},
		{"not JSON", 200, `<html>gateway</html>`, rerank.ErrBadResponse},
		{"no results", 200, `{"id":"x"}`, rerank.ErrBadResponse},
		{"index out of range", 200, `{"results":[{"index":7,"relevance_score":0.9}]}`, rerank.ErrBadResponse},
		{"index twice", 200, `{"results":[{"index":0,"relevance_score":0.9},{"index":0,"relevance_score":0.8}]}`, rerank.ErrBadResponse},
		{"no score", 200, `{"results":[{"index":0}]}`, rerank.ErrBadResponse},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := reply(c.status, c.body)
			defer srv.Close()
			r, err := rerank.NewHTTP(rerank.HTTPOptions{URL: srv.URL, APIKey: key})
			require.NoError(t, err)
			_, err = r.Rerank(context.Background(), "q", sources("a", "b"))
			require.ErrorIs(t, err, c.want)
			require.NotContains(t, err.Error(), key)
			if c.status != 200 {
				var se *rerank.StatusError
				require.ErrorAs(t, err, &se)
				require.Equal(t, 500, se.StatusCode)
			}
		})
	}

	t.Run("wrong key is a status error", func(t *testing.T) {
		srv := crossEncoder(t, rerank.ProtocolCohere, "right-key-123456", nil)
		defer srv.Close()
		r, err := rerank.NewHTTP(rerank.HTTPOptions{URL: srv.URL, APIKey: "wrong-key-654321"})
		require.NoError(t, err)
		_, err = r.Rerank(context.Background(), "q", sources("a", "b"))
		var se *rerank.StatusError
		require.ErrorAs(t, err, &se)
		require.Equal(t, http.StatusUnauthorized, se.StatusCode)
		require.NotContains(t, err.Error(), "wrong-key-654321")
	})

	t.Run("unreachable server, credentials in the URL", func(t *testing.T) {
		srv := reply(200, "{}")
		u := strings.Replace(srv.URL, "http://", "http://user:pa55word-secret@", 1)
		srv.Close()
		r, err := rerank.NewHTTP(rerank.HTTPOptions{URL: u})
		require.NoError(t, err)
		_, err = r.Rerank(context.Background(), "q", sources("a", "b"))
		require.ErrorIs(t, err, rerank.ErrRerank)
		require.NotContains(t, err.Error(), "pa55word-secret")
	})

	t.Run("cancelled context", func(t *testing.T) {
		srv := crossEncoder(t, rerank.ProtocolCohere, "", nil)
		defer srv.Close()
		r, err := rerank.NewHTTP(rerank.HTTPOptions{URL: srv.URL})
		require.NoError(t, err)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err = r.Rerank(ctx, "q", sources("a", "b"))
		require.ErrorIs(t, err, context.Canceled)
	})
}

func TestNewHTTPRejectsBadOptions(t *testing.T) {
	for name, o := range map[string]rerank.HTTPOptions{
		"no URL":          {},
		"relative URL":    {URL: "/rerank"},
		"other scheme":    {URL: "ftp://host/rerank"},
		"unknown shape":   {URL: "http://host/rerank", Protocol: "voyage2"},
		"negative top n":  {URL: "http://host/rerank", TopN: -1},
		"negative length": {URL: "http://host/rerank", MaxChars: -1},
	} {
		_, err := rerank.NewHTTP(o)
		require.ErrorIs(t, err, rerank.ErrConfig, name)
	}
}

func TestHTTPRerankCutsLongDocuments(t *testing.T) {
	var body map[string]any
	srv := crossEncoder(t, rerank.ProtocolCohere, "", &body)
	defer srv.Close()
	r, err := rerank.NewHTTP(rerank.HTTPOptions{URL: srv.URL, MaxChars: 20})
	require.NoError(t, err)
	_, err = r.Rerank(context.Background(), "q", sources(strings.Repeat("é", 100)))
	require.NoError(t, err)
	require.Equal(t, "Manual\nPump\néééééééé", body["documents"].([]any)[0])

	out, err := r.Rerank(context.Background(), "q", nil)
	require.NoError(t, err)
	require.Empty(t, out)
}
