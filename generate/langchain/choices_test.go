package langchain_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/anthropic"
	"github.com/hybridrag/hybridrag/generate/openai"
)

// jsonServer answers every request with body as JSON (rawServer).
func jsonServer(t *testing.T, body any) *httptest.Server {
	t.Helper()
	b, err := json.Marshal(body)
	require.NoError(t, err)
	return rawServer(t, "application/json", string(b))
}

// An OpenAI-compatible server that sends alternatives nobody asked for
// must not have them glued into one reply: "… [S1].The filters …" would be
// validated as one sentence holding both answers.
func TestOpenAIExtraChoicesAreAlternatives(t *testing.T) {
	choice := func(i int, content any) map[string]any {
		return map[string]any{"index": i, "message": map[string]any{"role": "assistant", "content": content}, "finish_reason": "stop"}
	}
	cases := []struct {
		name    string
		choices []any
	}{
		{"two alternatives", []any{choice(0, answer), choice(1, "The pump is serviced every year. [S1]")}},
		{"an empty first choice", []any{choice(0, nil), choice(1, answer)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := jsonServer(t, map[string]any{"id": "x", "object": "chat.completion", "created": 1, "model": "gpt-test", "choices": c.choices,
				"usage": map[string]any{"prompt_tokens": 3, "completion_tokens": 4, "total_tokens": 7}})
			g, err := openai.New(openai.Options{APIKey: "test-key", BaseURL: srv.URL + "/v1", Model: "gpt-test"})
			require.NoError(t, err)
			gen, err := g.Generate(context.Background(), generate.Request{Prompt: testPrompt("How often?")})
			require.NoError(t, err)
			require.Equal(t, answer, gen.Text)
		})
	}
}

// Anthropic's content blocks are one reply, which langchaingo returns as one
// choice per block.
func TestAnthropicContentBlocksAreOneReply(t *testing.T) {
	srv := jsonServer(t, map[string]any{"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-test",
		"content": []any{
			map[string]any{"type": "text", "text": "The pump must be serviced "},
			map[string]any{"type": "text", "text": "every six months. [S1]"},
		},
		"stop_reason": "end_turn", "usage": map[string]any{"input_tokens": 3, "output_tokens": 4}})
	g, err := anthropic.New(anthropic.Options{APIKey: "test-key", BaseURL: srv.URL, Model: "claude-test"})
	require.NoError(t, err)
	gen, err := g.Generate(context.Background(), generate.Request{Prompt: testPrompt("How often?")})
	require.NoError(t, err)
	require.Equal(t, answer, gen.Text)
}
