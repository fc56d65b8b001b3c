package anthropic_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/anthropic"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

// messagesRequest is what the fake server saw.
type messagesRequest struct {
	Model     string
	System    string
	Messages  []generate.Message
	MaxTokens int
	Stream    bool
}

// fakeAnthropic speaks the Messages API: POST /v1/messages, x-api-key
// authentication, a JSON message or, with "stream": true, the
// message_start … message_stop event sequence.
type fakeAnthropic struct {
	*httptest.Server
	key      string
	failures int // first n requests fail with status 529 (overloaded)
	mu       sync.Mutex
	requests []messagesRequest
}

func newFakeAnthropic(t *testing.T, key string, failures int) *fakeAnthropic {
	f := &fakeAnthropic{key: key, failures: failures}
	f.Server = httptest.NewServer(http.HandlerFunc(f.handle))
	t.Cleanup(f.Close)
	return f
}

const reply = "The pump must be serviced every six months. [S1]"

func apiError(w http.ResponseWriter, status int, typ, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"type": "error", "error": map[string]any{"type": typ, "message": msg}})
}

func (f *fakeAnthropic) handle(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/messages" {
		apiError(w, http.StatusNotFound, "not_found_error", "no route")
		return
	}
	if r.Header.Get("x-api-key") != f.key || r.Header.Get("anthropic-version") == "" {
		apiError(w, http.StatusUnauthorized, "authentication_error", "invalid x-api-key")
		return
	}
	var body struct {
		Model    string `json:"model"`
		System   string `json:"system"`
		Messages []struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
		MaxTokens int  `json:"max_tokens"`
		Stream    bool `json:"stream"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.MaxTokens <= 0 {
		apiError(w, http.StatusBadRequest, "invalid_request_error", "bad request")
		return
	}
	req := messagesRequest{Model: body.Model, System: body.System, MaxTokens: body.MaxTokens, Stream: body.Stream}
	for _, m := range body.Messages {
		var parts []struct{ Type, Text string }
		var text string
		if json.Unmarshal(m.Content, &text) != nil {
			if err := json.Unmarshal(m.Content, &parts); err != nil {
				apiError(w, http.StatusBadRequest, "invalid_request_error", "bad content")
				return
			}
			for _, p := range parts {
				text += p.Text
			}
		}
		req.Messages = append(req.Messages, generate.Message{Role: generate.Role(m.Role), Content: text})
	}
	f.mu.Lock()
	f.requests = append(f.requests, req)
	n := len(f.requests)
	f.mu.Unlock()
	if n <= f.failures {
		apiError(w, 529, "overloaded_error", "Overloaded")
		return
	}

	in := len(strings.Fields(body.System))
	for _, m := range req.Messages {
		in += len(strings.Fields(m.Content))
	}
	out := len(strings.Fields(reply))
	if !body.Stream {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"id": "msg_1", "type": "message", "role": "assistant", "model": body.Model,
			"content":     []any{map[string]any{"type": "text", "text": reply}},
			"stop_reason": "end_turn", "stop_sequence": nil,
			"usage": map[string]any{"input_tokens": in, "output_tokens": out},
		})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	flusher := w.(http.Flusher)
	event := func(name string, v any) {
		b, _ := json.Marshal(v)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
		flusher.Flush()
	}
	event("message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": "msg_1", "type": "message", "role": "assistant", "model": body.Model, "content": []any{},
		"stop_reason": nil, "usage": map[string]any{"input_tokens": in, "output_tokens": 1}}})
	event("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
		"content_block": map[string]any{"type": "text", "text": ""}})
	event("ping", map[string]any{"type": "ping"})
	for _, piece := range hybridragtest.SplitChunks(reply, 3) {
		event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "text_delta", "text": piece}})
	}
	event("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	event("message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": "end_turn", "stop_sequence": nil}, "usage": map[string]any{"output_tokens": out}})
	event("message_stop", map[string]any{"type": "message_stop"})
}

func (f *fakeAnthropic) Requests() []messagesRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]messagesRequest(nil), f.requests...)
}

func prompt() *generate.Prompt {
	return &generate.Prompt{Messages: []generate.Message{
		{Role: generate.RoleSystem, Content: "Answer only from the sources."},
		{Role: generate.RoleUser, Content: "How often is the pump serviced?"},
	}}
}

func TestNewValidates(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", "env-key")
	_, err := anthropic.New(anthropic.Options{})
	require.ErrorIs(t, err, anthropic.ErrNoAPIKey)
	_, err = anthropic.New(anthropic.Options{APIKey: "k", BaseURL: "api.anthropic.com"})
	require.ErrorIs(t, err, langchain.ErrBaseURL)
	g, err := anthropic.New(anthropic.Options{APIKey: "k"})
	require.NoError(t, err)
	require.Equal(t, "anthropic", g.Name())
	require.Equal(t, anthropic.DefaultModel, g.Model())
}

func TestMessagesAPI(t *testing.T) {
	srv := newFakeAnthropic(t, "secret", 0)
	g, err := anthropic.New(anthropic.Options{APIKey: "secret", BaseURL: srv.URL + "/v1", Model: "claude-test"})
	require.NoError(t, err)

	gen, err := g.Generate(context.Background(), generate.Request{Prompt: prompt()})
	require.NoError(t, err)
	require.Equal(t, reply, gen.Text)
	require.Equal(t, "claude-test", gen.Model)
	require.Equal(t, 5+6, gen.PromptTokens)
	require.Equal(t, 9, gen.CompletionTokens)

	var chunks []string
	gen, err = g.Generate(context.Background(), generate.Request{Prompt: prompt(),
		Stream: func(_ context.Context, b []byte) error { chunks = append(chunks, string(b)); return nil }})
	require.NoError(t, err)
	require.Equal(t, hybridragtest.SplitChunks(reply, 3), chunks)
	require.Equal(t, reply, gen.Text)
	require.Equal(t, 9, gen.CompletionTokens)

	reqs := srv.Requests()
	require.Len(t, reqs, 2)
	require.Equal(t, messagesRequest{
		Model: "claude-test", System: "Answer only from the sources.", MaxTokens: langchain.DefaultMaxTokens,
		Messages: []generate.Message{{Role: generate.RoleUser, Content: "How often is the pump serviced?"}},
	}, reqs[0])
	require.True(t, reqs[1].Stream)
}

func TestRetriesAndAuthentication(t *testing.T) {
	fast := langchain.Options{Backoff: time.Millisecond, MaxBackoff: time.Millisecond}

	srv := newFakeAnthropic(t, "secret", 2)
	g, err := anthropic.New(anthropic.Options{APIKey: "secret", BaseURL: srv.URL + "/v1", Generator: fast})
	require.NoError(t, err)
	gen, err := g.Generate(context.Background(), generate.Request{Prompt: prompt()})
	require.NoError(t, err, "529 overloaded is retried")
	require.Equal(t, reply, gen.Text)
	require.Len(t, srv.Requests(), 3)

	bad, err := anthropic.New(anthropic.Options{APIKey: "wrong", BaseURL: srv.URL + "/v1", Generator: fast})
	require.NoError(t, err)
	_, err = bad.Generate(context.Background(), generate.Request{Prompt: prompt()})
	var pe *langchain.ProviderError
	require.ErrorAs(t, err, &pe)
	require.Equal(t, http.StatusUnauthorized, pe.StatusCode)
	require.Equal(t, 1, pe.Attempts)
}
