package eval

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/internal/errprefix"
	"github.com/hybridrag/hybridrag/internal/evaluate"
	"github.com/hybridrag/hybridrag/internal/parallel"
	"github.com/hybridrag/hybridrag/internal/redact"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/validate"
)

// Defaults of Options.
const (
	// DefaultK is the k of recall@k, hit@k and MRR@k.
	DefaultK = 10
	// DefaultConcurrency is one question at a time, so that per-stage
	// latencies are not inflated by questions competing for the CPU.
	DefaultConcurrency = 1
)

// ErrInvalidOptions means Options holds an out-of-range value.
var ErrInvalidOptions = errors.New("eval: invalid options")

// Options configures Evaluate. The zero value runs one question at a time
// with k = DefaultK, the pipeline's own thresholds, the lexical validator
// as citation judge, and saves nothing. Evaluate reads the options and
// calls Progress, Judge and Store; the latter two must be safe for
// concurrent use when Concurrency > 1.
type Options struct {
	// Name labels the run (for example the commit or configuration tried).
	Name string
	// K is the depth of recall@k, hit@k and MRR@k; 0 means DefaultK.
	// The retrieved list is at most the pipeline's MaxSources long, so a
	// K above it measures that list.
	K int
	// Concurrency is how many questions run at once; 0 means
	// DefaultConcurrency.
	Concurrency int
	// Timeout, if positive, is one deadline for each question's whole Ask
	// (retrieval, every model call and retry, a judge): a question that
	// overruns is recorded with its Error and the run goes on.
	Timeout time.Duration
	// Progress, if set, is called after each question with the number
	// done so far. Calls are serialised; it must return quickly.
	Progress func(done, total int)
	// Request is the template of every question's request: filter,
	// retrieval knobs and gate overrides. Its Question and Stream are
	// ignored; a question's Tenant and Project replace the filter's.
	Request hybridrag.Request
	// Judge checks whether cited sources support an answer sentence (the
	// ALCE citation metrics); nil means the lexical validator's support
	// check, parsing citations with the pipeline's Extractor.
	Judge validate.Validator
	// Store, if set, receives the finished run (see Run.Record).
	Store RunStore
}

// Run is the record of one evaluation: every question's retrieval, answer
// and metrics, and their aggregate. It is a plain value: safe to read
// concurrently, not to modify concurrently.
type Run struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
	// Tenant is the tenant every question ran in, "" when they ran in
	// several or in none; a run store scopes reads by it (see RunTenant).
	Tenant     string    `json:"tenant,omitempty"`
	Started    time.Time `json:"started"`
	DurationMS float64   `json:"duration_ms"`
	Settings   Settings  `json:"settings"`
	Questions  []Result  `json:"questions"`
	Aggregate  Aggregate `json:"aggregate"`
}

// Settings records the configuration a run measured (a plain value, like
// everything a Run holds).
type Settings struct {
	K           int    `json:"k"`
	Concurrency int    `json:"concurrency"`
	Generator   string `json:"generator"`
	Embedder    string `json:"embedder"`
	// Thresholds are the gate thresholds in force, resolved (zero fields
	// replaced by the defaults).
	Thresholds gate.Thresholds `json:"thresholds"`
}

// Result is the outcome of one question; a plain value, safe for
// concurrent reads.
type Result struct {
	Question
	// Retrieved is what retrieval returned, best first: the sources the
	// gate judged.
	Retrieved []Source `json:"retrieved"`
	// Answer is the answer text with [S#] markers, or the refusal message.
	Answer        string          `json:"answer"`
	RefusalReason gate.Reason     `json:"refusal_reason,omitempty"`
	Confidence    gate.Confidence `json:"confidence,omitempty"`
	// BestRelevance is the highest Relevance among Retrieved.
	BestRelevance float64 `json:"best_relevance"`
	// Unknown are the names in the question that the collection never
	// contains (retrieve.QueryAnalysis.Unknown), which the default gate
	// refuses whatever its thresholds.
	Unknown []string `json:"unknown,omitempty"`
	// Incidental are the names and keyword phrases of the question that no
	// retrieved source speaks about (retrieve.QueryAnalysis.Incidental),
	// which the default gate also refuses whatever its thresholds.
	Incidental []string `json:"incidental,omitempty"`
	// Cited are the sources the answer cites, with their text.
	Cited   []hybridrag.AnswerSource `json:"cited"`
	Metrics QuestionMetrics          `json:"metrics"`
	// LatencyMS holds per-stage durations in milliseconds: the answer's
	// stages (gate, retrieve, context, generate, validate, cite), "total"
	// (the whole Ask), and the retriever's breakdown of its "retrieve"
	// stage ("retrieve.embed", "retrieve.keyword", "retrieve.vector",
	// "retrieve.fuse"; absent when the gate refused before retrieval).
	LatencyMS map[string]float64 `json:"latency_ms"`
	// Error is set when the question failed (for example a
	// *hybridrag.QueryError); such a question counts in no metric but
	// Errors.
	Error string `json:"error,omitempty"`
}

// Refused reports whether the question was refused.
func (r Result) Refused() bool { return r.RefusalReason != "" }

// Source is one retrieved chunk with its relevance labels; a plain value.
type Source struct {
	ChunkID    string  `json:"chunk_id"`
	DocumentID string  `json:"document_id"`
	Source     string  `json:"source"`
	Heading    string  `json:"heading,omitempty"`
	Relevance  float64 `json:"relevance"`
	// RelevantDocument is true when the chunk belongs to one of the
	// question's relevant documents.
	RelevantDocument bool `json:"relevant_document"`
	// Evidence lists the indices of the question's evidence strings the
	// chunk contains.
	Evidence []int `json:"evidence,omitempty"`
}

// Evaluate runs every question once through p.AskWithRetrieval, which
// gives both the ranking the gate judged (for the retrieval metrics) and
// the answer, refusal and citations, and aggregates the metrics (see
// Aggregate). A question that fails is recorded with its Error and the run
// goes on; the run stops only when ctx ends or the pipeline is closed.
// When opts.Store is set the run is saved, and a failure to save is
// returned with the run.
//
// Evaluate is safe to call concurrently with other Pipeline methods; note
// that a pipeline with a query log logs every evaluated question, once.
func Evaluate(ctx context.Context, p *hybridrag.Pipeline, qs []Question, opts Options) (*Run, error) {
	switch {
	case len(qs) == 0:
		return nil, ErrNoQuestions
	case opts.K < 0:
		return nil, fmt.Errorf("%w: K %d is negative", ErrInvalidOptions, opts.K)
	case opts.Concurrency < 0:
		return nil, fmt.Errorf("%w: Concurrency %d is negative", ErrInvalidOptions, opts.Concurrency)
	case opts.Timeout < 0:
		return nil, fmt.Errorf("%w: Timeout %s is negative", ErrInvalidOptions, opts.Timeout)
	}
	comps := p.Components()
	e := &evaluator{p: p, extractor: comps.Extractor, judge: opts.Judge, k: orInt(opts.K, DefaultK), timeout: opts.Timeout}
	if e.judge == nil {
		e.judge = validate.New(validate.Options{Extractor: comps.Extractor})
	}
	workers := min(orInt(opts.Concurrency, DefaultConcurrency), len(qs))
	run := &Run{
		ID:      newRunID(),
		Name:    opts.Name,
		Tenant:  RunTenant(qs, opts.Request),
		Started: time.Now(),
		Settings: Settings{
			K: e.k, Concurrency: workers, Generator: comps.GeneratorName,
			Embedder: comps.EmbedderName, Thresholds: p.Thresholds(opts.Request),
		},
		Questions: make([]Result, len(qs)),
	}

	var progress func(int)
	if opts.Progress != nil {
		progress = func(done int) { opts.Progress(done, len(qs)) }
	}
	err := parallel.ForEach(ctx, len(qs), workers, func(ctx context.Context, i int) error {
		res, fatal := e.one(ctx, qs[i], opts.Request)
		if fatal != nil {
			return fatal
		}
		run.Questions[i] = res
		return nil
	}, progress)
	if err != nil {
		return nil, errprefix.Wrap("eval: evaluate", err)
	}

	run.Aggregate = aggregate(run.Questions, e.k)
	run.DurationMS = ms(time.Since(run.Started))
	if opts.Store != nil {
		rec, err := run.Record()
		if err == nil {
			err = opts.Store.SaveEvalRun(ctx, rec)
		}
		if err != nil {
			return run, fmt.Errorf("eval: save run: %w", err)
		}
	}
	return run, nil
}

// RunTenant is the tenant every question of qs runs in under the request
// template tmpl (a question's Tenant replaces the template's), or "" when
// they run in several tenants or some in none: a run shows other tenants'
// answers only to a reader that may see every tenant.
func RunTenant(qs []Question, tmpl hybridrag.Request) string {
	tenant := ""
	for i, q := range qs {
		t := tmpl.Filter.TenantID
		if q.Tenant != "" {
			t = q.Tenant
		}
		if t == "" || (i > 0 && t != tenant) {
			return ""
		}
		tenant = t
	}
	return tenant
}

// evaluator holds what every question of a run shares; it is read-only
// once built, so the run's workers share it.
type evaluator struct {
	p         *hybridrag.Pipeline
	extractor cite.Extractor
	judge     validate.Validator
	k         int
	timeout   time.Duration
}

// one runs one question. A non-nil error is fatal to the whole run; any
// other failure is recorded in the result.
func (e *evaluator) one(ctx context.Context, q Question, tmpl hybridrag.Request) (Result, error) {
	r := Result{Question: q, LatencyMS: map[string]float64{}, Retrieved: []Source{}, Cited: []hybridrag.AnswerSource{}}
	req := tmpl
	req.Question, req.Stream = q.Query, nil
	if q.Tenant != "" {
		req.Filter.TenantID = q.Tenant
	}
	if q.Project != "" {
		req.Filter.ProjectID = q.Project
	}
	fail := func(err error) (Result, error) {
		if ctx.Err() != nil || errors.Is(err, hybridrag.ErrClosed) {
			return r, err
		}
		r.Error = redact.String(err.Error()) // reports are shared
		return r, nil
	}

	// One call: retrieval and the answer come from the same run, and the
	// query log gets one record per question.
	qctx := ctx
	if e.timeout > 0 {
		var cancel context.CancelFunc
		qctx, cancel = context.WithTimeout(ctx, e.timeout)
		defer cancel()
	}
	ans, res, err := e.p.AskWithRetrieval(qctx, req)
	if err != nil {
		return fail(err)
	}
	if res == nil { // refused before retrieval: nothing was retrieved
		res = &retrieve.Result{}
	} else {
		r.LatencyMS["retrieve.embed"] = ms(res.Timings.Embed)
		r.LatencyMS["retrieve.keyword"] = ms(res.Timings.Keyword)
		r.LatencyMS["retrieve.vector"] = ms(res.Timings.Vector)
		r.LatencyMS["retrieve.fuse"] = ms(res.Timings.Fuse)
	}
	ranked := r.labelRetrieved(res.Sources)
	r.Unknown = res.Analysis.Unknown
	r.Incidental = res.Analysis.Incidental
	r.Answer, r.Confidence = ans.Answer, ans.Confidence
	if ans.RefusalReason != nil {
		r.RefusalReason = *ans.RefusalReason
	}
	for _, s := range ans.Sources {
		if s.Cited {
			r.Cited = append(r.Cited, s)
		}
	}
	for name, v := range ans.Metadata.Stages {
		r.LatencyMS[name] = v
	}
	r.LatencyMS["total"] = ans.Metadata.TotalMS

	if !q.Unanswerable {
		if len(q.RelevantDocuments) > 0 {
			s := evaluate.Documents(ranked, q.RelevantDocuments, e.k)
			r.Metrics.Documents = &DocumentMetrics{RecallAtK: s.Recall, HitAtK: s.Hit, MRR: s.MRR, NDCG10: s.NDCG}
		}
		if len(q.Evidence) > 0 {
			s := evaluate.Evidence(ranked, q.Evidence, e.k)
			r.Metrics.Evidence = &EvidenceMetrics{RecallAtK: s.Recall, HitAtK: s.Hit, MRR: s.MRR,
				HitAt5: evaluate.Evidence(ranked, q.Evidence, EvidenceDepth).Hit}
		}
	}
	if q.ExpectedAnswer != "" {
		v := 0.0
		if !ans.Refused() {
			v = termRecall(q.ExpectedAnswer, ans.Answer)
		}
		r.Metrics.ExpectedAnswerRecall = &v
	}
	if len(q.ExpectedFacts) > 0 {
		v := 0.0
		if !ans.Refused() {
			srcs := answerSourcesBack(ans.Sources)
			v = factRecall(q.ExpectedFacts, cite.StripMarkers(ans.Answer, e.extractor.Extract(ctx, ans.Answer, srcs)))
		}
		r.Metrics.KeyFactRecall = &v
	}
	if !ans.Refused() {
		retrieved := make(map[string]bool, len(res.Sources))
		for _, s := range res.Sources {
			retrieved[s.Chunk.ID] = true
		}
		cm, err := e.citationMetrics(ctx, ans, retrieved)
		if err != nil {
			return fail(err)
		}
		r.Metrics.Citations = cm
	}
	return r, nil
}

// labelRetrieved records the retrieved sources with their labels and
// returns them in the form the ranking metrics take.
func (r *Result) labelRetrieved(srcs []retrieve.Source) []evaluate.Retrieved {
	ranked := make([]evaluate.Retrieved, len(srcs))
	for i, s := range srcs {
		c := s.Chunk
		ranked[i] = evaluate.Retrieved{DocumentID: c.DocumentID, Source: c.Source, Text: c.Text}
		es := Source{
			ChunkID: c.ID, DocumentID: c.DocumentID, Source: c.Source, Heading: c.HeadingPath(),
			Relevance: s.Relevance, Evidence: evaluate.EvidenceIn(c.Text, r.Evidence),
		}
		if !r.Unanswerable {
			es.RelevantDocument = evaluate.MatchDocument(ranked[i], r.RelevantDocuments) != ""
		}
		r.Retrieved = append(r.Retrieved, es)
		r.BestRelevance = max(r.BestRelevance, s.Relevance)
	}
	return ranked
}

func newRunID() string {
	var b [4]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return "eval-" + time.Now().UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(b[:])
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func orInt(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}
