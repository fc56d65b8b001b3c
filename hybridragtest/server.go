package hybridragtest

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hybridrag/hybridrag/generate"
)

// DefaultEmbeddingDimension is the length of the fake servers' vectors.
const DefaultEmbeddingDimension = 16

// ChatResponder computes a fake server's answer from a request's messages.
// It may be called concurrently.
type ChatResponder func(messages []generate.Message) string

// ServerOption configures a fake server.
type ServerOption func(*serverConfig)

type serverConfig struct {
	failFirst   int
	failStatus  int
	delay       time.Duration
	apiKey      string
	chunks      int
	embedDim    int
	breakStream int
	cutStream   int
	cutRequests int
	tokenCap    bool
}

// FailFirst makes the first n chat requests fail with HTTP status (500 when
// status is 0) and the provider's error body, as a flaky or misconfigured
// provider would. Embedding requests are not affected.
func FailFirst(n, status int) ServerOption {
	return func(c *serverConfig) {
		c.failFirst = n
		c.failStatus = status
	}
}

// Delay holds every chat response for d before its first byte, or until the
// client gives up, whichever comes first: for timeout tests.
func Delay(d time.Duration) ServerOption {
	return func(c *serverConfig) { c.delay = d }
}

// RequireAPIKey makes every request that does not present key fail with
// 401, as the providers do for a wrong key: as "Authorization: Bearer key"
// (OpenAI, Ollama behind a proxy), "x-api-key" (Anthropic) or
// "x-goog-api-key" (Google AI).
func RequireAPIKey(key string) ServerOption {
	return func(c *serverConfig) { c.apiKey = key }
}

// StreamChunks sets how many pieces a streamed answer is cut into
// (DefaultStreamChunks by default); see SplitChunks.
func StreamChunks(n int) ServerOption {
	return func(c *serverConfig) { c.chunks = n }
}

// BreakStreamAfter makes streamed answers stop after n content chunks by
// dropping the connection, without the end-of-stream marker.
func BreakStreamAfter(n int) ServerOption {
	return func(c *serverConfig) { c.breakStream = n }
}

// CutStreamAfter makes the first `requests` chat requests (every one when
// requests <= 0) end their answer after n content chunks, cleanly at the
// HTTP level (complete response, connection intact) but without the
// protocol's terminal event: no OpenAI finish chunk and "data: [DONE]", no
// Anthropic message_delta and message_stop, no Ollama "done": true line,
// no Gemini finishReason. This is a stream a proxy or an overloaded
// provider ended early; BreakStreamAfter drops the connection instead.
func CutStreamAfter(n, requests int) ServerOption {
	return func(c *serverConfig) {
		c.cutStream = n
		c.cutRequests = requests
	}
}

// StopAtTokenCap makes every answer end as if the completion token cap was
// reached: finish_reason "length" (OpenAI), stop_reason "max_tokens"
// (Anthropic), done_reason "length" (Ollama), finishReason MAX_TOKENS
// (Gemini). The text itself is unchanged.
func StopAtTokenCap() ServerOption {
	return func(c *serverConfig) { c.tokenCap = true }
}

// EmbeddingDimension sets the length of returned vectors.
func EmbeddingDimension(d int) ServerOption {
	return func(c *serverConfig) { c.embedDim = d }
}

// ServerCall records one request to a fake server.
type ServerCall struct {
	Path        string
	Model       string
	Messages    []generate.Message // chat requests only
	Inputs      []string           // embedding requests only
	Stream      bool
	Temperature float64
	MaxTokens   int
	// Status is the HTTP status the server answered with.
	Status int
}

// Server is a fake provider: an *httptest.Server plus what it has seen.
// It is safe for concurrent use.
type Server struct {
	*httptest.Server
	base    string
	cfg     serverConfig
	respond ChatResponder
	// keyOf returns the API key a request presents; nil means an
	// "Authorization: Bearer" header.
	keyOf func(*http.Request) string

	chats atomic.Int64
	mu    sync.Mutex
	calls []ServerCall
}

func newServer(respond ChatResponder, opts []ServerOption) *Server {
	s := &Server{respond: respond}
	if s.respond == nil {
		s.respond = echoLastUser
	}
	s.cfg.embedDim = DefaultEmbeddingDimension
	for _, o := range opts {
		o(&s.cfg)
	}
	if s.cfg.failStatus == 0 {
		s.cfg.failStatus = http.StatusInternalServerError
	}
	if s.cfg.embedDim <= 0 {
		s.cfg.embedDim = DefaultEmbeddingDimension
	}
	return s
}

func (s *Server) start(t testing.TB, h http.Handler, basePath string) *Server {
	s.Server = httptest.NewServer(h)
	s.base = s.URL + basePath
	t.Cleanup(s.Close)
	return s
}

// BaseURL is the URL to give the client: URL+"/v1" for the OpenAI and
// Anthropic servers, URL for the Ollama and Google AI servers.
func (s *Server) BaseURL() string { return s.base }

// Calls returns a copy of the requests received so far, in arrival order.
func (s *Server) Calls() []ServerCall {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]ServerCall(nil), s.calls...)
}

// ChatCalls returns the number of chat requests received so far, failed
// ones included.
func (s *Server) ChatCalls() int { return int(s.chats.Load()) }

func (s *Server) record(c ServerCall) {
	s.mu.Lock()
	s.calls = append(s.calls, c)
	s.mu.Unlock()
}

// authorized checks the API key; it writes the 401 itself.
func (s *Server) authorized(w http.ResponseWriter, r *http.Request, fail func(http.ResponseWriter, int, string)) bool {
	if s.cfg.apiKey == "" {
		return true
	}
	if s.keyOf != nil {
		if s.keyOf(r) == s.cfg.apiKey {
			return true
		}
	} else if r.Header.Get("Authorization") == "Bearer "+s.cfg.apiKey {
		return true
	}
	s.record(ServerCall{Path: r.URL.Path, Status: http.StatusUnauthorized})
	fail(w, http.StatusUnauthorized, "Incorrect API key provided")
	return false
}

// injectFailure counts a chat request and reports whether it must fail.
// nth is the request's number, from 1.
func (s *Server) injectFailure() (nth int64, fail bool) {
	nth = s.chats.Add(1)
	return nth, nth <= int64(s.cfg.failFirst)
}

// wait applies Delay; it reports false when the client went away.
func (s *Server) wait(ctx context.Context) bool {
	if s.cfg.delay <= 0 {
		return true
	}
	t := time.NewTimer(s.cfg.delay)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

func (s *Server) pieces(text string) []string {
	return SplitChunks(text, s.cfg.chunks)
}

// brokenAt reports whether the stream must break after i+1 chunks.
func (s *Server) brokenAt(i int) bool {
	return s.cfg.breakStream > 0 && i+1 >= s.cfg.breakStream
}

// cutAt reports whether the answer of chat request nth must end, cleanly
// and without its terminal event, after i+1 chunks.
func (s *Server) cutAt(nth int64, i int) bool {
	return s.cfg.cutStream > 0 && i+1 >= s.cfg.cutStream &&
		(s.cfg.cutRequests <= 0 || nth <= int64(s.cfg.cutRequests))
}

// stop returns the protocol's stop reason: normal, or capped under
// StopAtTokenCap.
func (s *Server) stop(normal, capped string) string {
	if s.cfg.tokenCap {
		return capped
	}
	return normal
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func echoLastUser(messages []generate.Message) string {
	for i := len(messages) - 1; i >= 0; i-- {
		if messages[i].Role == generate.RoleUser {
			return messages[i].Content
		}
	}
	return ""
}

// stringList decodes a JSON string or array of strings.
func stringList(raw json.RawMessage) ([]string, bool) {
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		return []string{one}, true
	}
	var many []string
	if err := json.Unmarshal(raw, &many); err == nil {
		return many, true
	}
	return nil, false
}

// messageText decodes message content: a string or OpenAI content parts.
func messageText(raw json.RawMessage) (string, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", true
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, true
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", false
	}
	var b strings.Builder
	for _, p := range parts {
		if p.Type == "text" {
			b.WriteString(p.Text)
		}
	}
	return b.String(), true
}

// abortStream drops the connection mid-response.
func abortStream() { panic(http.ErrAbortHandler) }

// embedRequest reads an embeddings request (both protocols send
// {"model", "input": string or [string]}), records it and returns the
// model, the inputs and one deterministic vector per input; on bad input it answers
// with fail in the protocol's error shape and returns ok = false.
func (s *Server) embedRequest(w http.ResponseWriter, r *http.Request, fail func(http.ResponseWriter, int, string)) (model string, inputs []string, vecs [][]float32, ok bool) {
	if r.Method != http.MethodPost {
		fail(w, http.StatusMethodNotAllowed, "method not allowed: use POST")
		return "", nil, nil, false
	}
	if !s.authorized(w, r, fail) {
		return "", nil, nil, false
	}
	var req struct {
		Model string          `json:"model"`
		Input json.RawMessage `json:"input"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		fail(w, http.StatusBadRequest, "invalid JSON: "+err.Error())
		return "", nil, nil, false
	}
	inputs, ok = stringList(req.Input)
	if !ok || len(inputs) == 0 {
		fail(w, http.StatusBadRequest, "input must be a string or a non-empty array of strings")
		return "", nil, nil, false
	}
	s.record(ServerCall{Path: r.URL.Path, Model: req.Model, Inputs: inputs, Status: http.StatusOK})
	vecs = make([][]float32, len(inputs))
	for i, in := range inputs {
		vecs[i] = HashVector(in, s.cfg.embedDim)
	}
	return req.Model, inputs, vecs, true
}

// reply is what a chat handler answers once a call is admitted.
type reply struct {
	nth         int64  // the call's number, from 1
	text        string // the responder's text
	promptWords int    // the prompt's length in words, as token usage
}

// admit records call and applies the injected failure (answered with
// fail, in the protocol's error shape) and delay; ok is false when the
// request has been answered or abandoned.
func (s *Server) admit(w http.ResponseWriter, r *http.Request, call ServerCall, fail func(http.ResponseWriter, int, string)) (reply, bool) {
	nth, failed := s.injectFailure()
	if failed {
		call.Status = s.cfg.failStatus
		s.record(call)
		fail(w, s.cfg.failStatus, "injected failure")
		return reply{}, false
	}
	call.Status = http.StatusOK
	s.record(call)
	if !s.wait(r.Context()) {
		return reply{}, false
	}
	rep := reply{nth: nth, text: s.respond(call.Messages)}
	for _, m := range call.Messages {
		rep.promptWords += countWords(m.Content)
	}
	return rep, true
}
