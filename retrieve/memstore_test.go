package retrieve

import (
	"cmp"
	"context"
	"math"
	"slices"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/store"
)

// memStore is a brute-force in-test store: BM25 (k1 = 1.2, b = 0.75, real
// token lengths) over textutil.ContentTerms, exact cosine search, and
// TermStats. It is built once and then read-only, so it is safe for
// concurrent searches.
type memStore struct {
	chunks   []store.Chunk
	vectors  [][]float32
	postings map[string][]posting
	length   []int
	avgLen   float64
}

type posting struct {
	chunk int
	tf    int
}

// newMemStore indexes chunks; vectors[i] belongs to chunks[i] and may be nil.
func newMemStore(chunks []store.Chunk, vectors [][]float32) *memStore {
	m := &memStore{chunks: chunks, vectors: vectors, postings: map[string][]posting{}, length: make([]int, len(chunks))}
	total := 0
	for i, c := range chunks {
		terms := textutil.ContentTerms(c.Text)
		m.length[i] = len(terms)
		total += len(terms)
		tf := map[string]int{}
		for _, t := range terms {
			tf[t]++
		}
		for t, n := range tf {
			m.postings[t] = append(m.postings[t], posting{i, n})
		}
	}
	if len(chunks) > 0 {
		m.avgLen = float64(total) / float64(len(chunks))
	}
	return m
}

// hits returns the k best-scoring chunks as hits, best first (ties by
// chunk id), each with a copy of its vector.
func (m *memStore) hits(scores map[int]float64, k int) []store.Hit {
	idx := make([]int, 0, len(scores))
	for i := range scores {
		idx = append(idx, i)
	}
	slices.SortFunc(idx, func(a, b int) int {
		if c := cmp.Compare(scores[b], scores[a]); c != 0 {
			return c
		}
		return cmp.Compare(m.chunks[a].ID, m.chunks[b].ID)
	})
	out := make([]store.Hit, 0, min(k, len(idx)))
	for _, i := range idx[:min(k, len(idx))] {
		out = append(out, store.Hit{Chunk: m.chunks[i], Score: scores[i], Vector: slices.Clone(m.vectors[i])})
	}
	return out
}

// SearchKeyword implements store.KeywordSearcher.
func (m *memStore) SearchKeyword(ctx context.Context, query string, k int, f store.Filter) ([]store.Hit, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	scores := map[int]float64{}
	n := len(m.chunks)
	for _, t := range dedupe(textutil.ContentTerms(query)) {
		ps := m.postings[t]
		w := idf(len(ps), n)
		for _, p := range ps {
			if !f.Match(&m.chunks[p.chunk]) {
				continue
			}
			tf := float64(p.tf)
			norm := 1.2 * (1 - 0.75 + 0.75*float64(m.length[p.chunk])/m.avgLen)
			scores[p.chunk] += w * tf * 2.2 / (tf + norm)
		}
	}
	return m.hits(scores, k), nil
}

// SearchVector implements store.VectorSearcher.
func (m *memStore) SearchVector(ctx context.Context, vec []float32, k int, f store.Filter) ([]store.Hit, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	scores := map[int]float64{}
	for i := range m.chunks {
		if len(m.vectors[i]) != len(vec) || !f.Match(&m.chunks[i]) {
			continue
		}
		c := cosine(vec, m.vectors[i])
		if math.IsNaN(c) {
			continue
		}
		scores[i] = c
	}
	return m.hits(scores, k), nil
}

// TermStats implements store.TermStatter.
func (m *memStore) TermStats(ctx context.Context, query string) (store.TermStats, error) {
	if err := ctx.Err(); err != nil {
		return store.TermStats{}, err
	}
	ts := store.TermStats{Docs: len(m.chunks), Terms: dedupe(textutil.ContentTerms(query))}
	for _, t := range ts.Terms {
		ts.DocFreq = append(ts.DocFreq, len(m.postings[t]))
	}
	return ts, nil
}

// Analyze implements store.TermStatter.
func (m *memStore) Analyze(text string) []string { return textutil.ContentTerms(text) }
