package retrieve

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/store"
)

// keywordFunc adapts a function to store.KeywordSearcher.
type keywordFunc func(ctx context.Context, q string, k int, f store.Filter) ([]store.Hit, error)

func (fn keywordFunc) SearchKeyword(ctx context.Context, q string, k int, f store.Filter) ([]store.Hit, error) {
	return fn(ctx, q, k, f)
}

// vectorFunc adapts a function to store.VectorSearcher.
type vectorFunc func(ctx context.Context, v []float32, k int, f store.Filter) ([]store.Hit, error)

func (fn vectorFunc) SearchVector(ctx context.Context, v []float32, k int, f store.Filter) ([]store.Hit, error) {
	return fn(ctx, v, k, f)
}

// wordEmbedder is a deterministic bag-of-stems embedder: each content term
// adds 1 to a hashed coordinate. Texts sharing terms have a high cosine.
type wordEmbedder struct{ dim int }

func (e wordEmbedder) embed(text string) []float32 {
	v := make([]float32, e.dim)
	for _, t := range textutil.ContentTerms(text) {
		h := fnv.New32a()
		h.Write([]byte(t))
		v[h.Sum32()%uint32(e.dim)]++
	}
	if allZero(v) {
		v[0] = 1
	}
	return v
}

func allZero(v []float32) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}

func (e wordEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = e.embed(t)
	}
	return out, ctx.Err()
}

func (e wordEmbedder) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	return e.embed(text), ctx.Err()
}

// newTestStore indexes texts as one-chunk documents "d0", "d1", ... with the
// wordEmbedder's vectors.
func newTestStore(texts ...string) (*memStore, wordEmbedder) {
	emb := wordEmbedder{dim: 64}
	chunks := make([]store.Chunk, len(texts))
	vecs := make([][]float32, len(texts))
	for i, t := range texts {
		id := fmt.Sprintf("d%d", i)
		chunks[i] = store.Chunk{ID: id, DocumentID: id, Text: t}
		vecs[i] = emb.embed(t)
	}
	return newMemStore(chunks, vecs), emb
}

// ids returns the chunk ids of sources in order.
func ids(sources []Source) []string {
	out := make([]string, len(sources))
	for i, s := range sources {
		out[i] = s.Chunk.ID
	}
	return out
}

// unit returns v scaled to length 1.
func unit(v ...float32) []float32 {
	var sq float64
	for _, x := range v {
		sq += float64(x) * float64(x)
	}
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = x / float32(math.Sqrt(sq))
	}
	return out
}
