package hybridrag

import (
	"errors"
	"fmt"
)

var (
	// ErrInvalidQuery is wrapped by every *QueryError.
	ErrInvalidQuery = errors.New("hybridrag: invalid query")
	// ErrInvalidDocument is wrapped by every *DocumentError.
	ErrInvalidDocument = errors.New("hybridrag: invalid document")
	// ErrNoStore means the Config has no Store: New without a Store or a
	// Retriever, or a write (Index, Delete, Reindex) on a Retriever-only
	// Pipeline.
	ErrNoStore = errors.New("hybridrag: no store configured (set Config.Store)")
	// ErrClosed is returned by a Pipeline after Close.
	ErrClosed = errors.New("hybridrag: pipeline closed")
)

// QueryError explains why a question was rejected before retrieval.
type QueryError struct {
	Reason string // "too short", "too long", "invalid UTF-8"
	Length int    // characters
	Min    int
	Max    int
}

func (e *QueryError) Error() string {
	switch e.Reason {
	case "invalid UTF-8":
		return "hybridrag: invalid query: not valid UTF-8"
	default:
		return fmt.Sprintf("hybridrag: invalid query: %s (%d characters; allowed %d–%d)", e.Reason, e.Length, e.Min, e.Max)
	}
}

// Unwrap makes errors.Is(err, ErrInvalidQuery) true.
func (e *QueryError) Unwrap() error { return ErrInvalidQuery }

// DocumentError explains why a document was rejected. Nothing of the
// batch it came in was written.
type DocumentError struct {
	ID     string
	Source string
	Err    error
}

func (e *DocumentError) Error() string {
	name := e.ID
	if e.Source != "" && e.Source != e.ID {
		name = fmt.Sprintf("%s (%s)", e.ID, e.Source)
	}
	return fmt.Sprintf("hybridrag: document %q: %v", name, e.Err)
}

// Unwrap returns both ErrInvalidDocument and the cause, so errors.Is works
// for either.
func (e *DocumentError) Unwrap() []error { return []error{ErrInvalidDocument, e.Err} }
