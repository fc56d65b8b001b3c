package openai_test

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tmc/langchaingo/embeddings"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/generate/openai"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

// recorder is a transport that records requests and answers none of them,
// so that tests can see where a client would go without any network.
type recorder struct {
	mu   sync.Mutex
	urls []string
	auth []string
}

var errOffline = errors.New("offline")

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.urls = append(r.urls, req.URL.String())
	r.auth = append(r.auth, req.Header.Get("Authorization"))
	return nil, errOffline
}

func prompt() *generate.Prompt {
	return &generate.Prompt{Messages: []generate.Message{
		{Role: generate.RoleSystem, Content: "rules"}, {Role: generate.RoleUser, Content: "question"},
	}}
}

func TestNewValidates(t *testing.T) {
	_, err := openai.New(openai.Options{})
	require.ErrorIs(t, err, openai.ErrNoAPIKey)
	for _, bad := range []string{"api.openai.com/v1", "ftp://x", "http://[::1"} {
		_, err = openai.New(openai.Options{APIKey: "k", BaseURL: bad})
		require.ErrorIs(t, err, langchain.ErrBaseURL, bad)
	}
}

func TestEnvironmentIsNotRead(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "env-key")
	t.Setenv("OPENAI_BASE_URL", "http://env.example")
	t.Setenv("OPENAI_MODEL", "env-model")
	t.Setenv("OPENAI_ORGANIZATION", "env-org")

	_, err := openai.New(openai.Options{})
	require.ErrorIs(t, err, openai.ErrNoAPIKey, "an environment key must not be picked up")

	rec := &recorder{}
	g, err := openai.New(openai.Options{APIKey: "k", HTTPClient: &http.Client{Transport: rec},
		Generator: langchain.Options{MaxRetries: -1}})
	require.NoError(t, err)
	require.Equal(t, "openai", g.Name())
	require.Equal(t, openai.DefaultModel, g.Model())
	_, err = g.Generate(context.Background(), generate.Request{Prompt: prompt()})
	require.ErrorIs(t, err, langchain.ErrProvider)
	require.Equal(t, []string{openai.DefaultBaseURL + "/chat/completions"}, rec.urls)
	require.Equal(t, []string{"Bearer k"}, rec.auth)
}

func TestAgainstFakeServer(t *testing.T) {
	srv := hybridragtest.NewOpenAIServer(t, func([]generate.Message) string { return "Answer. [S1]" },
		hybridragtest.RequireAPIKey("k"))
	g, err := openai.New(openai.Options{APIKey: "k", BaseURL: srv.BaseURL(), Model: "gpt-x",
		Generator: langchain.Options{Name: "my-openai"}})
	require.NoError(t, err)
	require.Equal(t, "my-openai", g.Name())
	gen, err := g.Generate(context.Background(), generate.Request{Prompt: prompt()})
	require.NoError(t, err)
	require.Equal(t, "Answer. [S1]", gen.Text)
	require.Equal(t, "gpt-x", gen.Model)
	require.Equal(t, "gpt-x", srv.Calls()[0].Model)
}

// NewLLM exposes the client for langchaingo's embedder, which satisfies
// retrieve.Embedder's method set.
func TestNewLLMEmbeddings(t *testing.T) {
	srv := hybridragtest.NewOpenAIServer(t, nil, hybridragtest.EmbeddingDimension(12))
	llm, err := openai.NewLLM(openai.Options{APIKey: "k", BaseURL: srv.BaseURL(), EmbeddingModel: "emb-x"})
	require.NoError(t, err)
	emb, err := embeddings.NewEmbedder(llm)
	require.NoError(t, err)
	v, err := emb.EmbedQuery(context.Background(), "reset the pump")
	require.NoError(t, err)
	require.Equal(t, hybridragtest.HashVector("reset the pump", 12), v)
	require.Equal(t, "emb-x", srv.Calls()[0].Model)
}
