package store

import "context"

// Checkpointer is an optional capability of a Store: small named integers
// kept with the store's data, so that a long job over the store (a reindex)
// can record how far it got and resume after an interruption, even from
// another process. A missing name is not an error: Load reports found =
// false.
type Checkpointer interface {
	LoadCheckpoint(ctx context.Context, name string) (value int64, found bool, err error)
	SaveCheckpoint(ctx context.Context, name string, value int64) error
	ClearCheckpoint(ctx context.Context, name string) error
}
