package langchain

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"regexp"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/internal/redact"
)

// langchaingo hides how a reply ended: its OpenAI and Google clients treat a
// stream that stops early but cleanly like a finished one, its Ollama client
// ignores read errors and never reports done_reason, and its Anthropic
// client answers a stream without message_stop with a generic empty-response
// error. So the transport reads along with the client and notes, per
// attempt, whether the provider's terminal event arrived and what stop
// reason it gave.

// wire is a provider protocol the transport can follow.
type wire int

const (
	wireNone      wire = iota
	wireOpenAI         // SSE chunks, then "data: [DONE]"
	wireAnthropic      // SSE events, message_delta carries stop_reason, then message_stop
	wireOllama         // NDJSON lines, the last one "done": true with done_reason
	wireGemini         // JSON array or SSE of responses; the last candidate has finishReason
)

// terminal names what a complete reply ends with, for errors.
func (w wire) terminal() string {
	switch w {
	case wireOpenAI:
		return `"data: [DONE]" after a finish_reason`
	case wireAnthropic:
		return "message_stop"
	case wireOllama:
		return `"done": true`
	case wireGemini:
		return "a finishReason"
	}
	return ""
}

// wireOf tells which protocol a successful response speaks, by the
// request's path (the same for every OpenAI- or Ollama-compatible server)
// and the response's media type. Non-streamed OpenAI and Anthropic replies
// are left alone: langchaingo reports their stop reason faithfully.
func wireOf(req *http.Request, resp *http.Response) wire {
	if resp.StatusCode != http.StatusOK || req.URL == nil {
		return wireNone
	}
	path := req.URL.Path
	sse := false
	if mt, _, err := mime.ParseMediaType(resp.Header.Get("Content-Type")); err == nil {
		sse = mt == "text/event-stream"
	}
	switch {
	case strings.HasSuffix(path, "/chat/completions") && sse:
		return wireOpenAI
	case strings.HasSuffix(path, "/messages") && sse:
		return wireAnthropic
	case strings.HasSuffix(path, "/api/chat"):
		return wireOllama
	case strings.HasSuffix(path, ":streamGenerateContent"), strings.HasSuffix(path, ":generateContent"):
		return wireGemini
	}
	return wireNone
}

// wireStatus is what the transport learned about one attempt's reply.
type wireStatus struct {
	mu      sync.Mutex
	kind    wire
	ended   bool   // the terminal event arrived
	stop    string // the provider's stop reason, as sent
	readErr error  // the body failed before its end
	// reported is an error message the provider sent in the stream
	// ("data: {"error": {"message": "upstream overloaded"}}"), without
	// the request's secrets, which some providers echo.
	reported string
	secrets  []string
}

func (s *wireStatus) snapshot() (kind wire, ended bool, stop string, readErr error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.kind, s.ended, s.stop, s.readErr
}

// reportedError returns the error message the provider sent, if any.
func (s *wireStatus) reportedError() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reported
}

// maxReported bounds the provider message kept for an error.
const maxReported = 300

// streamError reads an error object a provider sends in place of a chunk:
// {"error": {"message": "…"}} (OpenAI-compatible servers such as
// OpenRouter and vLLM, Anthropic's error event) or {"error": "…"} (Ollama).
func streamError(data []byte) string {
	var ev struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(data, &ev) != nil || len(ev.Error) == 0 || string(ev.Error) == "null" {
		return ""
	}
	var msg string
	if json.Unmarshal(ev.Error, &msg) != nil {
		var obj struct {
			Message string `json:"message"`
			Type    string `json:"type"`
		}
		if json.Unmarshal(ev.Error, &obj) != nil {
			return ""
		}
		msg = obj.Message
		if msg == "" {
			msg = obj.Type
		}
	}
	msg = strings.TrimSpace(msg)
	if len(msg) > maxReported {
		msg = strings.ToValidUTF8(msg[:maxReported], "") + "…"
	}
	return msg
}

// maxLine bounds the bytes kept of one unfinished line; a longer line is
// not interpreted (no provider sends one that carries an end marker).
const maxLine = 1 << 20

// watchedBody passes a response body through unchanged, feeding each
// complete line to the protocol's reader.
type watchedBody struct {
	io.ReadCloser
	st       *wireStatus
	line     []byte
	overflow bool
	flushed  bool
}

func watch(body io.ReadCloser, kind wire, st *wireStatus) io.ReadCloser {
	st.mu.Lock()
	st.kind, st.ended, st.stop, st.readErr, st.reported = kind, false, "", nil, ""
	st.mu.Unlock()
	return &watchedBody{ReadCloser: body, st: st}
}

func (b *watchedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	data := p[:n]
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			b.keep(data)
			break
		}
		b.keep(data[:i])
		b.endLine()
		data = data[i+1:]
	}
	switch {
	case err == io.EOF:
		b.flush()
	case err != nil:
		b.st.mu.Lock()
		if b.st.readErr == nil {
			b.st.readErr = err
		}
		b.st.mu.Unlock()
	}
	return n, err
}

// Close interprets a last line without a newline: a client may stop
// reading once it has what it wants.
func (b *watchedBody) Close() error {
	b.flush()
	return b.ReadCloser.Close()
}

func (b *watchedBody) keep(p []byte) {
	if b.overflow {
		return
	}
	if len(b.line)+len(p) > maxLine {
		b.overflow, b.line = true, b.line[:0]
		return
	}
	b.line = append(b.line, p...)
}

func (b *watchedBody) endLine() {
	if !b.overflow {
		b.st.mu.Lock()
		readLine(b.st, bytes.TrimSpace(b.line))
		b.st.mu.Unlock()
	}
	b.line, b.overflow = b.line[:0], false
}

func (b *watchedBody) flush() {
	if b.flushed {
		return
	}
	b.flushed = true
	if len(b.line) > 0 || b.overflow {
		b.endLine()
	}
}

// readLine updates st (locked by the caller) from one line of the body.
func readLine(st *wireStatus, line []byte) {
	if len(line) == 0 {
		return
	}
	if st.reported == "" && bytes.Contains(line, []byte(`"error"`)) {
		data := line
		if d, ok := sseData(line); ok {
			data = d
		}
		st.reported = redact.String(streamError(data), st.secrets...)
	}
	switch st.kind {
	case wireOpenAI:
		data, ok := sseData(line)
		if !ok {
			return
		}
		if string(data) == "[DONE]" {
			// [DONE] alone is not enough: a reply whose finish chunk was
			// lost has no finish_reason.
			st.ended = st.stop != ""
			return
		}
		var chunk struct {
			Choices []struct {
				FinishReason *string `json:"finish_reason"`
			} `json:"choices"`
		}
		if json.Unmarshal(data, &chunk) == nil {
			for _, c := range chunk.Choices {
				if c.FinishReason != nil && *c.FinishReason != "" {
					st.stop = *c.FinishReason
				}
			}
		}
	case wireAnthropic:
		data, ok := sseData(line)
		if !ok {
			return
		}
		var ev struct {
			Type  string `json:"type"`
			Delta struct {
				StopReason *string `json:"stop_reason"`
			} `json:"delta"`
		}
		if json.Unmarshal(data, &ev) != nil {
			return
		}
		switch ev.Type {
		case "message_delta":
			if ev.Delta.StopReason != nil {
				st.stop = *ev.Delta.StopReason
			}
		case "message_stop":
			st.ended = true
		}
	case wireOllama:
		var msg struct {
			Done       bool   `json:"done"`
			DoneReason string `json:"done_reason"`
		}
		if json.Unmarshal(line, &msg) == nil && msg.Done {
			st.ended, st.stop = true, msg.DoneReason
		}
	case wireGemini:
		// Responses may be pretty-printed over many lines, but a key and
		// its value share one. An unescaped quote before the key cannot
		// occur inside a JSON string, so model text cannot fake it.
		for _, m := range geminiFinish.FindAllSubmatch(line, -1) {
			if r := geminiReason(string(m[1])); r != "" {
				st.ended, st.stop = true, r
			}
		}
		// A blocked prompt gets no candidate at all: that reply is over,
		// and asking again would be blocked again.
		for _, m := range geminiBlock.FindAllSubmatch(line, -1) {
			if r := geminiBlockReason(string(m[1])); r != "" {
				st.ended, st.stop = true, r
			}
		}
	}
}

// sseData returns the payload of an SSE "data:" line.
func sseData(line []byte) ([]byte, bool) {
	data, ok := bytes.CutPrefix(line, []byte("data:"))
	return bytes.TrimSpace(data), ok
}

var geminiFinish = regexp.MustCompile(`(?:^|[^\\])"finishReason"\s*:\s*"?([A-Za-z0-9_]+)"?`)

var geminiBlock = regexp.MustCompile(`(?:^|[^\\])"blockReason"\s*:\s*"?([A-Za-z0-9_]+)"?`)

// geminiBlockNames are Gemini's BlockReason values by number.
var geminiBlockNames = map[string]string{
	"1": "SAFETY", "2": "OTHER", "3": "BLOCKLIST", "4": "PROHIBITED_CONTENT", "5": "IMAGE_SAFETY",
}

// geminiBlockReason returns a prompt block reason's name, "" for none. Every
// block is a filter, so every name is one of cutReasons.
func geminiBlockReason(v string) string {
	if v == "0" || v == "BLOCK_REASON_UNSPECIFIED" {
		return ""
	}
	if n, ok := geminiBlockNames[v]; ok {
		v = n
	}
	return "blocked: " + v
}

// geminiNames are Gemini's FinishReason values, which the Google SDK asks
// for as numbers ("enum-encoding=int").
var geminiNames = map[string]string{
	"1": "STOP", "2": "MAX_TOKENS", "3": "SAFETY", "4": "RECITATION", "5": "OTHER",
	"6": "BLOCKLIST", "7": "PROHIBITED_CONTENT", "8": "SPII", "9": "MALFORMED_FUNCTION_CALL",
	"10": "IMAGE_SAFETY",
}

// geminiReason returns the reason's name, "" for the unspecified value.
func geminiReason(v string) string {
	if n, ok := geminiNames[v]; ok {
		return n
	}
	if v == "0" || v == "FINISH_REASON_UNSPECIFIED" {
		return ""
	}
	return v
}

// cutReasons are stop reasons, as each provider (or langchaingo's Google
// client) spells them, that mean the provider ended the reply before the
// model did: a token cap or a content filter. The text is then incomplete,
// like a cut stream's. A reply cut by the token cap is treated as
// truncated rather than passed on: its last sentence is likely unfinished,
// and the validator would judge a fragment.
var cutReasons = map[string]bool{
	// token cap
	"length": true, "max_tokens": true, "MAX_TOKENS": true, "FinishReasonMaxTokens": true,
	"model_context_window_exceeded": true,
	// content filters
	"content_filter": true, "refusal": true, "SAFETY": true, "RECITATION": true,
	"BLOCKLIST": true, "PROHIBITED_CONTENT": true, "SPII": true,
	"FinishReasonSafety": true, "FinishReasonRecitation": true,
	"IMAGE_SAFETY": true,
}

// isCut reports whether a stop reason means the provider cut the reply;
// Gemini's prompt blocks ("blocked: …") always do.
func isCut(reason string) bool {
	return cutReasons[reason] || strings.HasPrefix(reason, "blocked: ")
}

// maxErrorReply bounds how much of a JSON reply is kept to look for an
// error object; a reply that long is an answer.
const maxErrorReply = 64 << 10

// errorReply passes a JSON reply through unchanged and, once it is read,
// notes an error object sent with status 200 in place of a completion
// (some gateways answer so when the model behind them fails), so that the
// empty answer it leaves can say what the provider reported.
type errorReply struct {
	io.ReadCloser
	st   *wireStatus
	buf  []byte
	done bool
}

func watchErrorReply(body io.ReadCloser, st *wireStatus) io.ReadCloser {
	st.mu.Lock()
	st.reported = ""
	st.mu.Unlock()
	return &errorReply{ReadCloser: body, st: st}
}

func (b *errorReply) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if len(b.buf) <= maxErrorReply {
		b.buf = append(b.buf, p[:n]...)
	}
	if err == io.EOF {
		b.note()
	}
	return n, err
}

func (b *errorReply) Close() error {
	b.note()
	return b.ReadCloser.Close()
}

func (b *errorReply) note() {
	if b.done || len(b.buf) > maxErrorReply {
		return
	}
	b.done = true
	if msg := streamError(b.buf); msg != "" {
		b.st.mu.Lock()
		b.st.reported = redact.String(msg, b.st.secrets...)
		b.st.mu.Unlock()
	}
}
