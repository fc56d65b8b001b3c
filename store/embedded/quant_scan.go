package embedded

import (
	"context"
	"sync"

	"github.com/viterin/vek/vek32"

	"github.com/hybridrag/hybridrag/internal/int8dot"
	"github.com/hybridrag/hybridrag/internal/topk"
)

// quantBlockRows is how many rows one int8dot.DotRows call scores: its
// int32 results (16 KiB) stay in L1 while the heap reads them.
const quantBlockRows = 4096

// quantScratch is per-query scratch of the quantized scan.
type quantScratch struct {
	q16  []int16
	dots []int32
	cand topk.Heap
}

var quantPool = sync.Pool{New: func() any { return new(quantScratch) }}

// rescoreCount is how many candidates a quantized query rescores.
func rescoreCount(k, rows int) int {
	if k > rows/RescoreFactor { // also keeps k·RescoreFactor from overflowing
		return rows
	}
	return min(rows, max(k*RescoreFactor, MinRescore))
}

// quantReady reports whether every row has its code: always, once a batch
// is applied (applyBatch syncs); a state that is not is scanned exactly.
func (st *state) quantReady() bool {
	return st.quant != nil && len(st.quant.scales) == len(st.rows)
}

// searchQuant fills top (already Reset to k) with the exact top k among
// the best candidates by code: the codes of every row passing rf are
// scored against q quantized, and the best rescoreCount of them are
// rescored with their float32 vectors.
func searchQuant(ctx context.Context, st *state, q []float32, rf *rowFilter, k int, top *topk.Heap) error {
	dim := st.dim
	sc := quantPool.Get().(*quantScratch)
	defer quantPool.Put(sc)
	if cap(sc.q16) < dim {
		sc.q16 = make([]int16, dim)
	}
	q16 := sc.q16[:dim]
	quantQuery(q16, q)
	sc.cand.Reset(rescoreCount(k, len(st.rows)))
	var err error
	if rf.active {
		err = quantScanFiltered(ctx, st, q16, rf, &sc.cand)
	} else {
		err = quantScanAll(ctx, st, q16, sc)
	}
	if err != nil {
		return err
	}
	for _, c := range sc.cand.Sorted() {
		s := vek32.Dot(st.vector(int32(c.ID)), q)
		if top.Full() && float64(s) <= top.Min() {
			continue
		}
		top.Offer(float64(s), c.ID)
	}
	return nil
}

// quantScanAll scores every row's code a block at a time.
func quantScanAll(ctx context.Context, st *state, q16 []int16, sc *quantScratch) error {
	qi := st.quant
	dim := st.dim
	n := len(st.rows)
	if cap(sc.dots) < quantBlockRows {
		sc.dots = make([]int32, quantBlockRows)
	}
	cand := &sc.cand
	bar := float32(0)
	full := false
	unchecked := 0
	for start := 0; start < n; start += quantBlockRows {
		if unchecked >= ctxCheckRows {
			if err := ctx.Err(); err != nil {
				return err
			}
			unchecked = 0
		}
		unchecked += quantBlockRows
		end := min(n, start+quantBlockRows)
		dots := int8dot.DotRows(sc.dots[:end-start], qi.codes[start*dim:end*dim], q16)
		scales := qi.scales[start:end]
		for j, d := range dots {
			s := float32(d) * scales[j]
			if full && s <= bar {
				continue
			}
			cand.Offer(float64(s), uint64(start+j))
			if full = cand.Full(); full {
				bar = float32(cand.Min())
			}
		}
	}
	return nil
}

// quantScanFiltered scores the codes of the rows that pass rf.
func quantScanFiltered(ctx context.Context, st *state, q16 []int16, rf *rowFilter, cand *topk.Heap) error {
	qi := st.quant
	dim := st.dim
	for i := range st.rows {
		if i%ctxCheckRows == 0 && i > 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if !rf.match(&st.rows[i]) {
			continue
		}
		s := float32(int8dot.Dot(qi.code(i, dim), q16)) * qi.scales[i]
		if cand.Full() && float64(s) <= cand.Min() {
			continue
		}
		cand.Offer(float64(s), uint64(i))
	}
	return nil
}
