package langchain

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hybridrag/hybridrag/internal/redact"
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
// generate.ErrTruncated instead of being taken for a complete answer. And
// it keeps API keys out of errors: an error response's body is scrubbed of
// the request's credentials and of key-shaped strings before the client
// reads it, and so is a transport error. Other requests not made by a
// Generator pass through untouched. The returned RoundTripper is safe for
// concurrent use if base is.
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
		return resp, redact.Error(err, requestSecrets(req)...)
	}
	if st, ok := req.Context().Value(statusKey{}).(*callStatus); ok {
		st.code.Store(int32(resp.StatusCode))
		st.retryAfter.Store(int64(retryAfter(resp.Header.Get("Retry-After"), time.Now())))
		st.wire.mu.Lock()
		st.wire.secrets = requestSecrets(req)
		st.wire.mu.Unlock()
		switch w := wireOf(req, resp); {
		case resp.Body == nil:
		case w != wireNone:
			resp.Body = watch(resp.Body, w, &st.wire)
		case resp.StatusCode == http.StatusOK:
			resp.Body = watchErrorReply(resp.Body, &st.wire)
		}
	}
	if resp.StatusCode >= 400 && resp.Body != nil {
		scrubBody(resp, requestSecrets(req))
	}
	return resp, nil
}

// maxErrorBody bounds how much of an error body is read for scrubbing;
// provider error bodies are a few hundred bytes.
const maxErrorBody = 1 << 20

// scrubBody replaces an error response's body with a copy from which the
// request's credentials and key-shaped strings are removed, before the
// langchaingo client quotes it in an error: some providers echo the key
// they rejected.
func scrubBody(resp *http.Response, secrets []string) {
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	_ = resp.Body.Close()
	clean := []byte(redact.String(string(body), secrets...))
	if err != nil {
		clean = append(clean, []byte("\n[error body truncated: "+redact.String(err.Error(), secrets...)+"]")...)
	}
	resp.Body = io.NopCloser(bytes.NewReader(clean))
	resp.ContentLength = int64(len(clean))
	resp.Header.Del("Content-Length")
}

// credentialHeaders carry API keys in the providers' requests.
var credentialHeaders = []string{"Authorization", "X-Api-Key", "Api-Key", "X-Goog-Api-Key", "Proxy-Authorization"}

// requestSecrets returns the credentials req carries: header values (with
// and without their "Bearer " scheme), the URL's password and key-like
// query parameters.
func requestSecrets(req *http.Request) []string {
	var out []string
	for _, h := range credentialHeaders {
		for _, v := range req.Header.Values(h) {
			out = append(out, v)
			if _, cred, ok := strings.Cut(v, " "); ok {
				out = append(out, strings.TrimSpace(cred))
			}
		}
	}
	if u := req.URL; u != nil {
		if p, ok := u.User.Password(); ok {
			out = append(out, p)
		}
		for name, vs := range u.Query() {
			switch strings.ToLower(name) {
			case "key", "api_key", "apikey", "api-key", "access_token", "token":
				out = append(out, vs...)
			}
		}
	}
	return out
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
