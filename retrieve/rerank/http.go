package rerank

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/hybridrag/hybridrag/internal/redact"
	"github.com/hybridrag/hybridrag/retrieve"
)

// Protocol is a /rerank wire shape.
type Protocol string

const (
	// ProtocolCohere is Cohere's rerank API (v1 and v2) and the services
	// that copy it (Jina, Mixedbread, Voyage): {"model", "query",
	// "documents": [strings], "top_n"} → {"results": [{"index",
	// "relevance_score"}]} ("data" instead of "results" is read too).
	ProtocolCohere Protocol = "cohere"
	// ProtocolTEI is Hugging Face Text Embeddings Inference's /rerank:
	// {"query", "texts": [strings], "truncate": true} → [{"index", "score"}].
	ProtocolTEI Protocol = "tei"
)

// DefaultMaxChars bounds each document sent to a cross-encoder: they read
// a few hundred tokens and servers reject or truncate longer inputs.
const DefaultMaxChars = 4000

// HTTPOptions configure NewHTTP.
type HTTPOptions struct {
	// URL is the endpoint, e.g. https://api.cohere.com/v2/rerank,
	// https://api.jina.ai/v1/rerank or http://localhost:8080/rerank.
	URL string
	// Protocol is the wire shape; "" means ProtocolCohere.
	Protocol Protocol
	// Model names the reranking model, for services that serve several
	// (Cohere, Jina); it is left out of the request when empty.
	Model string
	// APIKey, if set, is sent as "Authorization: Bearer KEY". It never
	// appears in an error.
	APIKey string
	// TopN asks the server for only the best n (0: all). Documents it
	// leaves out keep their fused order after the ranked ones.
	TopN int
	// MaxChars bounds the characters of each document sent; 0 means
	// DefaultMaxChars.
	MaxChars int
	// Client sends the requests; nil means http.DefaultClient. Deadlines
	// come from the context.
	Client *http.Client
}

// HTTP is a cross-encoder reranker behind a /rerank endpoint. It is safe
// for concurrent use.
type HTTP struct {
	opts HTTPOptions
}

// NewHTTP returns an HTTP reranker; the URL must be absolute http(s) and
// the protocol known (ErrConfig otherwise).
func NewHTTP(opts HTTPOptions) (*HTTP, error) {
	u, err := url.Parse(opts.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%w: URL %q is not an absolute http(s) URL", ErrConfig, redact.URL(opts.URL))
	}
	switch opts.Protocol {
	case "":
		opts.Protocol = ProtocolCohere
	case ProtocolCohere, ProtocolTEI:
	default:
		return nil, fmt.Errorf("%w: unknown protocol %q (cohere, tei)", ErrConfig, opts.Protocol)
	}
	if opts.TopN < 0 || opts.MaxChars < 0 {
		return nil, fmt.Errorf("%w: TopN and MaxChars must not be negative", ErrConfig)
	}
	if opts.MaxChars == 0 {
		opts.MaxChars = DefaultMaxChars
	}
	if opts.Client == nil {
		opts.Client = http.DefaultClient
	}
	return &HTTP{opts: opts}, nil
}

// Rerank implements retrieve.Reranker.
func (h *HTTP) Rerank(ctx context.Context, query string, sources []retrieve.Source) ([]retrieve.Source, error) {
	if len(sources) == 0 {
		return sources, nil
	}
	docs := make([]string, len(sources))
	for i := range sources {
		docs[i] = documentText(&sources[i], h.opts.MaxChars)
	}
	var body any
	switch h.opts.Protocol {
	case ProtocolTEI:
		body = teiRequest{Query: query, Texts: docs, Truncate: true}
	default:
		body = cohereRequest{Model: h.opts.Model, Query: query, Documents: docs, TopN: h.opts.TopN}
	}
	payload, err := json.Marshal(body)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRerank, err)
	}
	reply, err := h.post(ctx, payload)
	if err != nil {
		return nil, err
	}
	ranked, err := parseReply(h.opts.Protocol, reply)
	if err != nil {
		return nil, err
	}
	return apply(sources, ranked)
}

func (h *HTTP) post(ctx context.Context, payload []byte) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.opts.URL, bytes.NewReader(payload))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRerank, redact.Error(err, h.opts.APIKey))
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if h.opts.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+h.opts.APIKey)
	}
	resp, err := h.opts.Client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRerank, redact.Error(err, h.opts.APIKey))
	}
	defer resp.Body.Close()
	// A ranking of a hundred documents is a few kilobytes; more is not one.
	reply, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return nil, fmt.Errorf("%w: read reply: %w", ErrRerank, redact.Error(err, h.opts.APIKey))
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		msg := strings.TrimSpace(string(reply))
		if len(msg) > 300 {
			msg = msg[:300] + "…"
		}
		return nil, &StatusError{StatusCode: resp.StatusCode, Body: redact.String(msg, h.opts.APIKey)}
	}
	return reply, nil
}

type cohereRequest struct {
	Model     string   `json:"model,omitempty"`
	Query     string   `json:"query"`
	Documents []string `json:"documents"`
	TopN      int      `json:"top_n,omitempty"`
}

type teiRequest struct {
	Query    string   `json:"query"`
	Texts    []string `json:"texts"`
	Truncate bool     `json:"truncate"`
}

type wireResult struct {
	Index          *int     `json:"index"`
	RelevanceScore *float64 `json:"relevance_score"`
	Score          *float64 `json:"score"`
}

func parseReply(p Protocol, reply []byte) ([]scored, error) {
	var results []wireResult
	if p == ProtocolTEI {
		if err := json.Unmarshal(reply, &results); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrBadResponse, err)
		}
	} else {
		var r struct {
			Results []wireResult `json:"results"`
			Data    []wireResult `json:"data"`
		}
		if err := json.Unmarshal(reply, &r); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrBadResponse, err)
		}
		if results = r.Results; results == nil {
			results = r.Data
		}
		if results == nil {
			return nil, fmt.Errorf(`%w: no "results" list`, ErrBadResponse)
		}
	}
	out := make([]scored, 0, len(results))
	for i, r := range results {
		score := r.RelevanceScore
		if score == nil {
			score = r.Score
		}
		if r.Index == nil || score == nil {
			return nil, fmt.Errorf("%w: result %d lacks an index or a score", ErrBadResponse, i)
		}
		out = append(out, scored{index: *r.Index, score: *score})
	}
	byScore(out)
	return out, nil
}

// documentText is what a cross-encoder reads of a source: its title and
// heading path (often the words that name the topic) and its text, cut
// at maxChars on a rune boundary.
func documentText(s *retrieve.Source, maxChars int) string {
	var b strings.Builder
	if t := s.Chunk.Title; t != "" {
		b.WriteString(t)
		b.WriteByte('\n')
	}
	if h := s.Chunk.HeadingPath(); h != "" {
		b.WriteString(h)
		b.WriteByte('\n')
	}
	b.WriteString(s.Chunk.Text)
	return cutRunes(b.String(), maxChars)
}

func cutRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	count := 0
	for i := range s {
		if count == n {
			return s[:i]
		}
		count++
	}
	return s
}
