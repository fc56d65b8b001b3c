package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io/fs"
	"log/slog"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/server/web"
)

// Defaults of Options.
const (
	DefaultRateLimit      = 5                // requests a second per principal, sustained
	DefaultRateBurst      = 30               // requests a principal may make at once
	DefaultMaxBodyBytes   = 64 << 10         // JSON request bodies
	DefaultMaxUploadBytes = 32 << 20         // one multipart upload, all files together
	DefaultTimeout        = 60 * time.Second // per request, model calls included
	MaxUploadFiles        = 100              // files in one upload
)

// ContentSecurityPolicy is sent with every response: the page loads its
// scripts, styles and images from its own origin only, runs no inline
// script or style, talks to no other origin and cannot be framed.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// Options configure a Server. The zero value serves every caller as one
// tenant (no API keys: put it behind the host's own authentication, or on
// loopback), with the defaults above and the built-in page.
type Options struct {
	// Auth maps each API request to a Principal; nil serves every caller
	// as the empty (single, open) tenant. See Keys.
	Auth Authenticator
	// RateLimit is the sustained number of API requests a second each
	// principal may make, RateBurst how many at once; over it a request
	// gets 429 with Retry-After. Failed authentications share one such
	// bucket per client address. 0: the defaults; a negative RateLimit
	// turns limiting off.
	RateLimit float64
	RateBurst int
	// MaxBodyBytes bounds JSON request bodies, MaxUploadBytes a whole
	// document upload (0: the defaults).
	MaxBodyBytes   int64
	MaxUploadBytes int64
	// Timeout bounds each request, generation included (0: DefaultTimeout;
	// negative: none). Set http.Server.WriteTimeout above it.
	Timeout time.Duration
	// Metrics, if set, is served at GET /metrics; it should be the
	// Pipeline's Observer (or one of them). nil: /metrics is not found.
	Metrics *hybridrag.Metrics
	// Logger receives request errors and an access line per request
	// (never keys or bodies); nil: slog.Default().
	Logger *slog.Logger
	// ReadOnly refuses uploads and deletes (501 not_supported), for a
	// store opened read-only or shared with other writers.
	ReadOnly bool
	// Page is the web page's files, served at GET / (index.html); nil:
	// the built-in page (package server/web).
	Page fs.FS
}

// Server is the grounded HTTP API and web page over one Pipeline. It is an
// http.Handler, safe for concurrent use; mount it at the root of a mux or
// under a prefix with http.StripPrefix.
type Server struct {
	p     *hybridrag.Pipeline
	opts  Options
	log   *slog.Logger
	mux   *http.ServeMux
	limit *limiter // nil: no rate limit
	// writeMu orders uploads and deletes, so that a delete's lookup and
	// removal see no upload of the same document in between.
	writeMu sync.Mutex
}

// New returns a Server answering from p.
func New(p *hybridrag.Pipeline, opts Options) (*Server, error) {
	if p == nil {
		return nil, errors.New("server: nil Pipeline")
	}
	switch {
	case math.IsNaN(opts.RateLimit) || math.IsInf(opts.RateLimit, 0):
		return nil, errors.New("server: RateLimit must be finite")
	case opts.RateBurst < 0 || opts.MaxBodyBytes < 0 || opts.MaxUploadBytes < 0:
		return nil, errors.New("server: RateBurst, MaxBodyBytes and MaxUploadBytes must not be negative")
	}
	s := &Server{p: p, opts: opts, log: opts.Logger, mux: http.NewServeMux()}
	if s.log == nil {
		s.log = slog.Default()
	}
	if opts.RateLimit >= 0 {
		rate, burst := opts.RateLimit, opts.RateBurst
		if rate == 0 {
			rate = DefaultRateLimit
		}
		if burst == 0 {
			burst = DefaultRateBurst
		}
		s.limit = newLimiter(rate, burst)
	}
	if s.opts.MaxBodyBytes == 0 {
		s.opts.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if s.opts.MaxUploadBytes == 0 {
		s.opts.MaxUploadBytes = DefaultMaxUploadBytes
	}
	if s.opts.Page == nil {
		s.opts.Page = web.FS()
	}
	s.routes()
	return s, nil
}

func (s *Server) timeout() time.Duration {
	if s.opts.Timeout == 0 {
		return DefaultTimeout
	}
	return s.opts.Timeout
}

func (s *Server) routes() {
	m := s.mux
	m.Handle("POST /rag/query", s.api(s.ragQuery))
	m.Handle("POST /v1/query", s.api(s.query))
	m.Handle("POST /v1/query/stream", s.api(s.queryStream))
	m.Handle("POST /v1/retrieve", s.api(s.retrieve))
	m.Handle("POST /v1/artifact", s.api(s.artifact))
	m.Handle("GET /v1/queries", s.api(s.listQueries))
	m.Handle("GET /v1/queries/{id}", s.api(s.getQuery))
	m.Handle("POST /v1/queries/{id}/feedback", s.api(s.feedback))
	m.Handle("POST /v1/documents", s.api(s.upload))
	m.Handle("GET /v1/documents", s.api(s.listDocuments))
	m.Handle("DELETE /v1/documents/{id}", s.api(s.deleteDocument))
	m.Handle("GET /v1/documents/{id}/chunks/{chunk}", s.api(s.chunk))
	m.HandleFunc("GET /healthz", s.healthz)
	m.HandleFunc("GET /metrics", s.metrics)
	m.Handle("GET /", s.page())
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	id := newRequestID()
	r = r.WithContext(context.WithValue(r.Context(), requestIDKey{}, id))
	h := w.Header()
	h.Set("X-Request-Id", id)
	h.Set("Content-Security-Policy", ContentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
	sw := &statusWriter{ResponseWriter: w}
	if _, pattern := s.mux.Handler(r); pattern == "" {
		s.noRoute(sw, r)
	} else {
		s.mux.ServeHTTP(sw, r)
	}
	s.log.LogAttrs(r.Context(), slog.LevelInfo, "hybridrag server: request",
		slog.String("request_id", id), slog.String("method", r.Method), slog.String("path", r.URL.Path),
		slog.Int("status", sw.status()), slog.String("principal", sw.principal),
		slog.Float64("ms", float64(time.Since(start).Microseconds())/1000))
}

// noRoute answers what the mux has no pattern for with a JSON 404 or 405
// (keeping the mux's Allow header).
func (s *Server) noRoute(w http.ResponseWriter, r *http.Request) {
	h, _ := s.mux.Handler(r)
	c := &captureWriter{header: http.Header{}}
	h.ServeHTTP(c, r)
	if c.code == http.StatusMethodNotAllowed && !s.onlyPage(r) {
		if allow := c.header.Get("Allow"); allow != "" {
			w.Header().Set("Allow", allow)
		}
		s.fail(w, r, errorf(http.StatusMethodNotAllowed, CodeMethodNotAllowed, "method %s is not allowed here", r.Method))
		return
	}
	s.fail(w, r, errorf(http.StatusNotFound, CodeNotFound, "no such endpoint"))
}

// apiFunc is an API endpoint: it runs for an authenticated, rate-limited
// principal under the request deadline, and returns its error rather than
// writing it.
type apiFunc func(w http.ResponseWriter, r *http.Request, p Principal) error

func (s *Server) api(fn apiFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := s.authenticate(r)
		if err != nil {
			// Failed attempts draw on a bucket per client address, so
			// that keys cannot be guessed at line rate.
			if errors.Is(err, ErrUnauthenticated) && !s.allow(w, r, "unauthenticated@"+clientHost(r)) {
				return
			}
			if errors.Is(err, ErrUnauthenticated) {
				w.Header().Set("WWW-Authenticate", `Bearer realm="hybridrag"`)
				err = errorf(http.StatusUnauthorized, CodeUnauthorized, "send Authorization: Bearer KEY with a valid API key")
			}
			s.fail(w, r, err)
			return
		}
		if sw, ok := w.(*statusWriter); ok {
			sw.principal = p.ID
		}
		if !s.allow(w, r, p.ID) {
			return
		}
		if d := s.timeout(); d > 0 {
			ctx, cancel := context.WithTimeout(r.Context(), d)
			defer cancel()
			r = r.WithContext(ctx)
		}
		if err := fn(w, r, p); err != nil {
			s.fail(w, r, err)
		}
	})
}

// allow takes a token from id's bucket, or answers 429 with Retry-After
// and reports false.
func (s *Server) allow(w http.ResponseWriter, r *http.Request, id string) bool {
	if s.limit == nil {
		return true
	}
	ok, wait := s.limit.allow(id)
	if ok {
		return true
	}
	secs := max(int(math.Ceil(wait.Seconds())), 1)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	s.fail(w, r, errorf(http.StatusTooManyRequests, CodeRateLimited, "too many requests; retry after %d s", secs))
	return false
}

// clientHost is the address a request came from (the proxy's, behind one).
func clientHost(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func (s *Server) authenticate(r *http.Request) (Principal, error) {
	if s.opts.Auth == nil {
		return Principal{ID: "open"}, nil
	}
	p, err := s.opts.Auth.Authenticate(r)
	if err != nil {
		return Principal{}, err
	}
	if p.ID == "" {
		p.ID = "tenant:" + p.Tenant
	}
	return p, nil
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) metrics(w http.ResponseWriter, r *http.Request) {
	if s.opts.Metrics == nil {
		s.fail(w, r, errorf(http.StatusNotFound, CodeNotFound, "metrics are not enabled"))
		return
	}
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if err := s.opts.Metrics.WriteText(w); err != nil {
		s.log.WarnContext(r.Context(), "hybridrag server: write metrics", "err", err)
	}
}

// page serves the embedded web page; API paths the mux did not match
// answer JSON, not a page.
func (s *Server) page() http.Handler {
	files := http.FileServerFS(s.opts.Page)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/v1/") || strings.HasPrefix(r.URL.Path, "/rag/") {
			s.apiMiss(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}

// onlyPage reports whether the page's catch-all is all a GET of r's path
// would match, for an API path: then no method would do, and it is 404.
func (s *Server) onlyPage(r *http.Request) bool {
	if !strings.HasPrefix(r.URL.Path, "/v1/") && !strings.HasPrefix(r.URL.Path, "/rag/") {
		return false
	}
	r2 := r.Clone(r.Context())
	r2.Method = http.MethodGet
	_, pattern := s.mux.Handler(r2)
	return pattern == "GET /"
}

// apiMiss answers a GET that only the page's catch-all matched: 405 when
// the path is an endpoint for other methods, else 404.
func (s *Server) apiMiss(w http.ResponseWriter, r *http.Request) {
	var allow []string
	for _, m := range []string{http.MethodPost, http.MethodDelete} {
		r2 := r.Clone(r.Context())
		r2.Method = m
		if _, pattern := s.mux.Handler(r2); pattern != "" {
			allow = append(allow, m)
		}
	}
	if len(allow) == 0 {
		s.fail(w, r, errorf(http.StatusNotFound, CodeNotFound, "no such endpoint"))
		return
	}
	w.Header().Set("Allow", strings.Join(allow, ", "))
	s.fail(w, r, errorf(http.StatusMethodNotAllowed, CodeMethodNotAllowed, "method %s is not allowed here", r.Method))
}

type requestIDKey struct{}

func newRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// statusWriter records the status for the access log. It passes Flush
// and the rest on through Unwrap (http.ResponseController).
type statusWriter struct {
	http.ResponseWriter
	code      int
	principal string
}

func (w *statusWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *statusWriter) status() int {
	if w.code == 0 {
		return http.StatusOK
	}
	return w.code
}

// captureWriter keeps what the mux's own 404/405 handler writes, to be
// rewritten as JSON.
type captureWriter struct {
	header http.Header
	code   int
}

func (c *captureWriter) Header() http.Header { return c.header }
func (c *captureWriter) WriteHeader(code int) {
	if c.code == 0 {
		c.code = code
	}
}
func (c *captureWriter) Write(b []byte) (int, error) { return len(b), nil }
