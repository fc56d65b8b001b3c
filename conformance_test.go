package hybridrag_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/generate/ollama"
	"github.com/hybridrag/hybridrag/generate/openai"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

// fastRetries keeps provider-failure cases quick: one retry, short backoff.
var fastRetries = langchain.Options{MaxRetries: 1, Backoff: time.Millisecond, MaxBackoff: 2 * time.Millisecond}

func failOpts(s hybridragtest.Script) []hybridragtest.ServerOption {
	if s.Fail {
		return []hybridragtest.ServerOption{hybridragtest.FailFirst(1000, http.StatusInternalServerError)}
	}
	return nil
}

// TestGeneratorConformance runs one grounding contract against every
// generator: the offline extractive one, a scripted in-process model, and
// langchaingo's real OpenAI and Ollama clients talking to servers that speak
// those wire protocols (streaming included).
func TestGeneratorConformance(t *testing.T) {
	cases := map[string]hybridragtest.GeneratorCase{
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
		"openai": {Scriptable: true, New: func(t *testing.T, s hybridragtest.Script) generate.Generator {
			srv := hybridragtest.NewOpenAIServer(t, s.Respond, failOpts(s)...)
			g, err := openai.New(openai.Options{APIKey: "test", BaseURL: srv.BaseURL(), Generator: fastRetries})
			require.NoError(t, err)
			return g
		}},
		"ollama": {Scriptable: true, New: func(t *testing.T, s hybridragtest.Script) generate.Generator {
			srv := hybridragtest.NewOllamaServer(t, s.Respond, failOpts(s)...)
			g, err := ollama.New(ollama.Options{ServerURL: srv.URL, Generator: fastRetries})
			require.NoError(t, err)
			return g
		}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) { hybridragtest.TestGenerator(t, c) })
	}
}
