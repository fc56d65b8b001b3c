package embedded

import (
	"context"
	"math"
	"slices"

	"github.com/RoaringBitmap/roaring/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/search"
	index "github.com/blevesearch/bleve_index_api"
	segment "github.com/blevesearch/scorch_segment_api/v2"

	"github.com/hybridrag/hybridrag/internal/topk"
	"github.com/hybridrag/hybridrag/store"
)

// Keyword search with dynamic pruning (MaxScore, Turtle & Flood 1995).
//
// Exhaustive BM25 (searchBM25) scores every posting of every query term;
// a common word's postings cover most of the store, yet its idf makes its
// contribution tiny. Once the top k is full its lowest score θ is a bar
// every further document must clear (strictly: documents come in
// ascending number, and a tie with θ loses to the earlier document). Each
// term t has an upper bound U(t) on what it can add to any score; sorted
// by U ascending, the longest prefix whose bounds sum below θ is
// "non-essential": a document holding only those terms cannot enter the
// top k. So only the essential terms' postings are walked; for each
// candidate the non-essential terms are looked up (Advance) from the
// largest bound down, stopping as soon as the partial score plus the
// remaining bounds falls below θ. Every document that is fully scored gets
// exactly the exhaustive score (same parts, summed in query-term order),
// and a document is skipped only when it provably cannot beat θ, so the
// top k (scores, members and order) equals searchBM25's. Bound sums are
// compared with a relative slack of 1e-9 so that floating-point rounding
// in a different summation order can never prune a document that ties.
//
// Postings come straight from the scorch segments of the reader's
// snapshot rather than through bleve's TermFieldReader: filters and
// statistics scopes become per-segment roaring bitmaps (the keyword
// fields' postings) that restrict the essential iterators before they are
// walked, and a scope's document frequency is a bitmap AND-cardinality
// instead of a leapfrog join over postings. Documents are visited in
// segment order, local number ascending, which is the global order
// searchBM25 uses. A reader that is not a scorch snapshot falls back to
// searchBM25.
//
// U(t) = idf(t)·(k1+1) is always valid (tf/(tf+K) < 1). Tighter bounds
// from each term's largest tf and shortest document, learned per segment
// while walking postings, were tried and dropped: on the benchmark corpus
// they changed the postings decoded by under 1 % (BENCHMARKS.md).

// pruneSlack is the relative margin by which a bound must fall below θ.
const pruneSlack = 1e-9

// prunable reports whether a document whose score is at most bound can no
// longer enter a full top k whose lowest score is theta (theta < 0: not
// full).
func prunable(bound, theta float64) bool {
	return theta >= 0 && bound*(1+pruneSlack) < theta
}

// bm25Part is one term's contribution; searchBM25 and the pruned search
// share it so that both produce bit-identical scores.
func bm25Part(idf float64, freq uint64, norm, avgdl float64) float64 {
	tf := float64(freq)
	dl := math.Round(1 / (norm * norm))
	return idf * tf * (BM25K1 + 1) / (tf + BM25K1*(1-BM25B+BM25B*dl/avgdl))
}

// segCursor walks one term's postings within one segment.
type segCursor struct {
	it   segment.PostingsIterator
	doc  uint64 // current local document number
	freq uint64
	norm float64
	done bool
	idf  float64
	ub   float64 // upper bound of the term's contribution in this segment
	ti   int     // index of the term in the query
}

func (c *segCursor) set(p segment.Posting) {
	if p == nil {
		c.done = true
		return
	}
	c.doc, c.freq, c.norm = p.Number(), p.Frequency(), p.Norm()
}

func (c *segCursor) next() error {
	p, err := c.it.Next()
	if err != nil {
		return wrapSearchErr(err)
	}
	c.set(p)
	return nil
}

func (c *segCursor) advance(to uint64) error {
	p, err := c.it.Advance(to)
	if err != nil {
		return wrapSearchErr(err)
	}
	c.set(p)
	return nil
}

// liveBits returns the documents of a postings list (deletions already
// excluded by the list's except set) as a bitmap the caller must not
// modify, and false when the segment format does not expose one.
func liveBits(pl segment.PostingsList) (*roaring.Bitmap, bool) {
	it := pl.Iterator(false, false, false, nil)
	o, ok := it.(segment.OptimizablePostingsIterator)
	if !ok {
		return nil, false
	}
	if bm := o.ActualBitmap(); bm != nil {
		return bm, true
	}
	if d, ok := o.DocNum1Hit(); ok {
		return roaring.BitmapOf(uint32(d)), true
	}
	return roaring.New(), true
}

// termBits returns the live documents of field:term in a segment.
func termBits(ss *scorch.SegmentSnapshot, field string, term []byte) (*roaring.Bitmap, bool, error) {
	dict, err := ss.Segment().Dictionary(field)
	if err != nil {
		return nil, false, wrapSearchErr(err)
	}
	pl, err := dict.PostingsList(term, ss.Deleted(), nil)
	if err != nil {
		return nil, false, wrapSearchErr(err)
	}
	bm, ok := liveBits(pl)
	return bm, ok, nil
}

// anyBits is the union of field:v over values (nil values: no restriction,
// returned as nil).
func anyBits(ss *scorch.SegmentSnapshot, field string, values []string) (*roaring.Bitmap, bool, error) {
	if len(values) == 0 {
		return nil, true, nil
	}
	out := roaring.New()
	for _, v := range values {
		bm, ok, err := termBits(ss, field, []byte(keywordTerm(v)))
		if err != nil || !ok {
			return nil, ok, err
		}
		out.Or(bm)
	}
	return out, true, nil
}

// andInto intersects acc with bm (nil: no restriction), never modifying
// bm, which may belong to the segment.
func andInto(acc, bm *roaring.Bitmap) *roaring.Bitmap {
	switch {
	case bm == nil:
		return acc
	case acc == nil:
		return bm.Clone()
	}
	acc.And(bm)
	return acc
}

// scopeBits returns the documents of a segment inside a statistics scope
// (nil scope: nil, meaning all).
func scopeBits(ss *scorch.SegmentSnapshot, scope []scopeTerm) (*roaring.Bitmap, bool, error) {
	var acc *roaring.Bitmap
	for _, sc := range scope {
		bm, ok, err := termBits(ss, sc.field, sc.term)
		if err != nil || !ok {
			return nil, ok, err
		}
		acc = andInto(acc, bm)
	}
	return acc, true, nil
}

// filterBits returns the documents of a segment passing f's keyword fields
// (nil: f does not restrict them). Dates are checked separately.
func filterBits(ss *scorch.SegmentSnapshot, f *store.Filter) (*roaring.Bitmap, bool, error) {
	var acc *roaring.Bitmap
	single := func(field, v string) bool {
		if v == "" {
			return true
		}
		bm, ok, err := termBits(ss, field, []byte(keywordTerm(v)))
		if err != nil || !ok {
			return false
		}
		acc = andInto(acc, bm)
		return true
	}
	if !single(fieldTenant, f.TenantID) || !single(fieldProject, f.ProjectID) {
		return nil, false, nil
	}
	for _, set := range []struct {
		field  string
		values []string
	}{{fieldSourceType, f.SourceTypes}, {fieldConfidentiality, f.Confidentiality}, {fieldDocumentID, f.DocumentIDs}} {
		bm, ok, err := anyBits(ss, set.field, set.values)
		if err != nil || !ok {
			return nil, ok, err
		}
		acc = andInto(acc, bm)
	}
	return acc, true, nil
}

// segmentsOf returns the segments of a scorch snapshot and their global
// document-number offsets, or false for any other reader.
func segmentsOf(r index.IndexReader) ([]*scorch.SegmentSnapshot, []uint64, bool) {
	snap, ok := r.(*scorch.IndexSnapshot)
	if !ok {
		return nil, nil, false
	}
	segs := snap.Segments()
	offsets := make([]uint64, len(segs))
	var running uint64
	for i, ss := range segs {
		offsets[i] = running
		running += ss.Segment().Count()
	}
	return segs, offsets, true
}

// scopedDocFreqs counts, for each term, the live documents of r holding
// it within scope, by bitmap intersection per segment. ok is false when r
// does not expose segment bitmaps.
func scopedDocFreqs(ctx context.Context, r index.IndexReader, terms [][]byte, scope []scopeTerm) ([]int, bool, error) {
	segs, _, ok := segmentsOf(r)
	if !ok {
		return nil, false, nil
	}
	out := make([]int, len(terms))
	for _, ss := range segs {
		if err := ctx.Err(); err != nil {
			return nil, true, err
		}
		sb, ok, err := scopeBits(ss, scope)
		if err != nil || !ok {
			return nil, ok, err
		}
		if sb != nil && sb.IsEmpty() {
			continue
		}
		dict, err := ss.Segment().Dictionary(fieldText)
		if err != nil {
			return nil, true, wrapSearchErr(err)
		}
		for i, t := range terms {
			pl, err := dict.PostingsList(t, ss.Deleted(), nil)
			if err != nil {
				return nil, true, wrapSearchErr(err)
			}
			if sb == nil {
				out[i] += int(pl.Count())
				continue
			}
			tb, ok := liveBits(pl)
			if !ok {
				return nil, false, nil
			}
			out[i] += int(tb.AndCardinality(sb))
		}
	}
	return out, true, nil
}

// dateGate checks documents (global numbers, ascending) against a date
// range searcher advanced in step.
type dateGate struct {
	s    search.Searcher
	sctx *search.SearchContext
	cur  *search.DocumentMatch // nil: exhausted
	buf  index.IndexInternalID
}

// from returns the first passing global document at or after g, false
// when none is left.
func (dg *dateGate) from(g uint64) (uint64, bool, error) {
	if dg.cur == nil {
		return 0, false, nil
	}
	if c := dg.cur.IndexInternalID.Value(); c >= g {
		return c, true, nil
	}
	dg.sctx.DocumentMatchPool.Put(dg.cur)
	m, err := dg.s.Advance(dg.sctx, index.NewIndexInternalID(dg.buf, g))
	if err != nil {
		return 0, false, wrapSearchErr(err)
	}
	dg.cur = m
	if m == nil {
		return 0, false, nil
	}
	return m.IndexInternalID.Value(), true, nil
}

// searchPruned is searchBM25 with MaxScore pruning, filtered by f (its
// keyword fields as segment bitmaps, its dates by a searcher). prune false
// scores every posting (the benchmark's postings-source comparison). It returns
// false when r does not expose what it needs; the caller then resets top
// and runs searchBM25. stats, if not nil, receives the work done.
func (k *keywordIndex) searchPruned(ctx context.Context, r index.IndexReader, terms [][]byte, p bm25Params, f *store.Filter, prune bool, stats *pruneStats, top *topk.Heap) (bool, error) {
	segs, offsets, ok := segmentsOf(r)
	if !ok {
		return false, nil
	}
	if p.docs == 0 || p.totalTokens == 0 {
		return true, nil
	}
	n := float64(p.docs)
	avgdl := float64(p.totalTokens) / n

	// Postings lists per segment and term, and the query's statistics.
	lists := make([][]segment.PostingsList, len(segs))
	for si, ss := range segs {
		dict, err := ss.Segment().Dictionary(fieldText)
		if err != nil {
			return true, wrapSearchErr(err)
		}
		lists[si] = make([]segment.PostingsList, len(terms))
		for ti, t := range terms {
			if lists[si][ti], err = dict.PostingsList(t, ss.Deleted(), nil); err != nil {
				return true, wrapSearchErr(err)
			}
		}
	}
	df := make([]int, len(terms))
	if len(p.scope) > 0 {
		var err error
		if df, ok, err = scopedDocFreqs(ctx, r, terms, p.scope); err != nil || !ok {
			return ok, err
		}
	} else {
		for si := range segs {
			for ti := range terms {
				df[ti] += int(lists[si][ti].Count())
			}
		}
	}
	idf := make([]float64, len(terms))
	for ti := range terms {
		d := float64(df[ti])
		idf[ti] = math.Log(1 + (n-d+0.5)/(d+0.5))
	}

	var dates *dateGate
	if dq := dateQuery(f); dq != nil {
		ds, err := dq.Searcher(ctx, r, k.mapping, search.SearcherOptions{Score: "none"})
		if err != nil {
			return true, wrapSearchErr(err)
		}
		defer ds.Close()
		dates = &dateGate{s: ds, buf: make(index.IndexInternalID, 8)}
		dates.sctx = &search.SearchContext{DocumentMatchPool: search.NewDocumentMatchPool(ds.DocumentMatchPoolSize(), 0)}
		if dates.cur, err = ds.Next(dates.sctx); err != nil {
			return true, wrapSearchErr(err)
		}
		if dates.cur == nil {
			return true, nil
		}
	}

	ps := pruneScratch{parts: make([]termPart, 0, len(terms)), exhaustive: !prune}
	if stats != nil {
		defer func() { *stats = ps.stats }()
	}
	for si, ss := range segs {
		ok, err := ps.segment(ctx, ss, offsets[si], lists[si], idf, avgdl, f, dates, top)
		if err != nil || !ok {
			// !ok: a segment without bitmaps; the caller resets top and
			// falls back.
			return ok, err
		}
	}
	return true, nil
}

// topBM25 resets top to size and offers it the best documents of r for
// terms that pass f: pruned when r allows, exhaustively otherwise. top
// also keeps the documents tied with the size-th (topk.Heap.Ties).
func (k *keywordIndex) topBM25(ctx context.Context, r index.IndexReader, terms [][]byte, p bm25Params, f *store.Filter, size int, top *topk.Heap) error {
	top.ResetWithTies(size)
	ok, err := k.searchPruned(ctx, r, terms, p, f, true, nil, top)
	if err != nil || ok {
		return err
	}
	top.ResetWithTies(size)
	return k.searchBM25(ctx, r, terms, p, keywordFilter(f), top)
}

// pruneScratch is the per-query state reused across segments.
type pruneScratch struct {
	cursors []*segCursor
	cum     []float64
	parts   []termPart
	steps   int
	// exhaustive disables pruning.
	exhaustive bool
	stats      pruneStats
}

// pruneStats counts a search's work, for benchmarks.
type pruneStats struct {
	next    int // postings read by Next (essential terms)
	advance int // Advance calls (non-essential look-ups, date skips)
	scored  int // documents scored in full
}

// segment scores one segment's postings into top.
func (ps *pruneScratch) segment(ctx context.Context, ss *scorch.SegmentSnapshot, offset uint64, lists []segment.PostingsList, idf []float64, avgdl float64, f *store.Filter, dates *dateGate, top *topk.Heap) (bool, error) {
	fb, ok, err := filterBits(ss, f)
	if err != nil || !ok {
		return ok, err
	}
	if fb != nil && fb.IsEmpty() {
		return true, nil
	}
	cs := ps.cursors[:0]
	for ti, pl := range lists {
		if pl.Count() == 0 {
			continue
		}
		it := pl.Iterator(true, true, false, nil)
		if fb != nil {
			o, ok := it.(segment.OptimizablePostingsIterator)
			if !ok {
				return false, nil
			}
			if d, one := o.DocNum1Hit(); one {
				if !fb.Contains(uint32(d)) {
					continue
				}
			} else if bm := o.ActualBitmap(); bm != nil {
				restricted := roaring.And(bm, fb)
				if restricted.IsEmpty() {
					continue
				}
				o.ReplaceActual(restricted)
			}
		}
		c := &segCursor{it: it, idf: idf[ti], ub: idf[ti] * (BM25K1 + 1), ti: ti}
		ps.stats.next++
		if err := c.next(); err != nil {
			return true, err
		}
		if !c.done {
			cs = append(cs, c)
		}
	}
	ps.cursors = cs
	if len(cs) == 0 {
		return true, nil
	}
	slices.SortFunc(cs, func(a, b *segCursor) int {
		switch {
		case a.ub < b.ub:
			return -1
		case a.ub > b.ub:
			return 1
		}
		return a.ti - b.ti
	})
	cum := ps.cum[:0]
	sum := 0.0
	for _, c := range cs {
		sum += c.ub
		cum = append(cum, sum)
	}
	ps.cum = cum
	theta := func() float64 {
		if top.Full() && !ps.exhaustive {
			return top.Min()
		}
		return -1
	}
	// cs[:m] are the non-essential terms.
	m := 0
	for th := theta(); m < len(cs) && prunable(cum[m], th); m++ {
	}
	for m < len(cs) {
		ps.steps++
		if ps.steps%ctxCheckRows == 0 {
			if err := ctx.Err(); err != nil {
				return true, err
			}
		}
		d, any := uint64(math.MaxUint64), false
		for _, c := range cs[m:] {
			if !c.done && c.doc < d {
				d, any = c.doc, true
			}
		}
		if !any {
			return true, nil
		}
		if dates != nil {
			g, ok, err := dates.from(offset + d)
			if err != nil {
				return true, err
			}
			if !ok {
				return true, nil
			}
			if g > offset+d {
				// Skip the essential postings before the next dated document.
				for _, c := range cs[m:] {
					if !c.done && c.doc < g-offset {
						ps.stats.advance++
						if err := c.advance(g - offset); err != nil {
							return true, err
						}
					}
				}
				continue
			}
		}
		parts := ps.parts[:0]
		partial := 0.0
		for _, c := range cs[m:] {
			if c.done || c.doc != d {
				continue
			}
			s := bm25Part(c.idf, c.freq, c.norm, avgdl)
			parts = append(parts, termPart{c.ti, s})
			partial += s
			ps.stats.next++
			if err := c.next(); err != nil {
				return true, err
			}
		}
		th := theta()
		skip := false
		for i := m - 1; i >= 0; i-- {
			if prunable(partial+cum[i], th) {
				skip = true
				break
			}
			c := cs[i]
			if !c.done && c.doc < d {
				ps.stats.advance++
				if err := c.advance(d); err != nil {
					return true, err
				}
			}
			if !c.done && c.doc == d {
				s := bm25Part(c.idf, c.freq, c.norm, avgdl)
				parts = append(parts, termPart{c.ti, s})
				partial += s
			}
		}
		ps.parts = parts
		if skip {
			continue
		}
		score := sumParts(parts)
		ps.stats.scored++
		if top.Full() && score < top.Min() {
			continue
		}
		top.Offer(score, offset+d)
		for th := theta(); m < len(cs) && prunable(cum[m], th); m++ {
		}
	}
	return true, nil
}
