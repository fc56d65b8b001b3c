package embedded

import "errors"

var (
	// ErrLocked means another process (or another Store in this process)
	// holds the store directory open.
	ErrLocked = errors.New("embedded: store directory is locked by another user")
	// ErrInvalidK means a search was asked for k < 1 results.
	ErrInvalidK = errors.New("embedded: k must be at least 1")
	// ErrBroken means an earlier write committed to the record log but could
	// not be applied to the keyword index; the store refuses further work
	// until it is reopened, which rebuilds the index from the log.
	ErrBroken = errors.New("embedded: store must be reopened")
)
