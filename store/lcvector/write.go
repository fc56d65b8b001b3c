package lcvector

import (
	"context"
	"fmt"
	"slices"

	"github.com/tmc/langchaingo/embeddings"
	"github.com/tmc/langchaingo/schema"
	"github.com/tmc/langchaingo/vectorstores"

	"github.com/hybridrag/hybridrag/store"
)

// AddEntries writes the chunks of entries through AddDocuments, with the
// entries' own vectors handed to the backend through WithEmbedder
// (backends that ignore it embed the chunk text with their own embedder).
// Entries are validated with store.ValidateEntries first. The
// VectorStore interface has no delete: re-adding a document adds its
// chunks again rather than replacing them, so keep the source of truth in
// a store.Store (PostgreSQL) and rebuild the backend from it, or delete
// through the backend's own client. It returns the backend's ids.
func (s *Searcher) AddEntries(ctx context.Context, entries ...store.Entry) ([]string, error) {
	if _, err := store.ValidateEntries(entries, 0); err != nil {
		return nil, err
	}
	var docs []schema.Document
	var vecs [][]float32
	for _, e := range entries {
		for i, c := range e.Chunks {
			d, err := Document(c)
			if err != nil {
				return nil, err
			}
			docs = append(docs, d)
			vecs = append(vecs, e.Vectors[i])
		}
	}
	opts := []vectorstores.Option{vectorstores.WithEmbedder(documentVectors(vecs))}
	if s.opts.NameSpace != "" {
		opts = append(opts, vectorstores.WithNameSpace(s.opts.NameSpace))
	}
	ids, err := s.vs.AddDocuments(ctx, docs, opts...)
	if err != nil {
		return nil, fmt.Errorf("lcvector: add documents: %w", err)
	}
	return ids, nil
}

// documentVectors is the embedder AddEntries hands to the backend: it
// returns the precomputed vectors, which must be asked for all at once and
// in order, as langchaingo's backends do.
type documentVectors [][]float32

var _ embeddings.Embedder = documentVectors(nil)

func (d documentVectors) EmbedDocuments(_ context.Context, texts []string) ([][]float32, error) {
	if len(texts) != len(d) {
		return nil, fmt.Errorf("%w: %d document vectors asked for, the batch has %d", ErrMisusedEmbedder, len(texts), len(d))
	}
	out := make([][]float32, len(d))
	for i, v := range d {
		out[i] = slices.Clone(v)
	}
	return out, nil
}

func (d documentVectors) EmbedQuery(context.Context, string) ([]float32, error) {
	return nil, fmt.Errorf("%w: a query asked for at write time", ErrMisusedEmbedder)
}
