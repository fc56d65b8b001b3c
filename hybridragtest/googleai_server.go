package hybridragtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/generate"
)

// NewGoogleAIServer starts a fake Google AI (Gemini) REST API, closed when
// the test ends. It serves POST /v1beta/models/{model}:generateContent (one
// GenerateContentResponse) and :streamGenerateContent, whose answer is a
// JSON array of responses streamed element by element, as the Google SDK's
// REST transport asks for with "$alt=json", or, with "alt=sse", server-sent
// events carrying one response each. The last response's candidate carries
// finishReason; every response carries usageMetadata so far. Enums are
// numbers when the request asks for "enum-encoding=int", names otherwise.
// The key is read from x-goog-api-key or the key query parameter (see
// RequireAPIKey); errors have Google's {"error": {"code", "message",
// "status"}} shape. Usage counts words. A nil respond echoes the last user
// message. Point generate/googleai at it with Options.BaseURL =
// srv.BaseURL().
func NewGoogleAIServer(t testing.TB, respond ChatResponder, opts ...ServerOption) *Server {
	t.Helper()
	s := newServer(respond, opts)
	s.keyOf = func(r *http.Request) string {
		if k := r.Header.Get("x-goog-api-key"); k != "" {
			return k
		}
		return r.URL.Query().Get("key")
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/v1beta/models/", s.geminiGenerate)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		googleError(w, http.StatusNotFound, "unknown path "+r.URL.Path)
	})
	return s.start(t, mux, "")
}

func googleError(w http.ResponseWriter, status int, msg string) {
	name := "INVALID_ARGUMENT"
	switch {
	case status == http.StatusUnauthorized:
		name = "UNAUTHENTICATED"
	case status == http.StatusNotFound:
		name = "NOT_FOUND"
	case status == http.StatusTooManyRequests:
		name = "RESOURCE_EXHAUSTED"
	case status == http.StatusServiceUnavailable:
		name = "UNAVAILABLE"
	case status >= 500:
		name = "INTERNAL"
	}
	writeJSON(w, status, map[string]any{"error": map[string]any{"code": status, "message": msg, "status": name}})
}

type geminiContent struct {
	Role  string `json:"role"`
	Parts []struct {
		Text string `json:"text"`
	} `json:"parts"`
}

func (c geminiContent) text() string {
	var b strings.Builder
	for _, p := range c.Parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

type geminiRequest struct {
	Contents          []geminiContent `json:"contents"`
	SystemInstruction *geminiContent  `json:"systemInstruction"`
	GenerationConfig  struct {
		Temperature     *float64 `json:"temperature"`
		MaxOutputTokens int      `json:"maxOutputTokens"`
	} `json:"generationConfig"`
}

func (s *Server) geminiGenerate(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		googleError(w, http.StatusMethodNotAllowed, "use POST")
		return
	}
	model, method, ok := strings.Cut(strings.TrimPrefix(r.URL.Path, "/v1beta/models/"), ":")
	stream := method == "streamGenerateContent"
	if !ok || model == "" || (!stream && method != "generateContent") {
		googleError(w, http.StatusNotFound, "unknown method "+r.URL.Path)
		return
	}
	if !s.authorized(w, r, googleError) {
		return
	}
	var req geminiRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		googleError(w, http.StatusBadRequest, "invalid JSON: "+err.Error())
		return
	}
	call := ServerCall{Path: r.URL.Path, Model: model, Stream: stream, MaxTokens: req.GenerationConfig.MaxOutputTokens}
	if t := req.GenerationConfig.Temperature; t != nil {
		call.Temperature = *t
	}
	if req.SystemInstruction != nil {
		call.Messages = append(call.Messages, generate.Message{Role: generate.RoleSystem, Content: req.SystemInstruction.text()})
	}
	for _, c := range req.Contents {
		role := generate.RoleUser
		switch c.Role {
		case "", "user":
		case "model":
			role = generate.RoleAssistant
		default:
			googleError(w, http.StatusBadRequest, "contents: unknown role "+c.Role)
			return
		}
		call.Messages = append(call.Messages, generate.Message{Role: role, Content: c.text()})
	}
	if len(req.Contents) == 0 {
		googleError(w, http.StatusBadRequest, "contents is not specified")
		return
	}
	rep, ok := s.admit(w, r, call, googleError)
	if !ok {
		return
	}
	nth, text, prompt := rep.nth, rep.text, rep.promptWords
	q := r.URL.Query()
	numeric := strings.Contains(q.Get("$alt"), "enum-encoding=int")
	var finish any = s.stop("STOP", "MAX_TOKENS")
	if numeric {
		finish = map[string]int{"STOP": 1, "MAX_TOKENS": 2}[finish.(string)]
	}
	sofar := ""
	response := func(piece string, last bool) map[string]any {
		sofar += piece
		c := map[string]any{"content": map[string]any{"role": "model", "parts": []any{map[string]any{"text": piece}}}, "index": 0}
		if last {
			c["finishReason"] = finish
		}
		n := countWords(sofar)
		return map[string]any{"candidates": []any{c}, "modelVersion": model,
			"usageMetadata": map[string]any{"promptTokenCount": prompt, "candidatesTokenCount": n, "totalTokenCount": prompt + n}}
	}
	if !stream {
		writeJSON(w, http.StatusOK, response(text, true))
		return
	}

	sse := q.Get("alt") == "sse"
	if sse {
		w.Header().Set("Content-Type", "text/event-stream")
	} else {
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(http.StatusOK)
	flusher, _ := w.(http.Flusher)
	write := func(format string, args ...any) {
		fmt.Fprintf(w, format, args...)
		if flusher != nil {
			flusher.Flush()
		}
	}
	if !sse {
		write("[")
	}
	pieces := s.pieces(text)
	for i, piece := range pieces {
		cut := s.cutAt(nth, i)
		b, _ := json.Marshal(response(piece, i == len(pieces)-1 && !cut))
		switch {
		case sse:
			write("data: %s\r\n\r\n", b)
		case i > 0:
			write(",\r\n%s", b)
		default:
			write("%s", b)
		}
		if s.brokenAt(i) {
			abortStream()
		}
		if cut {
			break
		}
	}
	// A cut array is still closed: the framing is valid, only the
	// finishReason is missing, so nothing but that marks the cut.
	if !sse {
		write("]")
	}
}
