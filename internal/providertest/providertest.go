// Package providertest connects the repository's provider generators
// (langchaingo's real OpenAI, Ollama, Anthropic and Google AI clients) to
// the fake servers of hybridragtest, for tests that run one scenario over
// every wire protocol. It is internal because it imports every provider
// SDK, Google's gRPC stack included, which hybridragtest's users should not
// pull in to get its servers.
package providertest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/anthropic"
	"github.com/hybridrag/hybridrag/generate/googleai"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/generate/ollama"
	"github.com/hybridrag/hybridrag/generate/openai"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

// APIKey is the key every generator sends; the Anthropic and Google AI
// servers require it.
const APIKey = "test-key"

// Names lists the providers New knows.
var Names = []string{"openai", "ollama", "anthropic", "googleai"}

// New starts the fake server of the named provider (one of Names), which
// answers chat requests with respond and applies opts, and returns a
// generator connected to it through the provider's real client, with the
// retry settings of gen. Both are released when the test ends.
func New(t testing.TB, name string, respond hybridragtest.ChatResponder, gen langchain.Options, opts ...hybridragtest.ServerOption) (generate.Generator, *hybridragtest.Server) {
	t.Helper()
	var (
		g   generate.Generator
		srv *hybridragtest.Server
		err error
	)
	switch name {
	case "openai":
		srv = hybridragtest.NewOpenAIServer(t, respond, opts...)
		g, err = openai.New(openai.Options{APIKey: APIKey, BaseURL: srv.BaseURL(), Generator: gen})
	case "ollama":
		srv = hybridragtest.NewOllamaServer(t, respond, opts...)
		g, err = ollama.New(ollama.Options{ServerURL: srv.BaseURL(), Generator: gen})
	case "anthropic":
		srv = hybridragtest.NewAnthropicServer(t, respond, append(opts, hybridragtest.RequireAPIKey(APIKey))...)
		g, err = anthropic.New(anthropic.Options{APIKey: APIKey, BaseURL: srv.BaseURL(), Generator: gen})
	case "googleai":
		srv = hybridragtest.NewGoogleAIServer(t, respond, append(opts, hybridragtest.RequireAPIKey(APIKey))...)
		var gg *googleai.Generator
		gg, err = googleai.New(context.Background(), googleai.Options{APIKey: APIKey, BaseURL: srv.BaseURL(), Generator: gen})
		if err == nil {
			t.Cleanup(func() { _ = gg.Close() })
			g = gg
		}
	default:
		t.Fatalf("providertest: unknown provider %q (want one of %v)", name, Names)
	}
	require.NoError(t, err)
	return g, srv
}
