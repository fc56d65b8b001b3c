package store

import "context"

// Scanner is an optional capability of a Store: it visits every stored
// chunk that passes a filter, with a copy of its stored vector. Rebuilding
// an index (re-embedding every chunk with a new model) reads the source of
// truth through it.
//
// Implementations call fn without holding locks that a write needs, so fn
// may call Put on the same store; a scan running alongside writes visits
// each chunk stored when it started at most once, and skips chunks removed
// before their turn. The order is unspecified. An error from fn stops the
// scan and is returned unchanged.
type Scanner interface {
	Scan(ctx context.Context, f Filter, fn func(c Chunk, vec []float32) error) error
}

// ScanFunc adapts a function to the Scanner interface.
type ScanFunc func(ctx context.Context, f Filter, fn func(c Chunk, vec []float32) error) error

// Scan calls s.
func (s ScanFunc) Scan(ctx context.Context, f Filter, fn func(c Chunk, vec []float32) error) error {
	return s(ctx, f, fn)
}
