package embed

import (
	"context"
	"fmt"
	"math"
	"sync/atomic"

	"github.com/hybridrag/hybridrag/retrieve"
)

// Dimensioner is implemented by embedders that know the length of their
// vectors. Dimension returns 0 while it is not known yet (a Validate wrapper
// learns it from the first vector).
type Dimensioner interface {
	Dimension() int
}

// Validate wraps e so that every vector it returns is checked before
// anyone uses it: one vector per text (*CountError), all of the same
// dimension (*DimensionError), each non-empty, finite and not all zero
// (*VectorError). The dimension is dim if dim > 0, otherwise the length of
// the first valid vector e returns; it then stays fixed for the lifetime of
// the wrapper, across calls and goroutines, as retrieve.Embedder promises.
// A batch with any bad vector fails as a whole and returns no vectors.
//
// EmbedDocuments with no texts returns an empty slice without calling e.
// Errors from e are returned unchanged. An embedder that already validates
// with the same (or no) dim — a Validate result or a *Langchain — is
// returned as it is. A nil e
// gives an embedder whose calls fail with ErrNilEmbedder.
//
// The result is safe for concurrent use if e is, and implements
// Dimensioner.
func Validate(e retrieve.Embedder, dim int) retrieve.Embedder {
	switch v := e.(type) {
	case *validated:
		if dim <= 0 || int64(dim) == v.dim.Load() {
			return v
		}
	case *Langchain:
		if v != nil && (dim <= 0 || dim == v.Dimension()) {
			return v // it validates every reply itself
		}
	}
	v := &validated{e: e}
	if dim > 0 {
		v.dim.Store(int64(dim))
	}
	return v
}

// validated is the Embedder Validate returns. Its zero dim means "not fixed
// yet"; it is fixed once with a compare-and-swap.
type validated struct {
	e   retrieve.Embedder
	dim atomic.Int64
}

func (v *validated) Dimension() int { return int(v.dim.Load()) }

func (v *validated) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	if v.e == nil {
		return nil, ErrNilEmbedder
	}
	if len(texts) == 0 {
		return [][]float32{}, nil
	}
	vecs, err := v.e.EmbedDocuments(ctx, texts)
	if err != nil {
		return nil, err
	}
	if err := v.check(vecs, len(texts), 0); err != nil {
		return nil, err
	}
	return vecs, nil
}

func (v *validated) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	if v.e == nil {
		return nil, ErrNilEmbedder
	}
	vec, err := v.e.EmbedQuery(ctx, text)
	if err != nil {
		return nil, err
	}
	if err := v.check([][]float32{vec}, 1, 0); err != nil {
		return nil, err
	}
	return vec, nil
}

// check validates the reply to want texts whose first one has index offset
// in the caller's input, and fixes the dimension if it was not fixed yet.
func (v *validated) check(vecs [][]float32, want, offset int) error {
	if len(vecs) != want {
		return &CountError{Got: len(vecs), Want: want}
	}
	dim := int(v.dim.Load())
	fixed := dim > 0
	if !fixed {
		dim = len(vecs[0])
	}
	for i, vec := range vecs {
		if err := checkVector(vec, dim, offset+i); err != nil {
			return err
		}
	}
	if !fixed && !v.dim.CompareAndSwap(0, int64(dim)) {
		// Another call fixed the dimension meanwhile; hold this batch to it.
		if other := int(v.dim.Load()); other != dim {
			return &DimensionError{Index: offset, Got: dim, Want: other}
		}
	}
	return nil
}

// checkVector reports why vec cannot be used, or nil.
func checkVector(vec []float32, dim, index int) error {
	if len(vec) == 0 {
		return &VectorError{Index: index, Reason: "empty"}
	}
	if len(vec) != dim {
		return &DimensionError{Index: index, Got: len(vec), Want: dim}
	}
	zero := true
	for j, x := range vec {
		switch {
		case math.IsNaN(float64(x)):
			return &VectorError{Index: index, Reason: fmt.Sprintf("NaN at coordinate %d", j)}
		case math.IsInf(float64(x), 0):
			return &VectorError{Index: index, Reason: fmt.Sprintf("%v at coordinate %d", x, j)}
		case x != 0:
			zero = false
		}
	}
	if zero {
		return &VectorError{Index: index, Reason: "all zero"}
	}
	return nil
}
