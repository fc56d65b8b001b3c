package embed

import (
	"context"
	"errors"
	"fmt"

	"github.com/hybridrag/hybridrag/internal/redact"
)

// DefaultBatchSize is the number of texts FromLangchain sends per call to
// the wrapped embedder: small enough for every provider's request limits
// (OpenAI accepts 2048 inputs, but large batches of 800-token chunks run
// into per-request token limits), large enough to amortise round trips.
const DefaultBatchSize = 64

// Options configures FromLangchain. The zero value means the defaults.
type Options struct {
	// BatchSize is the number of texts per EmbedDocuments call to the
	// wrapped embedder; 0 or less means DefaultBatchSize.
	BatchSize int
	// Dim is the expected vector dimension; 0 means the first vector
	// returned fixes it. Set it when the store already holds vectors of a
	// known dimension, so a misconfigured model fails on its first reply.
	Dim int
	// Name identifies the provider and model ("openai:text-embedding-3-small"),
	// as Name reports it and stores record it (hybridrag.EmbedderID): two
	// models' vectors must not share a store. Empty means "*embed.Langchain",
	// the name stores recorded before Options.Name existed, which cannot
	// tell models apart. The hybridrag CLI rebuilds "openai:MODEL" and
	// "ollama:MODEL" from a store's record.
	Name string
}

// unnamed is what hybridrag.EmbedderID recorded for every Langchain (its Go
// type) before Options.Name: kept as the default so those stores still match.
const unnamed = "*embed.Langchain"

// LangchainEmbedder is the method set of langchaingo's
// embeddings.Embedder, declared here so that this package (and so the
// root) does not import langchaingo: any langchaingo embedder satisfies it
// as it is. The interfaces are the same shape as retrieve.Embedder; what
// FromLangchain adds is batching and reply validation.
type LangchainEmbedder interface {
	EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error)
	EmbedQuery(ctx context.Context, text string) ([]float32, error)
}

// Langchain adapts a langchaingo embeddings.Embedder (OpenAI, Ollama,
// Hugging Face, Voyage, …, usually built with embeddings.NewEmbedder) to
// retrieve.Embedder. It sends documents in batches of Options.BatchSize,
// checks ctx between batches, and validates every reply as Validate does:
// vector count, a consistent dimension, no NaN or ±Inf, no all-zero vector.
// Errors carry the index of the text in the caller's input. When ctx is
// done, the error wraps ctx.Err() even if the provider client reported the
// cancellation as a plain message (langchaingo's OpenAI client does).
//
// The caller's texts slice is never modified: each batch is copied before
// the call, because langchaingo's EmbedderImpl rewrites newlines in place.
//
// Langchain is safe for concurrent use if the wrapped embedder is
// (langchaingo's EmbedderImpl is).
type Langchain struct {
	e     LangchainEmbedder
	name  string
	batch int
	check *validated
}

// FromLangchain returns a Langchain adapter for e. A nil e gives an adapter
// whose calls fail with ErrNilEmbedder.
func FromLangchain(e LangchainEmbedder, opts Options) *Langchain {
	batch := opts.BatchSize
	if batch <= 0 {
		batch = DefaultBatchSize
	}
	v := &validated{}
	if opts.Dim > 0 {
		v.dim.Store(int64(opts.Dim))
	}
	name := opts.Name
	if name == "" {
		name = unnamed
	}
	return &Langchain{e: e, name: name, batch: batch, check: v}
}

// Name returns Options.Name, or "*embed.Langchain" when it was empty.
func (l *Langchain) Name() string { return l.name }

// Dimension returns the vector dimension: Options.Dim, or the length of the
// first valid vector received, or 0 before any.
func (l *Langchain) Dimension() int { return l.check.Dimension() }

// EmbedDocuments embeds texts in batches and returns one vector per text.
func (l *Langchain) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	if l.e == nil {
		return nil, ErrNilEmbedder
	}
	out := make([][]float32, 0, len(texts))
	for start := 0; start < len(texts); start += l.batch {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		end := min(start+l.batch, len(texts))
		batch := append([]string(nil), texts[start:end]...)
		vecs, err := l.call(ctx, func() ([][]float32, error) { return l.e.EmbedDocuments(ctx, batch) })
		if err != nil {
			return nil, fmt.Errorf("embed: texts %d to %d: %w", start, end-1, err)
		}
		if err := l.check.check(vecs, len(batch), start); err != nil {
			return nil, err
		}
		out = append(out, vecs...)
	}
	return out, nil
}

// EmbedQuery embeds one question with the provider's query embedding.
func (l *Langchain) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	if l.e == nil {
		return nil, ErrNilEmbedder
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	vecs, err := l.call(ctx, func() ([][]float32, error) {
		vec, err := l.e.EmbedQuery(ctx, text)
		if err != nil {
			return nil, err
		}
		return [][]float32{vec}, nil
	})
	if err != nil {
		return nil, fmt.Errorf("embed: query: %w", err)
	}
	if err := l.check.check(vecs, 1, 0); err != nil {
		return nil, err
	}
	return vecs[0], nil
}

// call runs fn, turning a panic into ErrPanicked and making a cancellation
// visible to errors.Is even when the provider client hid it.
func (l *Langchain) call(ctx context.Context, fn func() ([][]float32, error)) (vecs [][]float32, err error) {
	defer func() {
		if r := recover(); r != nil {
			vecs, err = nil, fmt.Errorf("%w: %v", ErrPanicked, r)
		}
	}()
	vecs, err = fn()
	if err != nil {
		// Provider clients quote error bodies and request URLs; keep
		// key-shaped strings and URL passwords out of the message.
		err = redact.Error(err)
		if ctxErr := ctx.Err(); ctxErr != nil && !errors.Is(err, ctxErr) {
			return nil, fmt.Errorf("%w: %w", ctxErr, err)
		}
		return nil, err
	}
	return vecs, nil
}
