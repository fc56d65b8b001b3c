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
	// ErrEmbedderMismatch: the store was built with another embedder (see
	// EmbedderMismatchError).
	ErrEmbedderMismatch = errors.New("hybridrag: store built with another embedder")
	// ErrTenantRequired: a query (Config.RequireTenant) or a query-log read
	// (the log's own option) names no tenant.
	ErrTenantRequired = errors.New("hybridrag: a tenant is required (the request names none)")
)

// QueryError explains why a question was rejected before retrieval.
type QueryError struct {
	Reason QueryReason
	Length int // characters
	Min    int
	Max    int
}

// QueryReason is why a question was rejected. It prints as words
// ("too short") and marshals as a stable identifier ("too_short").
type QueryReason int

// Reasons a question is rejected before retrieval.
const (
	QueryTooShort    QueryReason = iota + 1 // fewer characters than QueryConfig.MinLength
	QueryTooLong                            // more characters than QueryConfig.MaxLength
	QueryInvalidUTF8                        // not valid UTF-8
)

var queryReasons = [...]struct{ text, id string }{
	QueryTooShort:    {"too short", "too_short"},
	QueryTooLong:     {"too long", "too_long"},
	QueryInvalidUTF8: {"invalid UTF-8", "invalid_utf8"},
}

func (r QueryReason) known() bool { return r > 0 && int(r) < len(queryReasons) }

// String returns the reason in words, as the error message uses it.
func (r QueryReason) String() string {
	if !r.known() {
		return fmt.Sprintf("QueryReason(%d)", int(r))
	}
	return queryReasons[r].text
}

// MarshalText returns the reason's identifier: too_short, too_long or
// invalid_utf8.
func (r QueryReason) MarshalText() ([]byte, error) {
	if !r.known() {
		return nil, fmt.Errorf("hybridrag: unknown QueryReason %d", int(r))
	}
	return []byte(queryReasons[r].id), nil
}

// UnmarshalText reads an identifier written by MarshalText.
func (r *QueryReason) UnmarshalText(b []byte) error {
	for i, q := range queryReasons {
		if i > 0 && q.id == string(b) {
			*r = QueryReason(i)
			return nil
		}
	}
	return fmt.Errorf("hybridrag: unknown QueryReason %q", b)
}

func (e *QueryError) Error() string {
	switch e.Reason {
	case QueryInvalidUTF8:
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
