package langchain

import (
	"context"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"
)

// callStatus collects what the transport saw during one attempt.
type callStatus struct {
	code       atomic.Int32
	retryAfter atomic.Int64 // nanoseconds
	wire       wireStatus
}

type statusKey struct{}

func withCallStatus(ctx context.Context) (context.Context, *callStatus) {
	st := &callStatus{}
	return context.WithValue(ctx, statusKey{}, st), st
}

// Transport wraps base (http.DefaultTransport when nil) so that a Generator
// learns the HTTP status and Retry-After of each call it makes through a
// model using it. langchaingo clients flatten HTTP failures into strings
// (Ollama's even drops the status), which leaves a 401 indistinguishable
// from a 500; with this transport the adapter retries the 500 and not the
// 401. It also reads along with each streamed reply of the OpenAI,
// Anthropic, Ollama and Google AI protocols, so that a reply that ends
// without the protocol's terminal event is reported as
// generate.ErrTruncated instead of being taken for a complete answer.
// Requests not made by a Generator pass through untouched. The
// returned RoundTripper is safe for concurrent use if base is.
func Transport(base http.RoundTripper) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	return &statusTransport{base: base}
}

// HTTPClient returns a shallow copy of c (of a zero http.Client when c is
// nil) whose Transport is wrapped by Transport. c itself is not modified.
func HTTPClient(c *http.Client) *http.Client {
	var out http.Client
	if c != nil {
		out = *c
	}
	out.Transport = Transport(out.Transport)
	return &out
}

type statusTransport struct{ base http.RoundTripper }

func (t *statusTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	if st, ok := req.Context().Value(statusKey{}).(*callStatus); ok {
		st.code.Store(int32(resp.StatusCode))
		st.retryAfter.Store(int64(retryAfter(resp.Header.Get("Retry-After"), time.Now())))
		if w := wireOf(req, resp); w != wireNone && resp.Body != nil {
			resp.Body = watch(resp.Body, w, &st.wire)
		}
	}
	return resp, nil
}

// retryAfter parses a Retry-After header: delay seconds or an HTTP date.
func retryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	if s, err := strconv.Atoi(v); err == nil {
		if s < 0 {
			return 0
		}
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}
