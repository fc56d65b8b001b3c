package anthropic

import (
	"errors"
	"fmt"
	"net/http"

	lcanthropic "github.com/tmc/langchaingo/llms/anthropic"

	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/internal/redact"
)

// Defaults.
const (
	Name           = "anthropic"
	DefaultModel   = "claude-3-5-haiku-latest"
	DefaultBaseURL = "https://api.anthropic.com/v1"
)

// ErrNoAPIKey means Options.APIKey is empty.
var ErrNoAPIKey = errors.New("anthropic: API key required")

// Options configure an Anthropic generator. Only APIKey is required.
type Options struct {
	APIKey string
	// Model defaults to DefaultModel.
	Model string
	// BaseURL defaults to DefaultBaseURL; it ends before /messages.
	BaseURL string
	// HTTPClient defaults to a plain client; either way it is wrapped by
	// langchain.HTTPClient so that retries can see HTTP statuses.
	HTTPClient *http.Client
	// Generator tunes the adapter (timeout, retries, temperature, …). Its
	// Name defaults to "anthropic" and its Model is set from Model.
	Generator langchain.Options
}

// New returns a generator calling the Anthropic Messages API. It does not
// contact the server.
func New(opts Options) (*langchain.Generator, error) {
	llm, err := NewLLM(opts)
	if err != nil {
		return nil, err
	}
	o := opts.Generator.For(Name, model(opts))
	o.JoinChoices = true // langchaingo returns one choice per content block
	return langchain.New(llm, o), nil
}

// NewLLM returns the configured langchaingo client.
func NewLLM(opts Options) (*lcanthropic.LLM, error) {
	if opts.APIKey == "" {
		return nil, ErrNoAPIKey
	}
	base, err := langchain.BaseURLOr(opts.BaseURL, DefaultBaseURL)
	if err != nil {
		return nil, fmt.Errorf("anthropic: %w", redact.Error(err, opts.APIKey))
	}
	llm, err := lcanthropic.New(
		lcanthropic.WithToken(opts.APIKey),
		lcanthropic.WithModel(model(opts)),
		lcanthropic.WithBaseURL(base),
		lcanthropic.WithHTTPClient(langchain.HTTPClient(opts.HTTPClient)),
	)
	if err != nil {
		return nil, fmt.Errorf("anthropic: %w", redact.Error(err, opts.APIKey))
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
