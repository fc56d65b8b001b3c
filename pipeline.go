package hybridrag

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
	"github.com/hybridrag/hybridrag/internal/chunker"
	"github.com/hybridrag/hybridrag/internal/errprefix"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/validate"
)

// Pipeline indexes documents and answers questions from them. It is safe
// for concurrent use: any number of Ask and Retrieve calls may run alongside
// Index, Delete and Reindex. The Pipeline serialises its own writes to the
// Store (one Put or Delete at a time), so a Store need only allow searches
// alongside one writer, as store.Store documents.
type Pipeline struct {
	cfg       Config
	store     store.Store // nil when only a Retriever is configured
	embedder  retrieve.Embedder
	retriever retrieve.Retriever
	gate      gate.Gate
	builder   generate.ContextBuilder
	generator generate.Generator
	extractor cite.Extractor
	validator validate.Validator
	chunking  chunker.Options

	writeMu sync.Mutex // serialises Put and Delete on store
	scopes  scopeCache // agents' tagged documents (agent_scope.go)

	embedderID store.EmbedderID // of cfg.Embedder, as stores record it
	embedderOK atomic.Bool      // the store's recorded embedder matched (see checkEmbedder)

	mu     sync.RWMutex // guards closed
	closed bool
}

// New builds a Pipeline from cfg. cfg.Store is required unless
// cfg.Retriever is set (a read-only pipeline: Index, Delete and Reindex
// then return ErrNoStore). The Pipeline does not own the Store: whoever
// opened it closes it, after Close.
func New(cfg Config) (*Pipeline, error) {
	if cfg.Store == nil && cfg.Retriever == nil {
		return nil, ErrNoStore
	}
	p := &Pipeline{cfg: cfg, store: cfg.Store}
	if err := p.wire(); err != nil {
		return nil, err
	}
	return p, nil
}

// wire fills every unset component with its default.
func (p *Pipeline) wire() error {
	cfg := &p.cfg
	p.embedder = resolveEmbedder(*cfg)
	p.embedderID = EmbedderID(cfg.Embedder)
	p.chunking = chunker.Options{
		TargetTokens:  cfg.Chunking.TargetTokens,
		MaxTokens:     cfg.Chunking.MaxTokens,
		OverlapTokens: cfg.Chunking.OverlapTokens,
	}
	p.retriever = cfg.Retriever
	if p.retriever == nil {
		r, err := newDefaultRetriever(*cfg, p.embedder)
		if err != nil {
			return err
		}
		p.retriever = r
	}
	p.gate = cfg.Gate
	if p.gate == nil {
		p.gate = gate.New(p.thresholds(Request{}))
	}
	p.builder = cfg.ContextBuilder
	if p.builder == nil {
		opts := generate.ContextOptions{MaxTokens: cfg.Generation.ContextTokens}
		if cfg.Generation.Template != "" {
			tmpl, err := generate.ParseTemplate(cfg.Generation.Template)
			if err != nil {
				return fmt.Errorf("hybridrag: %w", err)
			}
			opts.Template = tmpl
		}
		b, err := generate.NewContextBuilder(opts)
		if err != nil {
			return fmt.Errorf("hybridrag: %w", err)
		}
		p.builder = b
	}
	p.generator = cfg.Generator
	if p.generator == nil {
		p.generator = extractive.New(extractive.Options{})
	}
	p.extractor = cfg.Extractor
	if p.extractor == nil {
		p.extractor = cite.New(cite.Options{})
	}
	p.validator = cfg.Validator
	if p.validator == nil {
		// The validator reads citations with the configured extractor, so
		// that an answer cites the same sources for both.
		p.validator = validate.New(validate.Options{Extractor: p.extractor})
	}
	if cfg.Generation.Judge != nil {
		p.validator = validate.WithJudge(p.validator, cfg.Generation.Judge, validate.JudgeOptions{})
	}
	for _, s := range cfg.Artifacts {
		if err := s.Check(); err != nil {
			return err
		}
	}
	return p.checkAgents()
}

// thresholds merges per-request overrides into the configured gate thresholds.
func (p *Pipeline) thresholds(req Request) gate.Thresholds {
	r := p.cfg.Retrieval
	th := gate.Thresholds{Probe: r.Probe, MinScore: r.MinScore, MinChunks: r.MinChunks, SingleSource: r.SingleSource}
	if req.MinSources != 0 {
		// An explicit per-request minimum is a demand, not a default: no
		// single source stands in for it.
		th.MinChunks, th.SingleSource = req.MinSources, -1
	}
	if req.MinScore != 0 {
		th.MinScore = req.MinScore
	}
	return th
}

// Store returns the pipeline's store (nil for a Retriever-only pipeline).
func (p *Pipeline) Store() store.Store { return p.store }

// Close waits for running calls to end and makes every later call return
// ErrClosed. It does not close the Store: its opener does. It is safe to
// call twice.
func (p *Pipeline) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	return nil
}

// enter fails once the pipeline is closed; the returned func must be called
// when the operation ends so that Close waits for it.
func (p *Pipeline) enter() (func(), error) {
	p.mu.RLock()
	if p.closed {
		p.mu.RUnlock()
		return nil, ErrClosed
	}
	return p.mu.RUnlock, nil
}

// Retrieve runs retrieval only (no gate, no generation) and returns the
// evidence found for req.Question.
func (p *Pipeline) Retrieve(ctx context.Context, req Request) (res *retrieve.Result, err error) {
	done, err := p.enter()
	if err != nil {
		return nil, err
	}
	defer done()
	defer func(start time.Time) { p.logRetrieve(ctx, req, start, res, err) }(time.Now())
	if err := p.checkTenant(&req); err != nil {
		return nil, err
	}
	q, err := p.checkQuestion(req.Question)
	if err != nil {
		return nil, err
	}
	if err := p.checkQueryEmbedder(ctx); err != nil {
		return nil, err
	}
	// A registered agent's tags narrow retrieval here as they do in Ask.
	run := &askRun{req: req}
	p.applyAgent(run, p.agent(req.Agent), OutputAnswer)
	refusal, err := p.agentScope(ctx, run)
	if err != nil {
		return nil, err
	}
	if refusal != nil { // no document carries the agent's tags
		return &retrieve.Result{Query: q, Sources: []retrieve.Source{}}, nil
	}
	res, err = p.retriever.Retrieve(ctx, p.query(run.req, q))
	if err != nil {
		return nil, errprefix.Wrap("hybridrag: retrieve", err)
	}
	return res, nil
}

// Delete removes documents and their chunks.
func (p *Pipeline) Delete(ctx context.Context, tenantID, projectID string, documentIDs ...string) error {
	done, err := p.enter()
	if err != nil {
		return err
	}
	defer done()
	if p.store == nil {
		return ErrNoStore
	}
	p.writeMu.Lock()
	defer p.writeMu.Unlock()
	return p.store.Delete(ctx, tenantID, projectID, documentIDs...)
}

// put writes one batch; writes are serialised (see Pipeline).
func (p *Pipeline) put(ctx context.Context, entries []store.Entry) error {
	p.writeMu.Lock()
	defer p.writeMu.Unlock()
	return p.store.Put(ctx, entries...)
}

// collectionStats asks the store for the counts of f's tenant and project;
// ok is false when the store cannot tell (no store.Statter), and the
// collection check is then skipped.
func (p *Pipeline) collectionStats(ctx context.Context, f store.Filter) (st store.Stats, ok bool, err error) {
	s, ok := p.store.(store.Statter)
	if !ok {
		return store.Stats{}, false, nil
	}
	st, err = s.Stats(ctx, f)
	if err != nil {
		return st, true, fmt.Errorf("hybridrag: store stats: %w", err)
	}
	return st, true, nil
}

var errNilResult = errors.New("hybridrag: retriever returned no result")
