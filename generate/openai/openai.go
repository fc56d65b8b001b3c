package openai

import (
	"errors"
	"fmt"
	"net/http"

	lcopenai "github.com/tmc/langchaingo/llms/openai"

	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/internal/redact"
)

// Defaults.
const (
	Name                  = "openai"
	DefaultModel          = "gpt-4o-mini"
	DefaultBaseURL        = "https://api.openai.com/v1"
	DefaultEmbeddingModel = "text-embedding-3-small"
)

// ErrNoAPIKey means Options.APIKey is empty.
var ErrNoAPIKey = errors.New("openai: API key required")

// Options configure an OpenAI generator. Only APIKey is required.
type Options struct {
	APIKey string
	// Model defaults to DefaultModel.
	Model string
	// BaseURL defaults to DefaultBaseURL; it ends before /chat/completions.
	BaseURL      string
	Organization string
	// EmbeddingModel is used by NewLLM's CreateEmbedding; default
	// DefaultEmbeddingModel.
	EmbeddingModel string
	// HTTPClient defaults to a plain client; either way it is wrapped by
	// langchain.HTTPClient so that retries can see HTTP statuses.
	HTTPClient *http.Client
	// Generator tunes the adapter (timeout, retries, temperature, …). Its
	// Name defaults to "openai" and its Model is set from Model.
	Generator langchain.Options
}

// New returns a generator calling the OpenAI chat completions API. It does
// not contact the server.
func New(opts Options) (*langchain.Generator, error) {
	llm, err := NewLLM(opts)
	if err != nil {
		return nil, err
	}
	return langchain.New(llm, opts.Generator.For(Name, model(opts))), nil
}

// NewLLM returns the configured langchaingo client, for callers that want
// it directly (for example embeddings.NewEmbedder for OpenAI embeddings).
func NewLLM(opts Options) (*lcopenai.LLM, error) {
	if opts.APIKey == "" {
		return nil, ErrNoAPIKey
	}
	base, err := langchain.BaseURLOr(opts.BaseURL, DefaultBaseURL)
	if err != nil {
		return nil, fmt.Errorf("openai: %w", redact.Error(err, opts.APIKey))
	}
	emb := opts.EmbeddingModel
	if emb == "" {
		emb = DefaultEmbeddingModel
	}
	llm, err := lcopenai.New(
		lcopenai.WithToken(opts.APIKey),
		lcopenai.WithModel(model(opts)),
		lcopenai.WithBaseURL(base),
		lcopenai.WithOrganization(opts.Organization),
		lcopenai.WithEmbeddingModel(emb),
		lcopenai.WithHTTPClient(langchain.HTTPClient(opts.HTTPClient)),
	)
	if err != nil {
		return nil, fmt.Errorf("openai: %w", redact.Error(err, opts.APIKey))
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
