package embedded

import "errors"

var (
	// ErrLocked means a writer's Open found the store directory held by
	// another writer, or by read-only Stores opened before it, for longer
	// than Options.LockTimeout (in this process or another). Open returns
	// it as a *LockedError naming the holder. Read-only Opens never fail
	// with it.
	ErrLocked = errors.New("embedded: store is locked")
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
