package lcvector

import (
	"context"
	"sync"
	"unsafe"

	"github.com/hybridrag/hybridrag/retrieve"
)

// maxRecordedQueries bounds the query log: entries are consumed by the
// search that follows each embedding, so only abandoned ones accumulate.
const maxRecordedQueries = 1024

// QueryEmbedder wraps the pipeline's embedder so that the Searcher learns
// the text behind each query vector, for backends that embed the query
// text themselves instead of using the vector (see SearchVector). Use the
// returned embedder wherever the pipeline embeds queries, for example
// hybridrag.Config.Embedder or retrieve.NewHybrid's embedder; the backend's
// own embedder must then be the same model.
func (s *Searcher) QueryEmbedder(e retrieve.Embedder) retrieve.Embedder {
	return &recordingEmbedder{e: e, log: &s.queries}
}

type recordingEmbedder struct {
	e   retrieve.Embedder
	log *queryLog
}

func (r *recordingEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	return r.e.EmbedDocuments(ctx, texts)
}

func (r *recordingEmbedder) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	v, err := r.e.EmbedQuery(ctx, text)
	if err == nil && len(v) > 0 {
		r.log.record(v, text)
	}
	return v, err
}

// queryLog maps query vectors, by the address of their backing array, to
// the text they embed. The pipeline passes the embedder's slice itself to
// SearchVector, so the address identifies the query. Safe for concurrent
// use.
type queryLog struct {
	mu    sync.Mutex
	texts map[*float32]string
}

func (l *queryLog) record(v []float32, text string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.texts == nil || len(l.texts) >= maxRecordedQueries {
		l.texts = map[*float32]string{}
	}
	l.texts[unsafe.SliceData(v)] = text
}

// text returns and forgets the text recorded for v, or "".
func (l *queryLog) text(v []float32) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	p := unsafe.SliceData(v)
	t := l.texts[p]
	delete(l.texts, p)
	return t
}
