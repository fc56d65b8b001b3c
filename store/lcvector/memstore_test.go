package lcvector_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"sync"

	"github.com/tmc/langchaingo/embeddings"
	"github.com/tmc/langchaingo/schema"
	"github.com/tmc/langchaingo/vectorstores"
)

// memStore is an in-test vectorstores.VectorStore with switchable
// behaviours of real backends: honouring WithEmbedder or embedding with its
// own embedder, applying map filters (metadata equality) or ignoring them,
// and reporting cosine or Weaviate-style certainty scores.
type memStore struct {
	own           embeddings.Embedder // the backend's own embedder
	ignoreOptsEmb bool                // embed queries with own, as Qdrant does
	ignoreFilters bool
	certainty     bool

	mu      sync.Mutex
	docs    []schema.Document
	vecs    [][]float32
	queries []string // query texts received
	filters []any    // filters received
}

var _ vectorstores.VectorStore = (*memStore)(nil)

var errNoEmbedder = errors.New("memstore: no embedder")

func (m *memStore) AddDocuments(ctx context.Context, docs []schema.Document, options ...vectorstores.Option) ([]string, error) {
	o := vectorstores.Options{}
	for _, opt := range options {
		opt(&o)
	}
	emb := m.own
	if o.Embedder != nil {
		emb = o.Embedder
	}
	if emb == nil {
		return nil, errNoEmbedder
	}
	texts := make([]string, len(docs))
	for i, d := range docs {
		texts[i] = d.PageContent
	}
	vecs, err := emb.EmbedDocuments(ctx, texts)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	var ids []string
	for i, d := range docs {
		m.docs = append(m.docs, d)
		m.vecs = append(m.vecs, vecs[i])
		ids = append(ids, string(rune('a'+len(m.docs))))
	}
	return ids, nil
}

func (m *memStore) SimilaritySearch(ctx context.Context, query string, n int, options ...vectorstores.Option) ([]schema.Document, error) {
	o := vectorstores.Options{}
	for _, opt := range options {
		opt(&o)
	}
	emb := m.own
	if o.Embedder != nil && !m.ignoreOptsEmb {
		emb = o.Embedder
	}
	if emb == nil {
		return nil, errNoEmbedder
	}
	q, err := emb.EmbedQuery(ctx, query)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.queries = append(m.queries, query)
	m.filters = append(m.filters, o.Filters)
	var out []schema.Document
	for i, d := range m.docs {
		if f, ok := o.Filters.(map[string]any); ok && !m.ignoreFilters {
			pass := true
			for k, v := range f {
				if d.Metadata[k] != v {
					pass = false
				}
			}
			if !pass {
				continue
			}
		}
		score := cosine(q, m.vecs[i])
		if m.certainty {
			score = (1 + score) / 2
		}
		d.Score = float32(score)
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b schema.Document) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return 0
	})
	return out[:min(n, len(out))], nil
}

func cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	return dot / math.Sqrt(na*nb)
}

func schemaDoc(text string, meta map[string]any) schema.Document {
	return schema.Document{PageContent: text, Metadata: meta}
}
