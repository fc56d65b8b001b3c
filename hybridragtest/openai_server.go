package hybridragtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/hybridrag/hybridrag/generate"
)

// NewOpenAIServer starts a fake OpenAI API, closed when the test ends. It
// serves POST /v1/chat/completions (a JSON completion, or with "stream":
// true server-sent events: a role chunk, content chunks, a finish chunk, a
// usage chunk when stream_options.include_usage is set, then "data:
// [DONE]") and POST /v1/embeddings (HashVector of each input). Usage counts
// words. A nil respond echoes the last user message. Point langchaingo's
// openai client at it with openai.WithBaseURL(srv.BaseURL()).
func NewOpenAIServer(t testing.TB, respond ChatResponder, opts ...ServerOption) *Server {
	t.Helper()
	s := newServer(respond, opts)
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/chat/completions", s.openAIChat)
	mux.HandleFunc("/v1/embeddings", s.openAIEmbeddings)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		openAIError(w, http.StatusNotFound, "unknown path "+r.URL.Path)
	})
	return s.start(t, mux, "/v1")
}

func openAIError(w http.ResponseWriter, status int, msg string) {
	typ := "invalid_request_error"
	if status >= 500 {
		typ = "server_error"
	}
	writeJSON(w, status, map[string]any{"error": map[string]any{"message": msg, "type": typ}})
}

type openAIChatRequest struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	Stream              bool     `json:"stream"`
	Temperature         *float64 `json:"temperature"`
	MaxTokens           int      `json:"max_tokens"`
	MaxCompletionTokens int      `json:"max_completion_tokens"`
	StreamOptions       *struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
}

func (s *Server) openAIChat(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		openAIError(w, http.StatusMethodNotAllowed, "use POST")
		return
	}
	if !s.authorized(w, r, openAIError) {
		return
	}
	var req openAIChatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		openAIError(w, http.StatusBadRequest, "invalid JSON: "+err.Error())
		return
	}
	call := ServerCall{Path: r.URL.Path, Model: req.Model, Stream: req.Stream,
		MaxTokens: max(req.MaxTokens, req.MaxCompletionTokens)}
	if req.Temperature != nil {
		call.Temperature = *req.Temperature
	}
	for _, m := range req.Messages {
		text, ok := messageText(m.Content)
		if !ok {
			openAIError(w, http.StatusBadRequest, "unsupported message content")
			return
		}
		call.Messages = append(call.Messages, generate.Message{Role: generate.Role(m.Role), Content: text})
	}
	if len(call.Messages) == 0 {
		openAIError(w, http.StatusBadRequest, "messages must not be empty")
		return
	}
	rep, ok := s.admit(w, r, call, openAIError)
	if !ok {
		return
	}
	nth, text, prompt := rep.nth, rep.text, rep.promptWords
	completion := countWords(text)
	usage := map[string]any{"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}
	id := fmt.Sprintf("chatcmpl-test-%d", s.ChatCalls())
	created := time.Now().Unix()
	model := req.Model

	if !req.Stream {
		writeJSON(w, http.StatusOK, map[string]any{
			"id": id, "object": "chat.completion", "created": created, "model": model,
			"choices": []any{map[string]any{
				"index": 0, "finish_reason": s.stop("stop", "length"),
				"message": map[string]any{"role": "assistant", "content": text},
			}},
			"usage": usage,
		})
		return
	}

	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	flusher, _ := w.(http.Flusher)
	event := func(v any) {
		b, _ := json.Marshal(v)
		fmt.Fprintf(w, "data: %s\n\n", b)
		if flusher != nil {
			flusher.Flush()
		}
	}
	chunk := func(delta map[string]any, finish any) map[string]any {
		return map[string]any{
			"id": id, "object": "chat.completion.chunk", "created": created, "model": model,
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}},
		}
	}
	event(chunk(map[string]any{"role": "assistant", "content": ""}, nil))
	for i, piece := range s.pieces(text) {
		event(chunk(map[string]any{"content": piece}, nil))
		if s.brokenAt(i) {
			abortStream()
		}
		if s.cutAt(nth, i) {
			return
		}
	}
	event(chunk(map[string]any{}, s.stop("stop", "length")))
	if req.StreamOptions != nil && req.StreamOptions.IncludeUsage {
		event(map[string]any{
			"id": id, "object": "chat.completion.chunk", "created": created, "model": model,
			"choices": []any{}, "usage": usage,
		})
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
	if flusher != nil {
		flusher.Flush()
	}
}

func (s *Server) openAIEmbeddings(w http.ResponseWriter, r *http.Request) {
	model, inputs, vecs, ok := s.embedRequest(w, r, openAIError)
	if !ok {
		return
	}
	data := make([]any, len(vecs))
	for i, v := range vecs {
		data[i] = map[string]any{"object": "embedding", "index": i, "embedding": v}
	}
	n := countWords(inputs...)
	writeJSON(w, http.StatusOK, map[string]any{
		"object": "list", "data": data, "model": model,
		"usage": map[string]any{"prompt_tokens": n, "total_tokens": n},
	})
}
