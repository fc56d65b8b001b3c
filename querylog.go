package hybridrag

import (
	"context"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/internal/redact"
	"github.com/hybridrag/hybridrag/retrieve"
)

// QueryKind says which Pipeline method a QueryRecord comes from.
type QueryKind string

// Query kinds.
const (
	KindAsk      QueryKind = "ask"
	KindRetrieve QueryKind = "retrieve"
	// KindArtifact records one section of an artifact (Pipeline.Artifact).
	KindArtifact QueryKind = "artifact"
)

// QueryRecord is one Ask or Retrieve call as a QueryLog receives it
// (the audit trail: who asked what, what was retrieved and cited, which
// model answered, how long each part took, what went wrong).
type QueryRecord struct {
	Time    time.Time `json:"time"`
	Tenant  string    `json:"tenant,omitempty"`
	Project string    `json:"project,omitempty"`
	Agent   string    `json:"agent,omitempty"`
	// Profile is the model profile of the agent that answered ("" when
	// no registered agent or no profile was used).
	Profile string    `json:"profile,omitempty"`
	Kind    QueryKind `json:"kind"`
	// Question is the question as asked (trimmed; a rejected question is
	// cut to the configured maximum length and made valid UTF-8).
	Question string `json:"question"`
	// Retrieved are the sources retrieval selected, best first; empty when
	// the call ended before retrieval.
	Retrieved []RetrievedChunk `json:"retrieved"`
	// Cited are the chunk ids the answer cites.
	Cited []string `json:"cited"`
	// Answer is the validated answer text, or the refusal message.
	Answer        string          `json:"answer,omitempty"`
	RefusalReason gate.Reason     `json:"refusal_reason,omitempty"`
	Confidence    gate.Confidence `json:"confidence,omitempty"`
	// AttributionCoverage is the validator's coverage (0 when no generator ran).
	AttributionCoverage float64 `json:"attribution_coverage"`
	Generator           string  `json:"generator,omitempty"`
	Model               string  `json:"model,omitempty"`
	RetrievalMS         float64 `json:"retrieval_ms"`
	GenerationMS        float64 `json:"generation_ms"`
	TotalMS             float64 `json:"total_ms"`
	PromptTokens        int     `json:"prompt_tokens"`
	CompletionTokens    int     `json:"completion_tokens"`
	// Error is the error the caller received, empty on success (a refusal
	// is not an error).
	Error string `json:"error,omitempty"`
}

// RetrievedChunk is one retrieved source in a QueryRecord: its ids and
// every score it had.
type RetrievedChunk struct {
	ChunkID    string  `json:"chunk_id"`
	DocumentID string  `json:"document_id"`
	Relevance  float64 `json:"relevance"`
	BM25       float64 `json:"bm25"`
	Cosine     float64 `json:"cosine"`
	Fused      float64 `json:"fused"`
}

// Refused reports whether the record is a refusal.
func (r *QueryRecord) Refused() bool { return r.RefusalReason != "" }

// QueryLog stores a record of every Ask and Retrieve call (see
// Config.QueryLog). Record returns the id under which the record was
// stored, or 0 when it stored nothing (for example, because logging is
// switched off). Implementations must be safe for concurrent use; the
// Pipeline calls Record synchronously at the end of each call, so an
// implementation that must never slow requests down should buffer.
type QueryLog interface {
	Record(ctx context.Context, r QueryRecord) (id int64, err error)
}

// QueryLogFunc adapts a function to QueryLog; it is safe for concurrent
// use when the function is.
type QueryLogFunc func(ctx context.Context, r QueryRecord) (int64, error)

// Record calls f.
func (f QueryLogFunc) Record(ctx context.Context, r QueryRecord) (int64, error) { return f(ctx, r) }

// QueryLog returns the configured query log (nil when logging is off).
// The Pipeline never closes it: whoever opened it does.
func (p *Pipeline) QueryLog() QueryLog { return p.cfg.QueryLog }

// logAsk records a finished Ask and emits its "log" and "total" events.
// ans is nil when err is not. It sets ans.QueryID.
func (p *Pipeline) logAsk(ctx context.Context, run *askRun, ans *Answer, err error) {
	if p.cfg.QueryLog == nil && p.cfg.Observer == nil {
		return
	}
	total := time.Since(run.start)
	rec := p.baseRecord(run.kind, run.req, run.start, err)
	rec.Retrieved = retrievedChunks(run.res)
	rec.RetrievalMS = run.stages[StageRetrieve]
	rec.TotalMS = ms(total)
	rec.Generator = run.genName
	rec.Profile = run.profile
	if ans != nil {
		md := ans.Metadata
		rec.Answer = ans.Answer
		if ans.RefusalReason != nil {
			rec.RefusalReason = *ans.RefusalReason
		}
		rec.Confidence = ans.Confidence
		rec.AttributionCoverage = md.AttributionCoverage
		rec.Generator, rec.Model = md.Generator, md.Model
		rec.GenerationMS, rec.TotalMS = md.GenerationMS, md.TotalMS
		rec.PromptTokens, rec.CompletionTokens = md.PromptTokens, md.CompletionTokens
		for _, s := range ans.Sources {
			if s.Cited {
				rec.Cited = append(rec.Cited, s.ChunkID)
			}
		}
	}
	id, d := p.record(ctx, rec)
	if ans != nil {
		ans.QueryID = id
		if p.cfg.QueryLog != nil && ans.Metadata.Stages != nil {
			// Recorded after total_ms was fixed, because the record carries it.
			ans.Metadata.Stages[StageLog] = ms(d)
		}
	}
	var attrs []slog.Attr
	if ans != nil {
		attrs = []slog.Attr{slog.String("confidence", string(ans.Confidence))}
	}
	p.observe(ctx, Event{
		Op: run.kind, Stage: StageTotal, Duration: total, Query: rec.Question, Err: err,
		Refusal: rec.RefusalReason, QueryID: id, Attrs: attrs,
	})
}

// logRetrieve records a finished Retrieve and emits its events.
func (p *Pipeline) logRetrieve(ctx context.Context, req Request, start time.Time, res *retrieve.Result, err error) {
	if p.cfg.QueryLog == nil && p.cfg.Observer == nil {
		return
	}
	total := time.Since(start)
	rec := p.baseRecord(KindRetrieve, req, start, err)
	rec.Retrieved = retrievedChunks(res)
	rec.TotalMS = ms(total)
	if res != nil {
		rec.RetrievalMS = ms(res.Timings.Total)
		p.observe(ctx, Event{Op: KindRetrieve, Stage: StageRetrieve, Duration: res.Timings.Total, Query: rec.Question})
	}
	id, _ := p.record(ctx, rec)
	p.observe(ctx, Event{Op: KindRetrieve, Stage: StageTotal, Duration: total, Query: rec.Question, Err: err, QueryID: id})
}

// baseRecord fills what every record has.
func (p *Pipeline) baseRecord(kind QueryKind, req Request, start time.Time, err error) QueryRecord {
	rec := QueryRecord{
		Time:     start,
		Tenant:   req.Filter.TenantID,
		Project:  req.Filter.ProjectID,
		Agent:    req.Agent,
		Kind:     kind,
		Question: p.loggedQuestion(req.Question),
	}
	if err != nil {
		rec.Error = redact.String(err.Error()) // the log outlives the process: no keys in it
	}
	return rec
}

// loggedQuestion trims a question and bounds it, so that a rejected
// multi-megabyte or non-UTF-8 input cannot bloat or corrupt the log.
func (p *Pipeline) loggedQuestion(q string) string {
	q = strings.ToValidUTF8(strings.TrimSpace(q), "\uFFFD")
	limit := orInt(p.cfg.Query.MaxLength, DefaultMaxQueryLength)
	if utf8.RuneCountInString(q) <= limit {
		return q
	}
	return string([]rune(q)[:limit]) + "…"
}

// record hands rec to the query log. A failure never reaches the caller
// of Ask or Retrieve: it goes to the Observer as a "log" event with Err
// set, or, with no Observer configured, to slog.Default as a warning.
func (p *Pipeline) record(ctx context.Context, rec QueryRecord) (int64, time.Duration) {
	if p.cfg.QueryLog == nil {
		return 0, 0
	}
	t := time.Now()
	// The caller's cancellation must not lose the record of its own
	// (possibly cancelled) request.
	id, err := p.cfg.QueryLog.Record(context.WithoutCancel(ctx), rec)
	d := time.Since(t)
	ev := Event{Op: rec.Kind, Stage: StageLog, Duration: d, Query: rec.Question, Err: err, QueryID: id}
	if err != nil && p.cfg.Observer == nil {
		slog.Default().WarnContext(ctx, "hybridrag: query log failed", "op", string(rec.Kind), "err", err)
	}
	p.observe(ctx, ev)
	return id, d
}

func retrievedChunks(res *retrieve.Result) []RetrievedChunk {
	if res == nil {
		return nil
	}
	out := make([]RetrievedChunk, len(res.Sources))
	for i, s := range res.Sources {
		out[i] = RetrievedChunk{
			ChunkID: s.Chunk.ID, DocumentID: s.Chunk.DocumentID, Relevance: s.Relevance,
			BM25: s.Scores.BM25, Cosine: s.Scores.Cosine, Fused: s.Scores.Fused,
		}
	}
	return out
}
