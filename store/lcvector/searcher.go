package lcvector

import (
	"context"
	"fmt"
	"slices"

	"github.com/tmc/langchaingo/embeddings"
	"github.com/tmc/langchaingo/vectorstores"

	"github.com/hybridrag/hybridrag/store"
)

// Searcher is a store.VectorSearcher over a langchaingo VectorStore. It is
// safe for concurrent use if the VectorStore is.
type Searcher struct {
	vs      vectorstores.VectorStore
	opts    Options
	queries queryLog
}

var _ store.VectorSearcher = (*Searcher)(nil)

// New returns a Searcher over vs.
func New(vs vectorstores.VectorStore, opts Options) (*Searcher, error) {
	if vs == nil {
		return nil, ErrNoVectorStore
	}
	o, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	return &Searcher{vs: vs, opts: o}, nil
}

// SearchVector returns the k chunks the backend finds most similar to vec
// among those passing f, best first, with Score the cosine similarity (see
// ScoreConvention) and no Vector (the interface does not return them).
//
// The vector reaches the backend through vectorstores.WithEmbedder; the
// query text passed alongside is the one QueryEmbedder recorded for vec,
// for backends that ignore WithEmbedder and embed the text themselves
// (langchaingo v0.1.14's Qdrant, Pinecone, Milvus, OpenSearch), or empty.
// f goes to the backend as Options.Filter builds it; every hit is checked
// against f again, and when the backend filter is not exact the backend is
// asked for Overfetch·k results, so that results are the best passing ones
// the backend returned: fewer than k only when the backend holds fewer, or
// when more than Overfetch·k better chunks fail the filter.
func (s *Searcher) SearchVector(ctx context.Context, vec []float32, k int, f store.Filter) ([]store.Hit, error) {
	if k < 1 {
		return nil, ErrInvalidK
	}
	if len(vec) == 0 {
		return nil, fmt.Errorf("%w: empty query vector", store.ErrDimensionMismatch)
	}
	if err := store.CheckVector(vec); err != nil {
		return nil, fmt.Errorf("query vector: %w", err)
	}
	filter, exact := s.opts.Filter(f)
	n := k
	if !exact {
		n = k * s.opts.Overfetch
	}
	opts := []vectorstores.Option{vectorstores.WithEmbedder(queryVector(vec))}
	if filter != nil {
		opts = append(opts, vectorstores.WithFilters(filter))
	}
	if s.opts.NameSpace != "" {
		opts = append(opts, vectorstores.WithNameSpace(s.opts.NameSpace))
	}
	docs, err := s.vs.SimilaritySearch(ctx, s.queries.text(vec), n, opts...)
	if err != nil {
		return nil, fmt.Errorf("lcvector: similarity search: %w", err)
	}
	hits := make([]store.Hit, 0, min(k, len(docs)))
	for _, d := range docs {
		c, err := Chunk(d)
		if err != nil {
			return nil, err
		}
		if !f.Match(&c) {
			continue
		}
		hits = append(hits, store.Hit{Chunk: c, Score: s.opts.Scores.toCosine(d.Score)})
	}
	slices.SortStableFunc(hits, func(a, b store.Hit) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return 0
	})
	return hits[:min(k, len(hits))], nil
}

// queryVector is the embedder handed to the backend with WithEmbedder: it
// returns the query vector for the query, whatever its text.
type queryVector []float32

var _ embeddings.Embedder = queryVector(nil)

func (q queryVector) EmbedQuery(context.Context, string) ([]float32, error) {
	return slices.Clone(q), nil
}

func (q queryVector) EmbedDocuments(context.Context, []string) ([][]float32, error) {
	return nil, fmt.Errorf("%w: documents asked for at search time", ErrMisusedEmbedder)
}
