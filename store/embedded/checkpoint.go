package embedded

import (
	"context"

	"github.com/hybridrag/hybridrag/store"
)

// The Store keeps checkpoints (store.Checkpointer) as NAME.checkpoint files
// in its directory, next to the data they describe, so that a reindex
// interrupted in one process resumes in the next.
var _ store.Checkpointer = (*Store)(nil)

// LoadCheckpoint reads the checkpoint name; found is false if none is kept.
func (s *Store) LoadCheckpoint(ctx context.Context, name string) (int64, bool, error) {
	if err := s.checkpointable(ctx, false); err != nil {
		return 0, false, err
	}
	return store.DirCheckpoints(s.dir).LoadCheckpoint(ctx, name)
}

// SaveCheckpoint records value under name, replacing the file atomically.
func (s *Store) SaveCheckpoint(ctx context.Context, name string, value int64) error {
	if err := s.checkpointable(ctx, true); err != nil {
		return err
	}
	return store.DirCheckpoints(s.dir).SaveCheckpoint(ctx, name, value)
}

// ClearCheckpoint removes the checkpoint name; a missing one is no error.
func (s *Store) ClearCheckpoint(ctx context.Context, name string) error {
	if err := s.checkpointable(ctx, true); err != nil {
		return err
	}
	return store.DirCheckpoints(s.dir).ClearCheckpoint(ctx, name)
}

// checkpointable fails after Close, and for writes on a read-only store.
func (s *Store) checkpointable(ctx context.Context, write bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return store.ErrClosed
	}
	if write && s.opts.ReadOnly {
		return ErrReadOnly
	}
	return nil
}
