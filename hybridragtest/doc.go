// Package hybridragtest is a test kit for code built on hybridrag, in the
// spirit of net/http/httptest and testing/slogtest: fakes that behave like
// the real thing, so that tests exercise real code paths without a network
// or a model.
//
// ScriptedLLM is a langchaingo llms.Model that answers from a script or a
// function, streams through llms.WithStreamingFunc and records every call;
// CountingGenerator counts the calls reaching any generate.Generator (a gate
// that refuses must leave it at zero). NewOpenAIServer, NewOllamaServer,
// NewAnthropicServer and NewGoogleAIServer start httptest servers speaking
// the OpenAI chat completions and embeddings API, Ollama's /api/chat and
// /api/embed, Anthropic's Messages API and Google AI's generateContent,
// streaming included, so that langchaingo's real clients can be pointed at
// them; options inject HTTP failures, authentication checks, broken or cut
// streams, token-cap stops and delays. Everything is deterministic and safe
// for concurrent use.
//
// TestGenerator and TestGrounding are conformance suites: every generator
// in the repository runs them, and so can any other.
//
// It may import anything in the module (it opens store/embedded for
// TestGenerator) but must never be imported by non-test library code.
package hybridragtest
