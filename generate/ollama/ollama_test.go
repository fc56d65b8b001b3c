package ollama_test

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/generate/ollama"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

type recorder struct {
	mu   sync.Mutex
	urls []string
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.urls = append(r.urls, req.URL.String())
	return nil, errors.New("offline")
}

func prompt() *generate.Prompt {
	return &generate.Prompt{Messages: []generate.Message{
		{Role: generate.RoleSystem, Content: "rules"}, {Role: generate.RoleUser, Content: "question"},
	}}
}

// langchaingo's ollama.WithServerURL calls log.Fatal on a URL it cannot
// parse: New must reject such URLs first, with an error.
func TestBadServerURLIsAnError(t *testing.T) {
	for _, bad := range []string{"http://[::1", "localhost:11434", "unix:///var/run/ollama.sock", "http://"} {
		_, err := ollama.New(ollama.Options{ServerURL: bad})
		require.ErrorIs(t, err, langchain.ErrBaseURL, bad)
	}
}

func TestDefaultsIgnoreEnvironment(t *testing.T) {
	t.Setenv("OLLAMA_HOST", "http://env.example:1234")
	rec := &recorder{}
	g, err := ollama.New(ollama.Options{HTTPClient: &http.Client{Transport: rec}, Generator: langchain.Options{MaxRetries: -1}})
	require.NoError(t, err)
	require.Equal(t, "ollama", g.Name())
	require.Equal(t, ollama.DefaultModel, g.Model())
	_, err = g.Generate(context.Background(), generate.Request{Prompt: prompt()})
	require.ErrorIs(t, err, langchain.ErrProvider)
	require.Equal(t, []string{ollama.DefaultServerURL + "/api/chat"}, rec.urls)
}

func TestAgainstFakeServer(t *testing.T) {
	srv := hybridragtest.NewOllamaServer(t, func([]generate.Message) string { return "Answer. [S1]" })
	g, err := ollama.New(ollama.Options{ServerURL: srv.BaseURL(), Model: "llama3.2", KeepAlive: "1m"})
	require.NoError(t, err)
	gen, err := g.Generate(context.Background(), generate.Request{Prompt: prompt()})
	require.NoError(t, err)
	require.Equal(t, "Answer. [S1]", gen.Text)
	require.Equal(t, "llama3.2", gen.Model)
	require.Equal(t, 2, gen.PromptTokens)
	require.Equal(t, 2, gen.CompletionTokens)
	calls := srv.Calls()
	require.Len(t, calls, 1, "no model pull, one chat call")
	require.Equal(t, "/api/chat", calls[0].Path)
	require.Equal(t, "llama3.2", calls[0].Model)
}
