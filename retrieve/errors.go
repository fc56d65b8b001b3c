package retrieve

import (
	"errors"
	"fmt"
)

var (
	// ErrEmptyQuery means the query text is empty or only white space.
	ErrEmptyQuery = errors.New("retrieve: empty query")
	// ErrNoSearcher means NewHybrid got neither a keyword nor a vector
	// searcher, or a query disabled every search that exists.
	ErrNoSearcher = errors.New("retrieve: no search to run")
	// ErrNoEmbedder means a vector searcher was given without an Embedder.
	ErrNoEmbedder = errors.New("retrieve: vector search needs an embedder")
	// ErrInvalidOptions means an Options or Query field is out of range; the
	// wrapping error names the field.
	ErrInvalidOptions = errors.New("retrieve: invalid options")
	// ErrInvalidRerank means a Reranker returned a source that was not among
	// its input, or the same source twice.
	ErrInvalidRerank = errors.New("retrieve: reranker returned a source not in its input")
	// ErrMMRInput means MMR got a relevance slice whose length differs from
	// the candidates', or a lambda outside [0, 1].
	ErrMMRInput = errors.New("retrieve: invalid MMR input")
)

// Side names one of the two searches of hybrid retrieval.
type Side string

// The searches of hybrid retrieval.
const (
	SideKeyword Side = "keyword"
	SideVector  Side = "vector" // query embedding included
)

// SearchError reports a failure of one search. Retrieve joins the errors of
// both sides with errors.Join when both fail; use errors.As to find which
// side failed and errors.Is to test the cause (a store sentinel,
// context.Canceled, ...).
type SearchError struct {
	Side Side
	Err  error
}

func (e *SearchError) Error() string {
	return fmt.Sprintf("retrieve: %s search: %v", e.Side, e.Err)
}

// Unwrap returns the cause.
func (e *SearchError) Unwrap() error { return e.Err }
