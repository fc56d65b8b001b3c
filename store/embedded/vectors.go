package embedded

import (
	"context"
	"math"
	"sync"

	"github.com/viterin/vek/vek32"

	"github.com/hybridrag/hybridrag/internal/topk"
	"github.com/hybridrag/hybridrag/internal/vecscan"
)

// The vector index is brute force over one contiguous slab of L2-normalised
// float32 rows (state.slab), so a dot product is the cosine similarity and a
// query is one sequential pass over memory (internal/vecscan). Callers
// validate lengths before any vek call: vek panics on empty or unequal
// slices.

// ctxCheckRows is how many rows (or postings) a scan processes between
// context checks.
const ctxCheckRows = vecscan.CheckRows

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
