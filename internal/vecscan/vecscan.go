package vecscan

import (
	"context"

	"github.com/viterin/vek/vek32"

	"github.com/hybridrag/hybridrag/internal/topk"
)

// CheckRows is how many rows a scan processes between context checks.
const CheckRows = 1 << 14

// MatMulBlockFloats bounds a MatMul block so that vek runs it on the
// calling goroutine (vek parallelises products of 100 000 or more
// elements, which would compete with the other queries).
const MatMulBlockFloats = 100_000 - 1

// Dot offers every row of slab to top, scoring with one vek32.Dot per row.
// MatMul measured faster; Dot is the reference it is tested and
// benchmarked against.
func Dot(ctx context.Context, slab []float32, dim int, q []float32, top *topk.Heap) error {
	n := len(slab) / dim
	for i := 0; i < n; i++ {
		if i%CheckRows == 0 && i > 0 {
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

// MatMul is Dot computed block-wise with vek32.MatMul_Into into scores, a
// buffer reused across calls (grown as needed).
func MatMul(ctx context.Context, slab []float32, dim int, q []float32, top *topk.Heap, scores *[]float32) error {
	block := max(1, MatMulBlockFloats/dim)
	if cap(*scores) < block {
		*scores = make([]float32, block)
	}
	n := len(slab) / dim
	unchecked := 0
	for start := 0; start < n; start += block {
		if unchecked >= CheckRows {
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
