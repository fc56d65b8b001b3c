package ollama

import (
	"fmt"
	"net/http"

	lcollama "github.com/tmc/langchaingo/llms/ollama"

	"github.com/hybridrag/hybridrag/generate/langchain"
)

// Defaults.
const (
	Name             = "ollama"
	DefaultModel     = "llama3"
	DefaultServerURL = "http://127.0.0.1:11434"
)

// Options configure an Ollama generator. The zero value talks to a local
// server with DefaultModel.
type Options struct {
	// ServerURL defaults to DefaultServerURL.
	ServerURL string
	// Model defaults to DefaultModel.
	Model string
	// KeepAlive is passed to the server ("5m", "-1", …); empty leaves the
	// server's default.
	KeepAlive string
	// HTTPClient defaults to a plain client; either way it is wrapped by
	// langchain.HTTPClient so that retries can see HTTP statuses, which
	// langchaingo's Ollama client otherwise drops.
	HTTPClient *http.Client
	// Generator tunes the adapter (timeout, retries, temperature, …). Its
	// Name defaults to "ollama" and its Model is set from Model.
	Generator langchain.Options
}

// New returns a generator calling Ollama's /api/chat. It does not contact
// the server.
func New(opts Options) (*langchain.Generator, error) {
	llm, err := NewLLM(opts)
	if err != nil {
		return nil, err
	}
	return langchain.New(llm, opts.Generator.For(Name, model(opts))), nil
}

// NewLLM returns the configured langchaingo client, for callers that want
// it directly (for example embeddings.NewEmbedder over /api/embed).
func NewLLM(opts Options) (*lcollama.LLM, error) {
	server, err := langchain.BaseURLOr(opts.ServerURL, DefaultServerURL)
	if err != nil {
		return nil, fmt.Errorf("ollama: %w", err)
	}
	lopts := []lcollama.Option{
		lcollama.WithServerURL(server),
		lcollama.WithModel(model(opts)),
		lcollama.WithHTTPClient(langchain.HTTPClient(opts.HTTPClient)),
	}
	if opts.KeepAlive != "" {
		lopts = append(lopts, lcollama.WithKeepAlive(opts.KeepAlive))
	}
	llm, err := lcollama.New(lopts...)
	if err != nil {
		return nil, fmt.Errorf("ollama: %w", err)
	}
	return llm, nil
}

func model(opts Options) string {
	switch {
	case opts.Model != "":
		return opts.Model
	case opts.Generator.Model != "":
		return opts.Generator.Model
	}
	return DefaultModel
}
