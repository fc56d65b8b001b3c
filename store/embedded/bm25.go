package embedded

import (
	"context"
	"fmt"
	"math"

	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/hybridrag/hybridrag/internal/topk"
	"github.com/hybridrag/hybridrag/store"
)

// Why the store scores BM25 itself: bleve's BM25 mode takes the average
// document length as ceil(distinct terms / docs) instead of tokens / docs,
// uses sqrt(tf), multiplies each term by its idf a second time (query
// weight) and by a coordination factor. Correcting the length statistic
// through search.BM25StatsKey fixes only the first. On BEIR SciFact
// (nDCG@10, see scifact_test.go) bleve tf-idf gives 0.679, bleve BM25 0.675,
// bleve BM25 with token statistics 0.676, and the exact BM25 below 0.688.
// So the store walks bleve's postings (term frequency and norm per
// document) and computes Okapi BM25 directly:
//
//	score(d) = Σ_t idf(t) · tf·(k1+1) / (tf + k1·(1 − b + b·|d|/avgdl))
//	idf(t)   = ln(1 + (N − df + 0.5) / (df + 0.5))
//
// over the distinct analysed query terms t. |d| is the analysed token count
// of the document's text field: zapx stores norm = float32(1/sqrt(|d|)), so
// |d| = round(1/norm²); avgdl is the store's running total of the same
// counts over N live chunks. Filters restrict which documents are scored
// (a filter searcher advanced in step with the postings) and never change
// a score, except for tenant and project: N, avgdl and df are those of the
// query's tenant and project (its scope), so that one tenant's documents
// never move another tenant's scores. N and the token total are kept per
// scope as the store changes; df within a scope is counted at query time,
// only when the scope is not the whole store, as the AND-cardinality of
// the term's and the scope's postings bitmaps per segment
// (scopedDocFreqs), or, for a reader without segment bitmaps, by
// intersecting postings (docFreq). Contributions are summed in query-term
// order so that a score does not depend on how bleve happens to order
// postings.
//
// searchBM25 below is the exhaustive scorer: the reference the pruned
// search (keyword_prune.go, what SearchKeyword runs) is tested against,
// and its fallback.

// analyzeQuery returns the distinct analysed terms of text, in query order.
func (k *keywordIndex) analyzeQuery(text string) [][]byte {
	tokens := k.query.Analyze([]byte(text))
	terms := make([][]byte, 0, len(tokens))
	seen := make(map[string]struct{}, len(tokens))
	for _, t := range tokens {
		if _, dup := seen[string(t.Term)]; dup {
			continue
		}
		seen[string(t.Term)] = struct{}{}
		terms = append(terms, t.Term)
	}
	return terms
}

// termCursor walks one term's postings in document-number order.
type termCursor struct {
	tfr index.TermFieldReader
	tfd index.TermFieldDoc
	doc uint64
	idf float64
	ti  int // index of the term in the query
}

func (c *termCursor) next() (bool, error) {
	d, err := c.tfr.Next(&c.tfd)
	if err != nil || d == nil {
		return false, err
	}
	c.doc = d.ID.Value()
	return true, nil
}

func (c *termCursor) advance(to uint64, buf index.IndexInternalID) (bool, error) {
	d, err := c.tfr.Advance(index.NewIndexInternalID(buf, to), &c.tfd)
	if err != nil || d == nil {
		return false, err
	}
	c.doc = d.ID.Value()
	return true, nil
}

func (c *termCursor) score(avgdl float64) float64 {
	return bm25Part(c.idf, c.tfd.Freq, c.tfd.Norm, avgdl)
}

// cursorHeap is a min-heap of cursors by current document number.
type cursorHeap []*termCursor

func (h cursorHeap) down(i int) {
	n := len(h)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		m := l
		if r := l + 1; r < n && h[r].doc < h[l].doc {
			m = r
		}
		if h[m].doc >= h[i].doc {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

func (h *cursorHeap) init() {
	for i := len(*h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

// popFront removes the root.
func (h *cursorHeap) popFront() {
	old := *h
	n := len(old) - 1
	old[0] = old[n]
	old[n] = nil
	*h = old[:n]
	h.down(0)
}

// bm25Params are the collection statistics a search scores with.
type bm25Params struct {
	docs        int   // N: live chunks of the scope
	totalTokens int64 // Σ |d| over them
	// scope, if non-empty, are keyword terms (tenant, project) whose
	// intersection is the scope: document frequencies are counted within
	// it. Empty: the scope is the whole store and df is bleve's count.
	scope []scopeTerm
}

// scopeTerm is one keyword-field term that bounds a statistics scope.
type scopeTerm struct {
	field string
	term  []byte
}

// scopeOf returns the statistics scope of a filter: its tenant and
// project (other fields select documents, not statistics).
func scopeOf(f *store.Filter) []scopeTerm {
	var sc []scopeTerm
	if f.TenantID != "" {
		sc = append(sc, scopeTerm{fieldTenant, []byte(keywordTerm(f.TenantID))})
	}
	if f.ProjectID != "" {
		sc = append(sc, scopeTerm{fieldProject, []byte(keywordTerm(f.ProjectID))})
	}
	return sc
}

// docFreq returns how many live documents of r contain term within scope.
func docFreq(ctx context.Context, r index.IndexReader, term []byte, scope []scopeTerm) (int, error) {
	tfr, err := r.TermFieldReader(ctx, term, fieldText, false, false, false)
	if err != nil {
		return 0, wrapSearchErr(err)
	}
	defer tfr.Close()
	if len(scope) == 0 || tfr.Count() == 0 {
		return int(tfr.Count()), nil
	}
	readers := []index.TermFieldReader{tfr}
	for _, sc := range scope {
		sr, err := r.TermFieldReader(ctx, sc.term, sc.field, false, false, false)
		if err != nil {
			return 0, wrapSearchErr(err)
		}
		defer sr.Close()
		if sr.Count() == 0 {
			return 0, nil
		}
		readers = append(readers, sr)
	}
	return intersectCount(ctx, readers)
}

// intersectCount counts the documents every reader holds (leapfrog join:
// each reader skips ahead to the largest document seen). Each reader has
// its own TermFieldDoc and is only advanced while it is behind the target:
// a scorch reader keeps the ID of the TermFieldDoc it was given as its
// position, and an Advance to a document at or before that position
// rebuilds the reader from the start. Sharing one TermFieldDoc (so that
// the other readers overwrote each one's position) made tenant-scoped
// counts rebuild a reader at nearly every step.
func intersectCount(ctx context.Context, readers []index.TermFieldReader) (int, error) {
	tfds := make([]index.TermFieldDoc, len(readers))
	buf := make(index.IndexInternalID, 8)
	cur := make([]uint64, len(readers)) // each reader's current document
	for i := range readers {
		d, err := readers[i].Next(&tfds[i])
		if err != nil || d == nil {
			return 0, wrapSearchErr(err)
		}
		cur[i] = d.ID.Value()
	}
	n := 0
	for steps := 0; ; steps++ {
		if steps%ctxCheckRows == ctxCheckRows-1 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
		target := cur[0]
		for _, c := range cur[1:] {
			target = max(target, c)
		}
		agree := true
		for i := range readers {
			if cur[i] == target {
				continue
			}
			agree = false
			d, err := readers[i].Advance(index.NewIndexInternalID(buf, target), &tfds[i])
			if err != nil || d == nil {
				return n, wrapSearchErr(err)
			}
			cur[i] = d.ID.Value()
		}
		if !agree {
			continue
		}
		n++
		d, err := readers[0].Next(&tfds[0])
		if err != nil || d == nil {
			return n, wrapSearchErr(err)
		}
		cur[0] = d.ID.Value()
	}
}

// searchBM25 offers every document that matches at least one term and
// passes filter (nil: no filter) to top, scored by exact BM25. The
// candidates' ids are bleve document numbers of reader r.
func (k *keywordIndex) searchBM25(ctx context.Context, r index.IndexReader, terms [][]byte, p bm25Params, filter query.Query, top *topk.Heap) (err error) {
	if p.docs == 0 || p.totalTokens == 0 {
		return nil
	}
	n := float64(p.docs)
	avgdl := float64(p.totalTokens) / n
	h := make(cursorHeap, 0, len(terms))
	defer func() {
		for _, c := range h {
			c.tfr.Close()
		}
	}()
	for ti, t := range terms {
		tfr, err := r.TermFieldReader(ctx, t, fieldText, true, true, false)
		if err != nil {
			return fmt.Errorf("embedded: keyword search: %w", err)
		}
		df := float64(tfr.Count())
		if len(p.scope) > 0 && df > 0 {
			scoped, err := docFreq(ctx, r, t, p.scope)
			if err != nil {
				tfr.Close()
				return err
			}
			df = float64(scoped)
		}
		c := &termCursor{tfr: tfr, idf: math.Log(1 + (n-df+0.5)/(df+0.5)), ti: ti}
		ok, err := c.next()
		if err != nil || !ok {
			tfr.Close()
			if err != nil {
				return fmt.Errorf("embedded: keyword search: %w", err)
			}
			continue
		}
		h = append(h, c)
	}
	h.init()

	var fs search.Searcher
	var sctx *search.SearchContext
	var fm *search.DocumentMatch
	if filter != nil {
		fs, err = filter.Searcher(ctx, r, k.mapping, search.SearcherOptions{Score: "none"})
		if err != nil {
			return fmt.Errorf("embedded: keyword filter: %w", err)
		}
		defer fs.Close()
		sctx = &search.SearchContext{DocumentMatchPool: search.NewDocumentMatchPool(fs.DocumentMatchPoolSize(), 0)}
		if fm, err = fs.Next(sctx); err != nil || fm == nil {
			return wrapSearchErr(err)
		}
	}
	buf := make(index.IndexInternalID, 8)
	parts := make([]termPart, 0, len(terms))
	for steps := 1; len(h) > 0; steps++ {
		if steps%ctxCheckRows == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		d := h[0].doc
		if fs != nil {
			f := fm.IndexInternalID.Value()
			if f < d {
				sctx.DocumentMatchPool.Put(fm)
				if fm, err = fs.Advance(sctx, index.NewIndexInternalID(buf, d)); err != nil || fm == nil {
					return wrapSearchErr(err)
				}
				f = fm.IndexInternalID.Value()
			}
			if f > d {
				// Skip every posting before the next passing document.
				for len(h) > 0 && h[0].doc < f {
					ok, err := h[0].advance(f, buf)
					if err != nil {
						return wrapSearchErr(err)
					}
					if ok {
						h.down(0)
					} else {
						h[0].tfr.Close()
						h.popFront()
					}
				}
				continue
			}
		}
		parts = parts[:0]
		for len(h) > 0 && h[0].doc == d {
			c := h[0]
			parts = append(parts, termPart{c.ti, c.score(avgdl)})
			ok, err := c.next()
			if err != nil {
				return wrapSearchErr(err)
			}
			if ok {
				h.down(0)
			} else {
				c.tfr.Close()
				h.popFront()
			}
		}
		score := sumParts(parts)
		if top.Full() && score < top.Min() {
			continue
		}
		top.Offer(score, d)
	}
	return nil
}

// termPart is one query term's contribution to a document's score.
type termPart struct {
	ti    int
	score float64
}

// sumParts adds the contributions in query-term order (an insertion sort:
// a document matches few query terms).
func sumParts(p []termPart) float64 {
	for i := 1; i < len(p); i++ {
		for j := i; j > 0 && p[j].ti < p[j-1].ti; j-- {
			p[j], p[j-1] = p[j-1], p[j]
		}
	}
	score := 0.0
	for _, x := range p {
		score += x.score
	}
	return score
}

func wrapSearchErr(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("embedded: keyword search: %w", err)
}
