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
// token lengths, statistics of the filter's tenant and project) over
// textutil.ContentTerms, exact cosine search, and TermStats. It is built once and then read-only, so it is safe for
// concurrent searches.
type memStore struct {
	chunks   []store.Chunk
	vectors  [][]float32
	postings map[string][]posting
	length   []int
}

type posting struct {
	chunk int
	tf    int
}

// newMemStore indexes chunks; vectors[i] belongs to chunks[i] and may be nil.
func newMemStore(chunks []store.Chunk, vectors [][]float32) *memStore {
	m := &memStore{chunks: chunks, vectors: vectors, postings: map[string][]posting{}, length: make([]int, len(chunks))}
	for i, c := range chunks {
		terms := textutil.ContentTerms(c.Text)
		m.length[i] = len(terms)
		tf := map[string]int{}
		for _, t := range terms {
			tf[t]++
		}
		for t, n := range tf {
			m.postings[t] = append(m.postings[t], posting{i, n})
		}
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
	n, avgLen := m.scope(f)
	for _, t := range dedupe(textutil.ContentTerms(query)) {
		ps := m.postings[t]
		w := idf(m.docFreq(t, f), n)
		for _, p := range ps {
			if !f.Match(&m.chunks[p.chunk]) {
				continue
			}
			tf := float64(p.tf)
			norm := 1.2 * (1 - 0.75 + 0.75*float64(m.length[p.chunk])/avgLen)
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
func (m *memStore) TermStats(ctx context.Context, query string, f store.Filter) (store.TermStats, error) {
	if err := ctx.Err(); err != nil {
		return store.TermStats{}, err
	}
	n, _ := m.scope(f)
	ts := store.TermStats{Docs: n, Terms: dedupe(textutil.ContentTerms(query))}
	for _, t := range ts.Terms {
		ts.DocFreq = append(ts.DocFreq, m.docFreq(t, f))
	}
	return ts, nil
}

// inScope reports whether chunk i is in f's tenant and project.
func (m *memStore) inScope(i int, f store.Filter) bool {
	scope := store.Filter{TenantID: f.TenantID, ProjectID: f.ProjectID}
	return scope.Match(&m.chunks[i])
}

// scope returns the chunk count and average length of f's tenant and
// project.
func (m *memStore) scope(f store.Filter) (n int, avgLen float64) {
	total := 0
	for i := range m.chunks {
		if m.inScope(i, f) {
			n++
			total += m.length[i]
		}
	}
	if n > 0 {
		avgLen = float64(total) / float64(n)
	}
	return n, avgLen
}

// docFreq counts the chunks of f's tenant and project containing t.
func (m *memStore) docFreq(t string, f store.Filter) int {
	df := 0
	for _, p := range m.postings[t] {
		if m.inScope(p.chunk, f) {
			df++
		}
	}
	return df
}

// Analyze implements store.TermStatter.
func (m *memStore) Analyze(text string) []string { return textutil.ContentTerms(text) }
