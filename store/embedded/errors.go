package embedded

import "errors"

var (
	// ErrLocked means another process (or another Store in this process)
	// held the store directory in a conflicting mode (a writer excludes
	// everyone; readers exclude writers) for longer than
	// Options.LockTimeout.
	ErrLocked = errors.New("embedded: store directory is locked by another user")
	// ErrReadOnly means a write (Put, Delete) was attempted on a Store
	// opened with Options.ReadOnly.
	ErrReadOnly = errors.New("embedded: store is open read-only")
	// ErrInvalidK means a search was asked for k < 1 results.
	ErrInvalidK = errors.New("embedded: k must be at least 1")
	// ErrBroken means an earlier write committed to the record log but could
	// not be applied to the keyword index; the store refuses further work
	// until it is reopened, which rebuilds the index from the log.
	ErrBroken = errors.New("embedded: store must be reopened")
)
