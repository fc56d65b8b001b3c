package embed

import (
	"errors"
	"fmt"
)

// Sentinel errors, checkable with errors.Is.
var (
	// ErrBadVector means a vector cannot be used for cosine similarity: it
	// is empty, all zero, or holds NaN or ±Inf. Returned as *VectorError.
	ErrBadVector = errors.New("embed: bad vector")
	// ErrDimension means a vector's length differs from the dimension fixed
	// by Options.Dim, the dim argument of Validate or the first vector.
	// Returned as *DimensionError.
	ErrDimension = errors.New("embed: dimension mismatch")
	// ErrCount means an embedder returned a number of vectors different
	// from the number of texts. Returned as *CountError.
	ErrCount = errors.New("embed: wrong number of vectors")
	// ErrNilEmbedder means Validate or FromLangchain was given a nil
	// embedder.
	ErrNilEmbedder = errors.New("embed: nil embedder")
	// ErrPanicked means the wrapped langchaingo embedder panicked (it
	// indexes its client's reply without checking it); the panic is turned
	// into this error so a bad provider reply cannot crash the program.
	ErrPanicked = errors.New("embed: embedder panicked")
)

// VectorError reports an unusable vector. It wraps ErrBadVector.
type VectorError struct {
	// Index is the position of the text in the call's input (0 for a
	// query).
	Index int
	// Reason says what is wrong, e.g. "NaN at coordinate 3" or "all zero".
	Reason string
}

func (e *VectorError) Error() string {
	return fmt.Sprintf("embed: bad vector for text %d: %s", e.Index, e.Reason)
}

// Unwrap returns ErrBadVector.
func (e *VectorError) Unwrap() error { return ErrBadVector }

// DimensionError reports a vector of the wrong length. It wraps
// ErrDimension.
type DimensionError struct {
	Index int // position of the text in the call's input (0 for a query)
	Got   int // length of the vector
	Want  int // dimension fixed earlier
}

func (e *DimensionError) Error() string {
	return fmt.Sprintf("embed: vector for text %d has dimension %d, want %d", e.Index, e.Got, e.Want)
}

// Unwrap returns ErrDimension.
func (e *DimensionError) Unwrap() error { return ErrDimension }

// CountError reports a reply with the wrong number of vectors. It wraps
// ErrCount.
type CountError struct {
	Got  int // vectors returned
	Want int // texts sent
}

func (e *CountError) Error() string {
	return fmt.Sprintf("embed: got %d vectors for %d texts", e.Got, e.Want)
}

// Unwrap returns ErrCount.
func (e *CountError) Unwrap() error { return ErrCount }
