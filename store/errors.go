package store

import (
	"errors"
	"fmt"
)

var (
	// ErrNotFound means a store path, document or chunk does not exist.
	ErrNotFound = errors.New("store: not found")
	// ErrClosed is returned by operations on a closed store.
	ErrClosed = errors.New("store: closed")
	// ErrCorrupt means stored data failed a consistency check. The store
	// refuses to open rather than discard anything.
	ErrCorrupt = errors.New("store: corrupt")
	// ErrDimensionMismatch means a vector's length differs from the store's
	// dimension.
	ErrDimensionMismatch = errors.New("store: vector dimension mismatch")
	// ErrInvalidVector means a vector holds NaN or Inf, or is all zeros.
	ErrInvalidVector = errors.New("store: invalid vector")
	// ErrInvalidEntry means an entry failed validation (empty id, duplicate
	// id in one batch, chunk/vector count mismatch, empty document).
	ErrInvalidEntry = errors.New("store: invalid entry")
	// ErrVersion means the store was written by an incompatible format version.
	ErrVersion = errors.New("store: unsupported format version")
)

// VersionError reports a format version the code cannot read.
type VersionError struct {
	Path  string
	Found int
	Want  int
}

func (e *VersionError) Error() string {
	return fmt.Sprintf("store: %s has format version %d, this build reads version %d", e.Path, e.Found, e.Want)
}

// Unwrap makes errors.Is(err, ErrVersion) true.
func (e *VersionError) Unwrap() error { return ErrVersion }
