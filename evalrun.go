package hybridrag

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/internal/evaluate"
	"github.com/hybridrag/hybridrag/internal/parallel"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/validate"
)

// Defaults of EvalOptions.
const (
	// DefaultEvalK is the k of recall@k, hit@k and MRR@k.
	DefaultEvalK = 10
	// DefaultEvalConcurrency is one question at a time, so that per-stage
	// latencies are not inflated by questions competing for the CPU.
	DefaultEvalConcurrency = 1
)

// ErrInvalidEvalOptions means EvalOptions holds an out-of-range value.
var ErrInvalidEvalOptions = errors.New("hybridrag: invalid eval options")

// EvalOptions configures Evaluate. The zero value runs one question at a
// time with k = DefaultEvalK, the pipeline's own thresholds, the lexical
// validator as citation judge, and saves nothing. Evaluate reads the
// options and calls Progress, Judge and Store; the latter two must be safe
// for concurrent use when Concurrency > 1.
type EvalOptions struct {
	// Name labels the run (for example the commit or configuration tried).
	Name string
	// K is the depth of recall@k, hit@k and MRR@k; 0 means DefaultEvalK.
	// The retrieved list is at most the pipeline's MaxSources long, so a
	// K above it measures that list.
	K int
	// Concurrency is how many questions run at once; 0 means
	// DefaultEvalConcurrency.
	Concurrency int
	// Progress, if set, is called after each question with the number
	// done so far. Calls are serialised; it must return quickly.
	Progress func(done, total int)
	// Request is the template of every question's request: filter,
	// retrieval knobs and gate overrides. Its Question and Stream are
	// ignored; a question's Tenant and Project replace the filter's.
	Request Request
	// Judge checks whether cited sources support an answer sentence (the
	// ALCE citation metrics); nil means the lexical validator's support
	// check, reading citations with the Pipeline's Extractor.
	Judge validate.Validator
	// Store, if set, receives the finished run (see EvalRun.Record).
	Store EvalRunStore
}

// EvalRun is the record of one evaluation (pipeline-spec §9): every
// question's retrieval, answer and metrics, and their aggregate. It is a
// plain value: safe to read concurrently, not to modify concurrently.
type EvalRun struct {
	ID         string        `json:"id"`
	Name       string        `json:"name,omitempty"`
	Started    time.Time     `json:"started"`
	DurationMS float64       `json:"duration_ms"`
	Settings   EvalSettings  `json:"settings"`
	Questions  []EvalResult  `json:"questions"`
	Aggregate  EvalAggregate `json:"aggregate"`
}

// EvalSettings records the configuration a run measured (a plain value,
// like everything an EvalRun holds).
type EvalSettings struct {
	K           int    `json:"k"`
	Concurrency int    `json:"concurrency"`
	Generator   string `json:"generator"`
	Embedder    string `json:"embedder"`
	// Thresholds are the gate thresholds in force, resolved (zero fields
	// replaced by the defaults).
	Thresholds gate.Thresholds `json:"thresholds"`
}

// EvalResult is the outcome of one question; a plain value, safe for
// concurrent reads.
type EvalResult struct {
	EvalQuestion
	// Retrieved is what retrieval returned, best first: the sources the
	// gate judged.
	Retrieved []EvalSource `json:"retrieved"`
	// Answer is the answer text with [S#] markers, or the refusal message.
	Answer        string          `json:"answer"`
	RefusalReason gate.Reason     `json:"refusal_reason,omitempty"`
	Confidence    gate.Confidence `json:"confidence,omitempty"`
	// BestRelevance is the highest Relevance among Retrieved.
	BestRelevance float64 `json:"best_relevance"`
	// Cited are the sources the answer cites, with their text.
	Cited   []AnswerSource  `json:"cited"`
	Metrics QuestionMetrics `json:"metrics"`
	// LatencyMS holds per-stage durations in milliseconds: the answer's
	// stages (gate, retrieve, context, generate, validate, cite), "total"
	// (the whole Ask), and the breakdown of the retrieval-only run
	// ("retrieve.embed", "retrieve.keyword", "retrieve.vector",
	// "retrieve.fuse").
	LatencyMS map[string]float64 `json:"latency_ms"`
	// Error is set when the question failed (for example a *QueryError);
	// such a question counts in no metric but Errors.
	Error string `json:"error,omitempty"`
}

// Refused reports whether the question was refused.
func (r EvalResult) Refused() bool { return r.RefusalReason != "" }

// EvalSource is one retrieved chunk with its relevance labels; a plain
// value.
type EvalSource struct {
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

// Evaluate runs every question through Retrieve (for the ranking metrics
// and the relevances the gate sees) and Ask (for the answer, refusal and
// citations), and aggregates the metrics (see EvalAggregate). A question
// that fails is recorded with its Error and the run goes on; the run stops
// only when ctx ends or the pipeline is closed. When opts.Store is set the
// run is saved, and a failure to save is returned with the run.
//
// Evaluate is safe to call concurrently with other Pipeline methods; note
// that a pipeline with a query log logs every evaluated question.
func (p *Pipeline) Evaluate(ctx context.Context, qs []EvalQuestion, opts EvalOptions) (*EvalRun, error) {
	switch {
	case len(qs) == 0:
		return nil, ErrNoEvalQuestions
	case opts.K < 0:
		return nil, fmt.Errorf("%w: K %d is negative", ErrInvalidEvalOptions, opts.K)
	case opts.Concurrency < 0:
		return nil, fmt.Errorf("%w: Concurrency %d is negative", ErrInvalidEvalOptions, opts.Concurrency)
	}
	k := orInt(opts.K, DefaultEvalK)
	workers := min(orInt(opts.Concurrency, DefaultEvalConcurrency), len(qs))
	judge := opts.Judge
	if judge == nil {
		judge = validate.New(validate.Options{Extractor: p.extractor})
	}
	run := &EvalRun{
		ID:      newEvalRunID(),
		Name:    opts.Name,
		Started: time.Now(),
		Settings: EvalSettings{
			K: k, Concurrency: workers, Generator: p.generatorName(),
			Embedder: p.embedderName(), Thresholds: p.gateThresholds(opts.Request),
		},
		Questions: make([]EvalResult, len(qs)),
	}

	var progress func(int)
	if opts.Progress != nil {
		progress = func(done int) { opts.Progress(done, len(qs)) }
	}
	err := parallel.ForEach(ctx, len(qs), workers, func(ctx context.Context, i int) error {
		res, fatal := p.evalOne(ctx, qs[i], opts.Request, k, judge)
		if fatal != nil {
			return fatal
		}
		run.Questions[i] = res
		return nil
	}, progress)
	if err != nil {
		return nil, fmt.Errorf("hybridrag: evaluate: %w", err)
	}

	run.Aggregate = aggregate(run.Questions, k)
	run.DurationMS = ms(time.Since(run.Started))
	if opts.Store != nil {
		rec, err := run.Record()
		if err == nil {
			err = opts.Store.SaveEvalRun(ctx, rec)
		}
		if err != nil {
			return run, fmt.Errorf("hybridrag: save eval run: %w", err)
		}
	}
	return run, nil
}

// evalOne runs one question. A non-nil error is fatal to the whole run;
// any other failure is recorded in the result.
func (p *Pipeline) evalOne(ctx context.Context, q EvalQuestion, tmpl Request, k int, judge validate.Validator) (EvalResult, error) {
	r := EvalResult{EvalQuestion: q, LatencyMS: map[string]float64{}, Retrieved: []EvalSource{}, Cited: []AnswerSource{}}
	req := tmpl
	req.Question, req.Stream = q.Query, nil
	if q.Tenant != "" {
		req.Filter.TenantID = q.Tenant
	}
	if q.Project != "" {
		req.Filter.ProjectID = q.Project
	}
	fail := func(err error) (EvalResult, error) {
		if ctx.Err() != nil || errors.Is(err, ErrClosed) {
			return r, err
		}
		r.Error = err.Error()
		return r, nil
	}

	res, err := p.Retrieve(ctx, req)
	if err != nil {
		return fail(err)
	}
	r.LatencyMS["retrieve.embed"] = ms(res.Timings.Embed)
	r.LatencyMS["retrieve.keyword"] = ms(res.Timings.Keyword)
	r.LatencyMS["retrieve.vector"] = ms(res.Timings.Vector)
	r.LatencyMS["retrieve.fuse"] = ms(res.Timings.Fuse)
	ranked := r.labelRetrieved(res.Sources)

	ans, err := p.Ask(ctx, req)
	if err != nil {
		return fail(err)
	}
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
			s := evaluate.Documents(ranked, q.RelevantDocuments, k)
			r.Metrics.Documents = &DocumentMetrics{RecallAtK: s.Recall, HitAtK: s.Hit, MRR: s.MRR, NDCG10: s.NDCG}
		}
		if len(q.Evidence) > 0 {
			s := evaluate.Evidence(ranked, q.Evidence, k)
			r.Metrics.Evidence = &EvidenceMetrics{RecallAtK: s.Recall, HitAtK: s.Hit, MRR: s.MRR}
		}
	}
	if q.ExpectedAnswer != "" {
		v := 0.0
		if !ans.Refused() {
			v = termRecall(q.ExpectedAnswer, ans.Answer)
		}
		r.Metrics.ExpectedAnswerRecall = &v
	}
	if !ans.Refused() {
		retrieved := make(map[string]bool, len(res.Sources))
		for _, s := range res.Sources {
			retrieved[s.Chunk.ID] = true
		}
		cm, err := p.citationMetrics(ctx, ans, retrieved, judge)
		if err != nil {
			return fail(err)
		}
		r.Metrics.Citations = cm
	}
	return r, nil
}

// labelRetrieved records the retrieved sources with their labels and
// returns them in the form the ranking metrics take.
func (r *EvalResult) labelRetrieved(srcs []retrieve.Source) []evaluate.Retrieved {
	ranked := make([]evaluate.Retrieved, len(srcs))
	for i, s := range srcs {
		c := s.Chunk
		ranked[i] = evaluate.Retrieved{DocumentID: c.DocumentID, Source: c.Source, Text: c.Text}
		es := EvalSource{
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

// gateThresholds returns the thresholds the gate applies to req, resolved.
func (p *Pipeline) gateThresholds(req Request) gate.Thresholds {
	th := p.thresholds(req)
	if g, ok := p.gate.(*gate.Default); ok && g != nil {
		return g.Thresholds.Override(th).Resolve()
	}
	return th.Resolve()
}

func (p *Pipeline) embedderName() string {
	if p.cfg.Embedder == nil {
		return fmt.Sprintf("hash (offline, %d dimensions)", DefaultEmbedDimension)
	}
	if n, ok := p.cfg.Embedder.(generate.Namer); ok {
		return n.Name()
	}
	return fmt.Sprintf("%T", p.cfg.Embedder)
}

func newEvalRunID() string {
	var b [4]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return "eval-" + time.Now().UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(b[:])
}
