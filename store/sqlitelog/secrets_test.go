package sqlitelog_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/generate/openai"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

// TestErrorsStoredWithoutKeys runs failing generations through a real
// Pipeline and checks every place an error is kept: the error returned,
// the query log's error column, the slog observer's log line and the eval
// run's per-question error.
func TestErrorsStoredWithoutKeys(t *testing.T) {
	const plainKey = "canary~log~Q7x"                        // only the provider transport knows it
	const shapedKey = "sk-proj-canaryLOGcanary0123456789abc" // caught by shape anywhere
	echo := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = fmt.Fprintf(w, `{"error":{"message":"Incorrect API key provided: %s.","type":"invalid_request_error","code":"invalid_api_key"}}`,
			strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
	}))
	t.Cleanup(echo.Close)
	viaOpenAI, err := openai.New(openai.Options{APIKey: plainKey, BaseURL: echo.URL + "/v1", Generator: langchain.Options{MaxRetries: -1}})
	require.NoError(t, err)
	// A custom generator whose error quotes a key and a base URL with
	// credentials: the pipeline's own redaction is the last line.
	custom := generate.GeneratorFunc(func(context.Context, generate.Request) (*generate.Generation, error) {
		return nil, errors.New(`provider: Post "https://user:` + plainKey + `@gw.example/v1": 401 key ` + shapedKey)
	})

	for name, gen := range map[string]generate.Generator{"openai": viaOpenAI, "custom": custom} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			ql, err := sqlitelog.Open(filepath.Join(dir, "querylog.db"), sqlitelog.Options{})
			require.NoError(t, err)
			defer ql.Close()
			var logs bytes.Buffer
			st, err := embedded.Open(filepath.Join(dir, "store"), embedded.Options{Create: true})
			require.NoError(t, err)
			defer st.Close()
			p, err := hybridrag.New(hybridrag.Config{Store: st, QueryLog: ql, Generator: gen,
				Observer: hybridrag.SlogObserver(slog.New(slog.NewJSONHandler(&logs, nil)))})
			require.NoError(t, err)
			defer p.Close()
			_, err = p.Index(ctx, manual...)
			require.NoError(t, err)

			_, askErr := p.Ask(ctx, hybridrag.Request{Question: "How often should the G4 filters be replaced?"})
			require.Error(t, askErr)
			entries, err := ql.Recent(ctx, sqlitelog.RecentQuery{})
			require.NoError(t, err)
			require.Len(t, entries, 1)
			require.NotEmpty(t, entries[0].Error)
			require.Contains(t, entries[0].Error, "***")

			run, err := eval.Evaluate(ctx, p, []eval.Question{{ID: "q1", Query: "How often should the G4 filters be replaced?"}}, eval.Options{})
			require.NoError(t, err)
			require.Len(t, run.Questions, 1)
			require.NotEmpty(t, run.Questions[0].Error)

			require.Contains(t, logs.String(), `"err"`)
			kept := map[string]string{"query log": entries[0].Error, "slog": logs.String(), "eval": run.Questions[0].Error}
			kept["error"] = askErr.Error()
			for where, text := range kept {
				require.NotContains(t, text, plainKey, where)
				require.NotContains(t, text, shapedKey, where)
			}
		})
	}
}
