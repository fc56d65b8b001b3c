package embedded

import (
	"context"
	"math"
	"sync"

	"github.com/viterin/vek/vek32"

	"github.com/hybridrag/hybridrag/internal/topk"
)

// The vector index is brute force over one contiguous slab of L2-normalised
// float32 rows (state.slab), so a dot product is the cosine similarity and a
// query is one sequential pass over memory. Callers validate lengths before
// any vek call: vek panics on empty or unequal slices.

// ctxCheckRows is how many rows a scan processes between context checks.
const ctxCheckRows = 1 << 14

// matMulBlockFloats bounds a MatMul block so that vek runs it on the calling
// goroutine (vek parallelises products of 100 000 or more elements).
const matMulBlockFloats = 100_000 - 1

// normalizeInto writes v / ‖v‖ into dst (same length). The norm is
// accumulated in float64 so large components do not overflow.
func normalizeInto(dst, v []float32) {
	var ss float64
	for _, x := range v {
		ss += float64(x) * float64(x)
	}
	inv := 1 / math.Sqrt(ss)
	for i, x := range v {
		dst[i] = float32(float64(x) * inv)
	}
}

// vecScratch is per-query scratch reused through vecPool so that the scan
// itself does not allocate.
type vecScratch struct {
	q      []float32
	scores []float32
	top    topk.Heap
}

var vecPool = sync.Pool{New: func() any { return new(vecScratch) }}

func (s *vecScratch) query(n int) []float32 {
	if cap(s.q) < n {
		s.q = make([]float32, n)
	}
	return s.q[:n]
}

// scanDot offers every row of slab (rows of dim floats) to top, scoring with
// one vek32.Dot per row. q must have length dim. Searches use scanMatMul,
// which measured faster; scanDot is the reference it is tested and
// benchmarked against.
func scanDot(ctx context.Context, slab []float32, dim int, q []float32, top *topk.Heap) error {
	n := len(slab) / dim
	for i := 0; i < n; i++ {
		if i%ctxCheckRows == 0 && i > 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		s := vek32.Dot(slab[i*dim:(i+1)*dim], q)
		if top.Full() && float64(s) <= top.Min() {
			continue
		}
		top.Offer(float64(s), uint64(i))
	}
	return nil
}

// scanMatMul is scanDot computed block-wise with vek32.MatMul_Into into a
// reused score buffer.
func scanMatMul(ctx context.Context, slab []float32, dim int, q []float32, top *topk.Heap, scores *[]float32) error {
	block := max(1, matMulBlockFloats/dim)
	if cap(*scores) < block {
		*scores = make([]float32, block)
	}
	n := len(slab) / dim
	unchecked := 0
	for start := 0; start < n; start += block {
		if unchecked >= ctxCheckRows {
			if err := ctx.Err(); err != nil {
				return err
			}
			unchecked = 0
		}
		unchecked += block
		end := min(n, start+block)
		out := vek32.MatMul_Into((*scores)[:end-start], slab[start*dim:end*dim], q, dim)
		for j, s := range out {
			if top.Full() && float64(s) <= top.Min() {
				continue
			}
			top.Offer(float64(s), uint64(start+j))
		}
	}
	return nil
}

// scanFiltered scores only the rows that pass rf.
func scanFiltered(ctx context.Context, st *state, q []float32, rf *rowFilter, top *topk.Heap) error {
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
		s := vek32.Dot(st.slab[i*dim:(i+1)*dim], q)
		if top.Full() && float64(s) <= top.Min() {
			continue
		}
		top.Offer(float64(s), uint64(i))
	}
	return nil
}
