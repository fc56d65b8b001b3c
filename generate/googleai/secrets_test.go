package googleai_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/googleai"
	"github.com/hybridrag/hybridrag/generate/langchain"
)

// Canaries: Google's key shape, and a key of no known shape that only the
// transport's knowledge of the request's own header can catch.
var canaries = []string{"AIzaSyCanaryCanaryCanaryCanary0123456", "canary~google~Q7x"}

// An error body quoting the key must not reach the error message.
func TestErrorsNeverQuoteTheKey(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = fmt.Fprintf(w, `{"error":{"code":400,"message":"API key not valid: %s. Please pass a valid API key.","status":"INVALID_ARGUMENT"}}`,
			r.Header.Get("x-goog-api-key"))
	}))
	t.Cleanup(srv.Close)
	for _, key := range canaries {
		t.Run(key, func(t *testing.T) {
			g, err := googleai.New(context.Background(), googleai.Options{APIKey: key, BaseURL: srv.URL,
				Generator: langchain.Options{MaxRetries: -1}})
			require.NoError(t, err)
			t.Cleanup(func() { _ = g.Close() })
			_, err = g.Generate(context.Background(), generate.Request{Prompt: prompt()})
			require.ErrorIs(t, err, langchain.ErrProvider)
			require.NotContains(t, err.Error(), key)
			require.NotContains(t, fmt.Sprintf("%+v", err), key)
			require.Contains(t, err.Error(), "API key not valid: ***")
		})
	}
}

func TestBaseURLErrorsNeverQuoteCredentials(t *testing.T) {
	for _, base := range []string{
		"https://user:" + canaries[1] + "@generativelanguage.example",
		"https://user:" + canaries[0] + "@generativelanguage.example:bad",
	} {
		_, err := googleai.New(context.Background(), googleai.Options{APIKey: canaries[0], BaseURL: base})
		require.ErrorIs(t, err, langchain.ErrBaseURL)
		for _, key := range canaries {
			require.NotContains(t, err.Error(), key)
		}
	}
}
