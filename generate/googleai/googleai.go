package googleai

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	lcgoogleai "github.com/tmc/langchaingo/llms/googleai"
	"google.golang.org/api/option"

	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/internal/redact"
)

// Defaults.
const (
	Name         = "googleai"
	DefaultModel = "gemini-2.0-flash"
	// DefaultBaseURL is Google's Generative Language API endpoint.
	DefaultBaseURL = "https://generativelanguage.googleapis.com"
)

// ErrNoAPIKey means Options.APIKey is empty.
var ErrNoAPIKey = errors.New("googleai: API key required")

// Options configure a Google AI generator. Only APIKey is required.
type Options struct {
	APIKey string
	// Model defaults to DefaultModel.
	Model string
	// BaseURL defaults to DefaultBaseURL; it ends before /v1beta.
	BaseURL string
	// HTTPClient is the base client; it is copied, never modified.
	HTTPClient *http.Client
	// Generator tunes the adapter (timeout, retries, temperature, …). Its
	// Name defaults to "googleai" and its Model is set from Model.
	Generator langchain.Options
}

// Generator is a langchain.Generator over Google AI that must be closed to
// release the SDK's connections. It is safe for concurrent use.
type Generator struct {
	*langchain.Generator
	llm *lcgoogleai.GoogleAI
}

// Close releases the SDK's clients.
func (g *Generator) Close() error { return g.llm.Close() }

// New returns a generator calling Google AI's generateContent. ctx bounds
// construction only.
func New(ctx context.Context, opts Options) (*Generator, error) {
	llm, err := NewLLM(ctx, opts)
	if err != nil {
		return nil, err
	}
	return &Generator{Generator: langchain.New(llm, opts.Generator.For(Name, model(opts))), llm: llm}, nil
}

// NewLLM returns the configured langchaingo client. The model is set as the
// client's default so that calls naming the same model never rewrite the
// client's state (langchaingo's googleai does so, unsynchronised, when a
// call names another model).
func NewLLM(ctx context.Context, opts Options) (*lcgoogleai.GoogleAI, error) {
	if opts.APIKey == "" {
		return nil, ErrNoAPIKey
	}
	base, err := langchain.BaseURLOr(opts.BaseURL, DefaultBaseURL)
	if err != nil {
		return nil, fmt.Errorf("googleai: %w", redact.Error(err, opts.APIKey))
	}
	var client http.Client
	if opts.HTTPClient != nil {
		client = *opts.HTTPClient
	}
	base0 := client.Transport
	if base0 == nil {
		base0 = http.DefaultTransport
	}
	// The key header goes on outside langchain.Transport, so that the
	// transport sees it and scrubs it from error bodies.
	client.Transport = &apiKeyTransport{key: opts.APIKey, base: langchain.Transport(base0)}
	llm, err := lcgoogleai.New(ctx,
		lcgoogleai.WithAPIKey(opts.APIKey), // keeps langchaingo from reading GOOGLE_API_KEY
		lcgoogleai.WithRest(),
		lcgoogleai.WithHTTPClient(&client),
		lcgoogleai.WithDefaultModel(model(opts)),
		withEndpoint(base),
	)
	if err != nil {
		if llm != nil {
			_ = llm.Close()
		}
		return nil, fmt.Errorf("googleai: %w", redact.Error(err, opts.APIKey))
	}
	return llm, nil
}

func withEndpoint(u string) lcgoogleai.Option {
	return func(o *lcgoogleai.Options) {
		o.ClientOptions = append(o.ClientOptions, option.WithEndpoint(u))
	}
}

// apiKeyTransport adds the API key header that Google's own transport
// would add if it were not replaced by a custom client.
type apiKeyTransport struct {
	key  string
	base http.RoundTripper
}

func (t *apiKeyTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	r := req.Clone(req.Context())
	r.Header.Set("x-goog-api-key", t.key)
	return t.base.RoundTrip(r)
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
