package main

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/hybridrag/hybridrag/store"
)

// memStore is a brute-force in-memory store.Store: BM25 over lower-cased
// words and exact cosine search, both recomputed per query. A mutex makes
// it safe for concurrent use. It also counts its contents (store.Statter)
// and has a no-op Close.
type memStore struct {
	mu      sync.RWMutex
	docs    map[string][]row // by tenant/project/document id
	version int64
}

type row struct {
	chunk store.Chunk
	vec   []float32
	terms []string
}

func newMemStore() *memStore { return &memStore{docs: map[string][]row{}} }

func key(tenant, project, id string) string { return tenant + "\x00" + project + "\x00" + id }

func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

func (m *memStore) Put(ctx context.Context, entries ...store.Entry) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.version++
	for _, e := range entries {
		rows := make([]row, len(e.Chunks))
		for i, c := range e.Chunks {
			c.IndexVersion = m.version
			rows[i] = row{chunk: c, vec: slices.Clone(e.Vectors[i]), terms: words(c.Text)}
		}
		m.docs[key(e.Document.TenantID, e.Document.ProjectID, e.Document.ID)] = rows
	}
	return ctx.Err()
}

func (m *memStore) Delete(ctx context.Context, tenant, project string, ids ...string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, id := range ids {
		delete(m.docs, key(tenant, project, id))
	}
	return ctx.Err()
}

// each calls fn for every row passing f.
func (m *memStore) each(f store.Filter, fn func(r *row)) {
	for _, rows := range m.docs {
		for i := range rows {
			if f.Match(&rows[i].chunk) {
				fn(&rows[i])
			}
		}
	}
}

func (m *memStore) SearchKeyword(ctx context.Context, query string, k int, f store.Filter) ([]store.Hit, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	q := words(query)
	df := map[string]int{}
	n, total := 0, 0
	m.each(f, func(r *row) {
		n++
		total += len(r.terms)
		seen := map[string]bool{}
		for _, t := range r.terms {
			if !seen[t] {
				seen[t] = true
				df[t]++
			}
		}
	})
	var hits []store.Hit
	m.each(f, func(r *row) {
		score := 0.0
		for _, t := range q {
			tf := float64(strings.Count(" "+strings.Join(r.terms, " ")+" ", " "+t+" "))
			if tf == 0 {
				continue
			}
			idf := math.Log(1 + (float64(n)-float64(df[t])+0.5)/(float64(df[t])+0.5))
			norm := 1.2 * (0.25 + 0.75*float64(len(r.terms))*float64(n)/float64(total))
			score += idf * tf * 2.2 / (tf + norm)
		}
		if score > 0 {
			hits = append(hits, store.Hit{Chunk: r.chunk, Score: score, Vector: slices.Clone(r.vec)})
		}
	})
	return best(hits, k), ctx.Err()
}

func (m *memStore) SearchVector(ctx context.Context, vec []float32, k int, f store.Filter) ([]store.Hit, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	var hits []store.Hit
	m.each(f, func(r *row) {
		var dot, na, nb float64
		for i := range min(len(vec), len(r.vec)) {
			dot += float64(vec[i]) * float64(r.vec[i])
			na += float64(vec[i]) * float64(vec[i])
			nb += float64(r.vec[i]) * float64(r.vec[i])
		}
		if na > 0 && nb > 0 {
			hits = append(hits, store.Hit{Chunk: r.chunk, Score: dot / math.Sqrt(na*nb), Vector: slices.Clone(r.vec)})
		}
	})
	return best(hits, k), ctx.Err()
}

func best(hits []store.Hit, k int) []store.Hit {
	slices.SortFunc(hits, func(a, b store.Hit) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), cmp.Compare(a.Chunk.ID, b.Chunk.ID))
	})
	return hits[:min(k, len(hits))]
}

func (m *memStore) Stats(ctx context.Context, f store.Filter) (store.Stats, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	st := store.Stats{IndexVersion: m.version}
	docs := map[string]bool{}
	m.each(store.Filter{TenantID: f.TenantID, ProjectID: f.ProjectID}, func(r *row) {
		st.Chunks++
		st.Dimension = len(r.vec)
		docs[key(r.chunk.TenantID, r.chunk.ProjectID, r.chunk.DocumentID)] = true
	})
	st.Documents = len(docs)
	return st, ctx.Err()
}

func (m *memStore) Close() error { return nil }
