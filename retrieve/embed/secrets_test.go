package embed_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tmc/langchaingo/embeddings"
	lcopenai "github.com/tmc/langchaingo/llms/openai"

	"github.com/hybridrag/hybridrag/generate/openai"
	"github.com/hybridrag/hybridrag/retrieve/embed"
)

// keyEcho answers every request with 401 and an OpenAI error body quoting
// the bearer key it was sent.
func keyEcho(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		key := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		_, _ = fmt.Fprintf(w, `{"error":{"message":"Incorrect API key provided: %s.","type":"invalid_request_error","code":"invalid_api_key"}}`, key)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestEmbedderErrorsNeverQuoteTheKey(t *testing.T) {
	srv := keyEcho(t)
	cases := map[string]struct {
		key string
		llm func(key string) (*lcopenai.LLM, error)
	}{
		// A client built directly: only key-shaped strings can be caught.
		"langchaingo client, key-shaped": {"sk-canary-embed-0a1b2c3d4e5f6a7b", func(key string) (*lcopenai.LLM, error) {
			return lcopenai.New(lcopenai.WithBaseURL(srv.URL+"/v1"), lcopenai.WithToken(key))
		}},
		// Built by the provider package: its transport knows the key.
		"provider package, any shape": {"canary~embed~Q7x", func(key string) (*lcopenai.LLM, error) {
			return openai.NewLLM(openai.Options{APIKey: key, BaseURL: srv.URL + "/v1"})
		}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			llm, err := c.llm(c.key)
			require.NoError(t, err)
			e, err := embeddings.NewEmbedder(llm)
			require.NoError(t, err)
			l := embed.FromLangchain(e, embed.Options{})
			_, err = l.EmbedDocuments(context.Background(), []string{"a", "b"})
			require.Error(t, err)
			require.NotContains(t, err.Error(), c.key)
			require.Contains(t, err.Error(), "***")
			_, err = l.EmbedQuery(context.Background(), "q")
			require.Error(t, err)
			require.NotContains(t, err.Error(), c.key)
		})
	}
}
