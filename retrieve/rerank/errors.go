package rerank

import (
	"errors"
	"fmt"
)

var (
	// ErrRerank is wrapped by every error a reranker returns.
	ErrRerank = errors.New("rerank: call failed")
	// ErrBadResponse means the reranker answered, but not with a ranking
	// of the documents it was sent (unreadable JSON, an index out of
	// range or repeated).
	ErrBadResponse = errors.New("rerank: unusable response")
	// ErrConfig is wrapped by the errors of NewHTTP and NewLLM.
	ErrConfig = errors.New("rerank: invalid configuration")
)

// StatusError is a non-2xx reply of a rerank server. Body is its start,
// with credentials masked.
type StatusError struct {
	StatusCode int
	Body       string
}

func (e *StatusError) Error() string {
	if e.Body == "" {
		return fmt.Sprintf("rerank: server replied %d", e.StatusCode)
	}
	return fmt.Sprintf("rerank: server replied %d: %s", e.StatusCode, e.Body)
}

// Unwrap returns ErrRerank.
func (e *StatusError) Unwrap() error { return ErrRerank }
