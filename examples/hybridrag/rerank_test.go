package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

type retrievedJSON struct {
	Sources []struct {
		DocumentID string `json:"document_id"`
		Scores     struct {
			Rerank float64 `json:"rerank"`
		} `json:"scores"`
	} `json:"sources"`
}

// reverseRanker is a /rerank server (Cohere shape) that ranks the
// documents it is sent in reverse order, so that its effect shows.
func reverseRanker(t *testing.T, calls *atomic.Int64, wantKey string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		require.Equal(t, "Bearer "+wantKey, r.Header.Get("Authorization"))
		var body struct {
			Documents []string `json:"documents"`
		}
		require.NoError(t, json.NewDecoder(r.Body).Decode(&body))
		var results []map[string]any
		for i := len(body.Documents) - 1; i >= 0; i-- {
			results = append(results, map[string]any{"index": i, "relevance_score": float64(i+1) / 100})
		}
		json.NewEncoder(w).Encode(map[string]any{"results": results})
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestCLIRerankURL(t *testing.T) {
	st, _ := evalTestSet(t)
	var calls atomic.Int64
	srv := reverseRanker(t, &calls, "rk-test-key-123456")
	t.Setenv("RERANK_API_KEY", "rk-test-key-123456")
	const q = "How do I prime the pump and test the relief valve?"

	code, out, errOut := runCLI(t, "retrieve", "--store", st, "--no-log", "--json", q)
	require.Equal(t, 0, code, errOut)
	var plain retrievedJSON
	require.NoError(t, json.Unmarshal([]byte(out), &plain))
	require.Len(t, plain.Sources, 2)
	require.Zero(t, calls.Load(), "no reranking unless asked")

	code, out, errOut = runCLI(t, "retrieve", "--store", st, "--no-log", "--json", "--rerank", srv.URL+"/v2/rerank", q)
	require.Equal(t, 0, code, errOut)
	var reranked retrievedJSON
	require.NoError(t, json.Unmarshal([]byte(out), &reranked))
	require.EqualValues(t, 1, calls.Load())
	require.Len(t, reranked.Sources, 2)
	require.Positive(t, reranked.Sources[0].Scores.Rerank)
	require.Equal(t, plain.Sources[1].DocumentID, reranked.Sources[0].DocumentID, "the reranker's order wins")

	code, _, errOut = runCLI(t, "ask", "--store", st, "--no-log", "--rerank", srv.URL, q)
	require.Equal(t, 0, code, errOut)
	require.EqualValues(t, 2, calls.Load())
}

func TestCLIRerankLLM(t *testing.T) {
	st, _ := evalTestSet(t)
	var rankCalls atomic.Int64
	srv := hybridragtest.NewOpenAIServer(t, func(msgs []generate.Message) string {
		if strings.HasPrefix(msgs[0].Content, "You rank passages") {
			rankCalls.Add(1)
			require.Contains(t, msgs[1].Content, "<<<PASSAGE 2 ")
			return `{"ranking":[1,2]}`
		}
		return "The pressure relief valve opens at 6 bar [S1]."
	})
	t.Setenv("OPENAI_API_KEY", "test-key")
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	const q = "How do I prime the pump and test the relief valve?"
	code, out, errOut := runCLI(t, "ask", "--store", st, "--no-log", "--generator", "openai", "--rerank", "llm", q)
	require.Equal(t, 0, code, errOut)
	require.EqualValues(t, 1, rankCalls.Load(), "one listwise call orders the candidates")
	require.Equal(t, 2, srv.ChatCalls(), "then one answer")
	require.NotEmpty(t, out)
}

func TestCLIRerankUsage(t *testing.T) {
	st, _ := evalTestSet(t)
	for _, args := range [][]string{
		{"ask", "--rerank", "llm", "q"},
		{"ask", "--rerank", "llm", "--generator", "openai", "--print-prompt", "q"},
		{"retrieve", "--rerank", "llm", "q"},
		{"ask", "--rerank", "cohere", "q"},
		{"retrieve", "--rerank", "http://127.0.0.1:1/rerank", "--rerank-protocol", "voyage", "q"},
		{"eval", "--rerank", "ftp://x/rerank", "--questions", "x.jsonl"},
	} {
		code, _, errOut := runCLI(t, append(args[:1:1], append([]string{"--store", st, "--no-log"}, args[1:]...)...)...)
		require.Equal(t, 2, code, "%v: %s", args, errOut)
		require.Contains(t, errOut, "--rerank", args)
	}
}
