package hybridrag_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/hybridragtest"
	"github.com/hybridrag/hybridrag/internal/providertest"
)

// fastRetries keeps provider-failure cases quick: one retry, short backoff.
var fastRetries = langchain.Options{MaxRetries: 1, Backoff: time.Millisecond, MaxBackoff: 2 * time.Millisecond}

// provider is the named provider's real client talking to its fake server.
func provider(name string) hybridragtest.GeneratorCase {
	return hybridragtest.GeneratorCase{Scriptable: true, New: func(t *testing.T, s hybridragtest.Script) generate.Generator {
		g, _ := providertest.New(t, name, s.Respond, fastRetries, failOpts(s)...)
		return g
	}}
}

func failOpts(s hybridragtest.Script) []hybridragtest.ServerOption {
	if s.Fail {
		return []hybridragtest.ServerOption{hybridragtest.FailFirst(1000, http.StatusInternalServerError)}
	}
	return nil
}

// generators are every generator in the repository, each wired as a host
// would wire it: the offline extractive one, a scripted in-process model,
// and langchaingo's real OpenAI, Ollama, Anthropic and Google AI clients
// talking to servers that speak those wire protocols (streaming included).
func generators() map[string]hybridragtest.GeneratorCase {
	return map[string]hybridragtest.GeneratorCase{
		"extractive": {New: func(*testing.T, hybridragtest.Script) generate.Generator {
			return extractive.New(extractive.Options{})
		}},
		"scripted": {Scriptable: true, New: func(t *testing.T, s hybridragtest.Script) generate.Generator {
			llm := hybridragtest.NewResponderLLM(func(_ context.Context, m []generate.Message) (string, error) {
				if s.Fail {
					return "", hybridragtest.ErrScriptedFailure
				}
				return s.Respond(m), nil
			})
			return langchain.New(llm, fastRetries)
		}},
		"openai":    provider("openai"),
		"ollama":    provider("ollama"),
		"anthropic": provider("anthropic"),
		"googleai":  provider("googleai"),
	}
}

// TestGeneratorConformance runs one grounding contract against every
// generator.
func TestGeneratorConformance(t *testing.T) {
	for name, c := range generators() {
		t.Run(name, func(t *testing.T) { hybridragtest.TestGenerator(t, c) })
	}
}

// TestGroundingConformance runs the validator conformance suite through
// every generator: scripted hallucinations of each category are dropped,
// faithful replies kept, and the extractive generator's own answers pass.
func TestGroundingConformance(t *testing.T) {
	for name, c := range generators() {
		t.Run(name, func(t *testing.T) {
			hybridragtest.TestGrounding(t, hybridragtest.GroundingCase{New: c.New, Scriptable: c.Scriptable})
		})
	}
}

// TestArtifactConformance runs the artifact contract through every
// generator: sections cited or explicitly unsupported, one shared source
// list, whole refusal without a generator call, hostile personas inert.
func TestArtifactConformance(t *testing.T) {
	for name, c := range generators() {
		t.Run(name, func(t *testing.T) { hybridragtest.TestArtifact(t, c) })
	}
}
