package hybridragtest

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/hybridrag/hybridrag/generate"
)

// NewOllamaServer starts a fake Ollama server, closed when the test ends.
// It serves POST /api/chat (newline-delimited JSON chunks ending with a
// "done": true chunk that carries prompt_eval_count and eval_count, unless
// the request says "stream": false, in which case one JSON object, exactly
// as Ollama defaults to streaming) and POST /api/embed (HashVector of each
// input). Errors are Ollama's {"error": "..."} bodies. A nil respond echoes
// the last user message. Point langchaingo's ollama client at it with
// ollama.WithServerURL(srv.BaseURL()).
func NewOllamaServer(t testing.TB, respond ChatResponder, opts ...ServerOption) *Server {
	t.Helper()
	s := newServer(respond, opts)
	mux := http.NewServeMux()
	mux.HandleFunc("/api/chat", s.ollamaChat)
	mux.HandleFunc("/api/embed", s.ollamaEmbed)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		ollamaError(w, http.StatusNotFound, "404 page not found")
	})
	return s.start(t, mux, "")
}

func ollamaError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]any{"error": msg})
}

type ollamaChatRequest struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	Stream  *bool `json:"stream"`
	Options struct {
		Temperature float64 `json:"temperature"`
		NumPredict  int     `json:"num_predict"`
	} `json:"options"`
}

func (s *Server) ollamaChat(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		ollamaError(w, http.StatusMethodNotAllowed, "method not allowed")
		return
	}
	if !s.authorized(w, r, ollamaError) {
		return
	}
	var req ollamaChatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		ollamaError(w, http.StatusBadRequest, "invalid JSON: "+err.Error())
		return
	}
	if req.Model == "" {
		ollamaError(w, http.StatusBadRequest, "model is required")
		return
	}
	stream := req.Stream == nil || *req.Stream
	call := ServerCall{Path: r.URL.Path, Model: req.Model, Stream: stream,
		Temperature: req.Options.Temperature, MaxTokens: req.Options.NumPredict}
	for _, m := range req.Messages {
		call.Messages = append(call.Messages, generate.Message{Role: generate.Role(m.Role), Content: m.Content})
	}
	rep, ok := s.admit(w, r, call, ollamaError)
	if !ok {
		return
	}
	nth, text, prompt := rep.nth, rep.text, rep.promptWords
	created := time.Now().UTC().Format(time.RFC3339Nano)
	final := map[string]any{
		"model": req.Model, "created_at": created,
		"message": map[string]any{"role": "assistant", "content": ""},
		"done":    true, "done_reason": s.stop("stop", "length"),
		"total_duration": 1000, "prompt_eval_count": prompt, "eval_count": countWords(text),
	}
	if !stream {
		final["message"] = map[string]any{"role": "assistant", "content": text}
		writeJSON(w, http.StatusOK, final)
		return
	}

	w.Header().Set("Content-Type", "application/x-ndjson")
	w.WriteHeader(http.StatusOK)
	flusher, _ := w.(http.Flusher)
	enc := json.NewEncoder(w) // Encode ends each object with a newline
	line := func(v any) {
		_ = enc.Encode(v)
		if flusher != nil {
			flusher.Flush()
		}
	}
	for i, piece := range s.pieces(text) {
		line(map[string]any{
			"model": req.Model, "created_at": created,
			"message": map[string]any{"role": "assistant", "content": piece}, "done": false,
		})
		if s.brokenAt(i) {
			abortStream()
		}
		if s.cutAt(nth, i) {
			return
		}
	}
	line(final)
}

func (s *Server) ollamaEmbed(w http.ResponseWriter, r *http.Request) {
	model, _, vecs, ok := s.embedRequest(w, r, ollamaError)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"model": model, "embeddings": vecs})
}
