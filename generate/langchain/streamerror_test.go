package langchain_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/anthropic"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/generate/ollama"
	"github.com/hybridrag/hybridrag/generate/openai"
)

// rawServer answers every request with body as contentType.
func rawServer(t *testing.T, contentType, body string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", contentType)
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// A provider that fails in the middle of a stream sends an error object
// in place of the next chunk (OpenRouter, vLLM, Anthropic's error event,
// Ollama's error line). The reply is truncated, and the error says what
// the provider reported, not only which end marker was missing.
func TestStreamErrorIsReported(t *testing.T) {
	cases := []struct {
		name, contentType, body, reported string
		gen                               func(url string) (generate.Generator, error)
	}{
		{"openai", "text/event-stream",
			"data: {\"id\":\"x\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"The pump\"},\"finish_reason\":null}]}\n\n" +
				"data: {\"error\":{\"message\":\"upstream overloaded\",\"code\":502}}\n\n",
			"upstream overloaded",
			func(url string) (generate.Generator, error) {
				return openai.New(openai.Options{APIKey: "test-key", BaseURL: url + "/v1", Model: "gpt-test", Generator: langchain.Options{MaxRetries: -1}})
			}},
		{"anthropic", "text/event-stream",
			"event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"m\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"c\",\"content\":[],\"usage\":{\"input_tokens\":1,\"output_tokens\":1}}}\n\n" +
				"event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n",
			"Overloaded",
			func(url string) (generate.Generator, error) {
				return anthropic.New(anthropic.Options{APIKey: "test-key", BaseURL: url, Model: "claude-test", Generator: langchain.Options{MaxRetries: -1}})
			}},
		{"ollama", "application/x-ndjson",
			"{\"model\":\"m\",\"created_at\":\"2024-01-01T00:00:00Z\",\"message\":{\"role\":\"assistant\",\"content\":\"The pump\"},\"done\":false}\n" +
				"{\"error\":\"model runner has unexpectedly stopped\"}\n",
			"model runner has unexpectedly stopped",
			func(url string) (generate.Generator, error) {
				return ollama.New(ollama.Options{ServerURL: url, Model: "llama-test", Generator: langchain.Options{MaxRetries: -1}})
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := rawServer(t, c.contentType, c.body)
			g, err := c.gen(srv.URL)
			require.NoError(t, err)
			var chunks []string
			_, err = g.Generate(context.Background(), generate.Request{Prompt: testPrompt("q"), Stream: collect(&chunks)})
			require.ErrorIs(t, err, generate.ErrTruncated)
			var te *generate.TruncatedError
			require.ErrorAs(t, err, &te)
			require.Equal(t, c.reported, te.Reported)
			require.Contains(t, err.Error(), "the provider reported: "+c.reported)
		})
	}
}

// A gateway may answer 200 with an error object in place of a completion:
// the empty answer says what it reported.
func TestErrorReplyIsReported(t *testing.T) {
	srv := rawServer(t, "application/json", `{"error":{"message":"model overloaded, try again","type":"overloaded"}}`)
	g, err := openai.New(openai.Options{APIKey: "test-key", BaseURL: srv.URL + "/v1", Model: "gpt-test", Generator: langchain.Options{MaxRetries: -1}})
	require.NoError(t, err)
	_, err = g.Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
	require.ErrorIs(t, err, langchain.ErrProvider)
	require.Contains(t, err.Error(), "the provider reported: model overloaded, try again")

	// A provider that echoes the key does not get it into the error.
	srv = rawServer(t, "application/json", `{"error":{"message":"key test-key is rate limited"}}`)
	g, err = openai.New(openai.Options{APIKey: "test-key", BaseURL: srv.URL + "/v1", Model: "gpt-test", Generator: langchain.Options{MaxRetries: -1}})
	require.NoError(t, err)
	_, err = g.Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
	require.Contains(t, err.Error(), "the provider reported: key ")
	require.NotContains(t, err.Error(), "test-key")

	// An ordinary empty completion reports nothing more.
	srv = rawServer(t, "application/json", `{"id":"x","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":""},"finish_reason":"stop"}]}`)
	g, err = openai.New(openai.Options{APIKey: "test-key", BaseURL: srv.URL + "/v1", Model: "gpt-test", Generator: langchain.Options{MaxRetries: -1}})
	require.NoError(t, err)
	_, err = g.Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
	require.ErrorIs(t, err, langchain.ErrProvider)
	require.NotContains(t, err.Error(), "reported")
}
