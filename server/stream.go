package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
)

// SSE event names of POST /v1/query/stream, in the order they come: any
// number of deltas, then one answer or one error.
const (
	EventDelta  = "delta"  // data: {"text": "..."}: the next piece of validated answer text
	EventAnswer = "answer" // data: the /v1/query response JSON
	EventError  = "error"  // data: {"code": "...", "message": "..."}
)

// queryStream answers like query, as Server-Sent Events. A request that
// fails before the pipeline runs (bad JSON, unknown key, rate limit) and a
// question the pipeline rejects before anything streamed get the ordinary
// JSON error; from the first event on, the status is 200 and failures come
// as an error event.
func (s *Server) queryStream(w http.ResponseWriter, r *http.Request, p Principal) error {
	var q queryRequest
	if err := decodeJSON(w, r, s.opts.MaxBodyBytes, &q); err != nil {
		return err
	}
	req, err := q.request(p)
	if err != nil {
		return err
	}
	sse := &sseWriter{w: w, rc: http.NewResponseController(w)}
	req.Stream = func(_ context.Context, b []byte) error {
		return sse.event(EventDelta, struct {
			Text string `json:"text"`
		}{string(b)})
	}
	ans, err := s.p.Ask(r.Context(), req)
	if err != nil {
		if !sse.started() {
			return err
		}
		ae := s.publicError(r.Context(), err)
		_ = sse.event(EventError, errorBody{Code: ae.code, Message: ae.message})
		return nil
	}
	if err := sse.event(EventAnswer, newQueryResponse(ans)); err != nil {
		s.log.DebugContext(r.Context(), "hybridrag server: stream not delivered", "request_id", requestID(r.Context()), "err", err)
	}
	return nil
}

// sseWriter writes events and flushes each; the headers go out with the
// first. Safe for concurrent use.
type sseWriter struct {
	w  http.ResponseWriter
	rc *http.ResponseController

	mu   sync.Mutex
	sent bool
}

func (s *sseWriter) started() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sent
}

func (s *sseWriter) event(name string, v any) error {
	data, err := json.Marshal(v) // one line: JSON escapes every newline
	if err != nil {
		return fmt.Errorf("server: encode %s event: %w", name, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.sent {
		h := s.w.Header()
		h.Set("Content-Type", "text/event-stream; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		h.Set("X-Accel-Buffering", "no") // proxies must not hold events back
		s.w.WriteHeader(http.StatusOK)
		s.sent = true
	}
	if _, err := fmt.Fprintf(s.w, "event: %s\ndata: %s\n\n", name, data); err != nil {
		return err
	}
	return s.rc.Flush()
}
