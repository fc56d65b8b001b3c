package embedded

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/hybridrag/hybridrag/internal/topk"
	"github.com/hybridrag/hybridrag/internal/vecscan"
	"github.com/hybridrag/hybridrag/store"
)

// SearchVector returns the k chunks most cosine-similar to vec that pass f,
// best first. vec need not be normalised. Scores are cosine similarities in
// [-1, 1]; each hit carries a copy of the chunk's stored (normalised)
// vector. The filter is applied to every row during the scan.
func (s *Store) SearchVector(ctx context.Context, vec []float32, k int, f store.Filter) ([]store.Hit, error) {
	if k < 1 {
		return nil, ErrInvalidK
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(vec) == 0 {
		return nil, fmt.Errorf("%w: empty query vector", store.ErrDimensionMismatch)
	}
	if err := store.CheckVector(vec); err != nil {
		return nil, fmt.Errorf("query vector: %w", err)
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return nil, store.ErrClosed
	}
	st := s.st
	if len(st.rows) == 0 {
		return nil, nil
	}
	if len(vec) != st.dim {
		return nil, fmt.Errorf("%w: query has %d dimensions, store has %d", store.ErrDimensionMismatch, len(vec), st.dim)
	}
	rf := st.compileFilter(&f)
	if rf.none {
		return nil, nil
	}
	sc := vecPool.Get().(*vecScratch)
	defer vecPool.Put(sc)
	q := sc.query(st.dim)
	normalizeInto(q, vec)
	sc.top.Reset(min(k, len(st.rows)))
	var err error
	switch {
	case st.quantReady():
		err = searchQuant(ctx, st, q, &rf, k, &sc.top)
	case rf.active:
		err = scanFiltered(ctx, st, q, &rf, &sc.top)
	default:
		// Block MatMul beats a Dot call per row (BenchmarkVectorTopK:
		// 1.12× vs 1.31× the memory floor over 100k×384).
		err = vecscan.MatMul(ctx, st.slab, st.dim, q, &sc.top, &sc.scores)
	}
	if err != nil {
		return nil, err
	}
	return s.hits(sc.top.Sorted())
}

var topPool = sync.Pool{New: func() any { return new(topk.Heap) }}

// SearchKeyword returns the k chunks that best match query by BM25 among
// those passing f, best first. Scores are BM25 (k1 = 1.2, b = 0.75) with
// the collection statistics (chunk count, average length, document
// frequencies) of f's tenant and project, "" meaning any: another tenant's
// or project's chunks never change a score. The other filter fields select
// chunks without changing scores. (With ScoringBleve, a comparison mode,
// document frequencies are bleve's, over the whole store.) A query with no
// searchable terms (empty, or only stop words) returns no hits. Equal
// scores come in the order the chunks were written (see bestBySerial).
func (s *Store) SearchKeyword(ctx context.Context, query string, k int, f store.Filter) ([]store.Hit, error) {
	if k < 1 {
		return nil, ErrInvalidK
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	terms := s.kw.analyzeQuery(query)
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return nil, store.ErrClosed
	}
	st := s.st
	if len(terms) == 0 || len(st.rows) == 0 {
		return nil, nil
	}
	if rf := st.compileFilter(&f); rf.none {
		return nil, nil
	}
	p := st.bm25Params(&f)
	if p.docs == 0 {
		return nil, nil
	}
	var scored []scoredSerial
	if s.opts.Scoring == ScoringBleve {
		var err error
		whole := bm25Params{docs: len(st.rows), totalTokens: st.totalTokens}
		if scored, err = s.kw.searchBleve(ctx, query, k, whole, keywordFilter(&f)); err != nil {
			return nil, err
		}
	} else {
		r, err := s.kw.reader()
		if err != nil {
			return nil, err
		}
		defer r.Close()
		top := topPool.Get().(*topk.Heap)
		defer topPool.Put(top)
		size := min(k, len(st.rows))
		if err := s.kw.topBM25(ctx, r, terms, p, &f, size, top); err != nil {
			return nil, err
		}
		ties := top.Ties()
		if len(ties) > maxTieSerials {
			ties = nil
		}
		if scored, err = serialsOf(r, slices.Concat(top.Sorted(), ties)); err != nil {
			return nil, err
		}
		scored = bestBySerial(scored, size)
	}
	rows := make([]topk.Candidate, len(scored))
	for i, h := range scored {
		row, ok := st.row(h.serial)
		if !ok {
			return nil, fmt.Errorf("embedded: keyword index returned chunk serial %d that the record log does not hold; reopen the store: %w", h.serial, store.ErrCorrupt)
		}
		rows[i] = topk.Candidate{Score: h.score, ID: uint64(row)}
	}
	return s.hits(rows)
}

// maxTieSerials bounds the chunks tied with the k-th best whose serials
// SearchKeyword looks up (about 2 µs each) to decide which are kept: a
// paragraph repeated in a few files is covered, while boilerplate held by
// thousands of chunks would cost milliseconds (5,000 ties: 2.5 → 13 ms);
// past the bound the kept ones are the index's choice, still listed by
// serial.
const maxTieSerials = 64

// bestBySerial orders hits by score, best first, equal scores by serial
// (the order chunks were written in), and keeps k. The keyword index
// breaks ties by its document numbers, which depend on its segment layout:
// the order bleve's batch analysis happened to finish in, and background
// merges, which move merged documents behind the others. So the same
// question on the same store could list tied chunks in another order, or
// keep another one at the k-th place, after a merge or a rebuild.
func bestBySerial(hits []scoredSerial, k int) []scoredSerial {
	slices.SortFunc(hits, func(a, b scoredSerial) int {
		return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.serial, b.serial))
	})
	return hits[:min(len(hits), k)]
}

// TermStats analyses query as SearchKeyword does and reports, for each
// distinct term, how many chunks of f's tenant and project contain it
// (SearchKeyword's statistics).
func (s *Store) TermStats(ctx context.Context, query string, f store.Filter) (store.TermStats, error) {
	if err := ctx.Err(); err != nil {
		return store.TermStats{}, err
	}
	terms := s.kw.analyzeQuery(query)
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return store.TermStats{}, store.ErrClosed
	}
	p := s.st.bm25Params(&f)
	ts := store.TermStats{Docs: p.docs, Terms: make([]string, len(terms))}
	for i, t := range terms {
		ts.Terms[i] = string(t)
	}
	df, err := s.kw.docFreqs(ctx, terms, p.scope)
	if err != nil {
		return store.TermStats{}, err
	}
	ts.DocFreq = df
	return ts, nil
}

// Analyze returns the terms the keyword index produces for text (bleve's
// "en" analysis: lower-cased, possessives and stop words removed,
// Porter-stemmed; plus code tokens such as "max_connections", "arc<t>" and
// "@", whole and split, see codetokens.go; stop words used as keywords,
// "HAVING" or the while of "the while statement", are kept unstemmed), in
// order, with repeats.
func (s *Store) Analyze(text string) []string {
	tokens := s.kw.analyzer.Analyze([]byte(text))
	out := make([]string, len(tokens))
	for i, t := range tokens {
		out[i] = string(t.Term)
	}
	return out
}

// bm25Params returns the statistics a query filtered by f scores with:
// those of its tenant and project. A scope that holds every chunk is the
// whole store, whose document frequencies bleve counts for free.
func (st *state) bm25Params(f *store.Filter) bm25Params {
	c := st.countsFor(f.TenantID, f.ProjectID)
	p := bm25Params{docs: c.chunks, totalTokens: c.tokens}
	if c.chunks < len(st.rows) {
		p.scope = scopeOf(f)
	}
	return p
}
