package hybridragtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/hybridrag/hybridrag/generate"
)

// NewAnthropicServer starts a fake Anthropic Messages API, closed when the
// test ends. It serves POST /v1/messages: a JSON message, or with "stream":
// true the server-sent event sequence message_start, content_block_start,
// ping, content_block_delta per chunk, content_block_stop, message_delta
// (stop_reason and output usage) and message_stop. It requires the
// anthropic-version header, reads the key from x-api-key (see
// RequireAPIKey) and answers errors in the API's {"type": "error", "error":
// {...}} shape. Usage counts words. A nil respond echoes the last user
// message. Point langchaingo's anthropic client at it with
// anthropic.WithBaseURL(srv.BaseURL()).
func NewAnthropicServer(t testing.TB, respond ChatResponder, opts ...ServerOption) *Server {
	t.Helper()
	s := newServer(respond, opts)
	s.keyOf = func(r *http.Request) string { return r.Header.Get("x-api-key") }
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/messages", s.anthropicMessages)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		anthropicError(w, http.StatusNotFound, "unknown path "+r.URL.Path)
	})
	return s.start(t, mux, "/v1")
}

func anthropicError(w http.ResponseWriter, status int, msg string) {
	typ := "invalid_request_error"
	switch {
	case status == http.StatusUnauthorized:
		typ = "authentication_error"
	case status == http.StatusNotFound:
		typ = "not_found_error"
	case status == http.StatusTooManyRequests:
		typ = "rate_limit_error"
	case status == 529:
		typ = "overloaded_error"
	case status >= 500:
		typ = "api_error"
	}
	writeJSON(w, status, map[string]any{"type": "error", "error": map[string]any{"type": typ, "message": msg}})
}

type anthropicRequest struct {
	Model    string          `json:"model"`
	System   json.RawMessage `json:"system"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	MaxTokens   int      `json:"max_tokens"`
	Temperature *float64 `json:"temperature"`
	Stream      bool     `json:"stream"`
}

func (s *Server) anthropicMessages(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		anthropicError(w, http.StatusMethodNotAllowed, "use POST")
		return
	}
	if !s.authorized(w, r, anthropicError) {
		return
	}
	if r.Header.Get("anthropic-version") == "" {
		anthropicError(w, http.StatusBadRequest, "anthropic-version header is required")
		return
	}
	var req anthropicRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		anthropicError(w, http.StatusBadRequest, "invalid JSON: "+err.Error())
		return
	}
	if req.MaxTokens <= 0 {
		anthropicError(w, http.StatusBadRequest, "max_tokens: field required")
		return
	}
	call := ServerCall{Path: r.URL.Path, Model: req.Model, Stream: req.Stream, MaxTokens: req.MaxTokens}
	if req.Temperature != nil {
		call.Temperature = *req.Temperature
	}
	// The system prompt is a top-level field, a string or text blocks.
	if system, ok := messageText(req.System); !ok {
		anthropicError(w, http.StatusBadRequest, "system: unsupported content")
		return
	} else if system != "" {
		call.Messages = append(call.Messages, generate.Message{Role: generate.RoleSystem, Content: system})
	}
	for _, m := range req.Messages {
		text, ok := messageText(m.Content)
		if !ok || (m.Role != "user" && m.Role != "assistant") {
			anthropicError(w, http.StatusBadRequest, "messages: unsupported role or content")
			return
		}
		call.Messages = append(call.Messages, generate.Message{Role: generate.Role(m.Role), Content: text})
	}
	if len(req.Messages) == 0 {
		anthropicError(w, http.StatusBadRequest, "messages: at least one message is required")
		return
	}
	rep, ok := s.admit(w, r, call, anthropicError)
	if !ok {
		return
	}
	nth, text, in := rep.nth, rep.text, rep.promptWords
	out := countWords(text)
	id := fmt.Sprintf("msg_test_%d", nth)
	stop := s.stop("end_turn", "max_tokens")

	if !req.Stream {
		writeJSON(w, http.StatusOK, map[string]any{
			"id": id, "type": "message", "role": "assistant", "model": req.Model,
			"content":     []any{map[string]any{"type": "text", "text": text}},
			"stop_reason": stop, "stop_sequence": nil,
			"usage": map[string]any{"input_tokens": in, "output_tokens": out},
		})
		return
	}

	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	flusher, _ := w.(http.Flusher)
	event := func(name string, v map[string]any) {
		v["type"] = name
		b, _ := json.Marshal(v)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
		if flusher != nil {
			flusher.Flush()
		}
	}
	event("message_start", map[string]any{"message": map[string]any{
		"id": id, "type": "message", "role": "assistant", "model": req.Model, "content": []any{},
		"stop_reason": nil, "stop_sequence": nil, "usage": map[string]any{"input_tokens": in, "output_tokens": 1}}})
	event("content_block_start", map[string]any{"index": 0, "content_block": map[string]any{"type": "text", "text": ""}})
	event("ping", map[string]any{})
	for i, piece := range s.pieces(text) {
		event("content_block_delta", map[string]any{"index": 0, "delta": map[string]any{"type": "text_delta", "text": piece}})
		if s.brokenAt(i) {
			abortStream()
		}
		if s.cutAt(nth, i) {
			return
		}
	}
	event("content_block_stop", map[string]any{"index": 0})
	event("message_delta", map[string]any{"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
		"usage": map[string]any{"output_tokens": out}})
	event("message_stop", map[string]any{})
}
