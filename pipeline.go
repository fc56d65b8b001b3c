package hybridrag

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
	"github.com/hybridrag/hybridrag/internal/chunker"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/hybridrag/hybridrag/validate"
)

// Pipeline indexes documents and answers questions from them. It is safe
// for concurrent use: any number of Ask and Retrieve calls may run alongside
// Index. Close releases the store if the Pipeline opened it.
type Pipeline struct {
	cfg       Config
	store     store.Store
	ownsStore bool
	embedder  retrieve.Embedder
	retriever retrieve.Retriever
	gate      gate.Gate
	builder   generate.ContextBuilder
	generator generate.Generator
	extractor cite.Extractor
	validator validate.Validator
	chunking  chunker.Options

	mu     sync.RWMutex // guards closed
	closed bool
}

// New builds a Pipeline from cfg, opening the embedded store in cfg.Dir
// when cfg.Store is nil.
func New(cfg Config) (*Pipeline, error) {
	p := &Pipeline{cfg: cfg, store: cfg.Store}
	if p.store == nil {
		if cfg.Dir == "" {
			return nil, ErrNoStore
		}
		st, err := embedded.Open(cfg.Dir, embedded.Options{Create: true})
		if err != nil {
			return nil, fmt.Errorf("hybridrag: open store: %w", err)
		}
		p.store, p.ownsStore = st, true
	}
	if err := p.wire(); err != nil {
		if p.ownsStore {
			_ = p.store.Close()
		}
		return nil, err
	}
	return p, nil
}

// wire fills every unset component with its default.
func (p *Pipeline) wire() error {
	cfg := &p.cfg
	emb := cfg.Embedder
	if emb == nil {
		emb = embed.NewHash(embed.HashOptions{Dim: DefaultEmbedDimension})
	}
	p.embedder = embed.Validate(emb, 0)
	p.chunking = chunker.Options{
		TargetTokens:  cfg.Chunking.TargetTokens,
		MaxTokens:     cfg.Chunking.MaxTokens,
		OverlapTokens: cfg.Chunking.OverlapTokens,
	}
	p.retriever = cfg.Retriever
	if p.retriever == nil {
		opts := retrieve.Options{Reranker: cfg.Reranker, Calibration: cfg.Retrieval.Calibration}
		switch cfg.Retrieval.Fusion {
		case "weighted":
			opts.Fusion = retrieve.FusionWeighted
		case "rrf":
		case "":
			if cfg.Embedder == nil {
				opts.Fusion = retrieve.FusionWeighted
			}
		default:
			return fmt.Errorf("hybridrag: unknown Retrieval.Fusion %q (rrf, weighted)", cfg.Retrieval.Fusion)
		}
		h, err := retrieve.NewHybrid(p.store, p.store, p.embedder, opts)
		if err != nil {
			return fmt.Errorf("hybridrag: %w", err)
		}
		p.retriever = h
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
		p.validator = validate.New(validate.Options{})
	}
	if cfg.Generation.Judge != nil {
		p.validator = validate.WithJudge(p.validator, cfg.Generation.Judge, validate.JudgeOptions{})
	}
	return nil
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

// Store returns the pipeline's store.
func (p *Pipeline) Store() store.Store { return p.store }

// Close releases the store if New opened it. It is safe to call twice.
func (p *Pipeline) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil
	}
	p.closed = true
	if p.ownsStore {
		return p.store.Close()
	}
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
	q, err := p.checkQuestion(req.Question)
	if err != nil {
		return nil, err
	}
	res, err = p.retriever.Retrieve(ctx, p.query(req, q))
	if err != nil {
		return nil, fmt.Errorf("hybridrag: retrieve: %w", err)
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
	return p.store.Delete(ctx, tenantID, projectID, documentIDs...)
}

var errNilResult = errors.New("hybridrag: retriever returned no result")
