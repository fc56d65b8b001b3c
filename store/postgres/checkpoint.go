package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/hybridrag/hybridrag/store"
)

var _ store.Checkpointer = (*Store)(nil)

// LoadCheckpoint returns the value saved under name, if any.
func (s *Store) LoadCheckpoint(ctx context.Context, name string) (int64, bool, error) {
	done, err := s.enter(ctx)
	if err != nil {
		return 0, false, err
	}
	defer done()
	var v int64
	err = s.pool.QueryRow(ctx, s.q.loadCheckpoint, name).Scan(&v)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return 0, false, nil
	case err != nil:
		return 0, false, fmt.Errorf("postgres: load checkpoint: %w", err)
	}
	return v, true, nil
}

// SaveCheckpoint stores value under name, replacing any earlier value.
func (s *Store) SaveCheckpoint(ctx context.Context, name string, value int64) error {
	done, err := s.enter(ctx)
	if err != nil {
		return err
	}
	defer done()
	if _, err := s.pool.Exec(ctx, s.q.saveCheckpoint, name, value); err != nil {
		return fmt.Errorf("postgres: save checkpoint: %w", err)
	}
	return nil
}

// ClearCheckpoint removes name; a missing name is not an error.
func (s *Store) ClearCheckpoint(ctx context.Context, name string) error {
	done, err := s.enter(ctx)
	if err != nil {
		return err
	}
	defer done()
	if _, err := s.pool.Exec(ctx, s.q.clearCheckpoint, name); err != nil {
		return fmt.Errorf("postgres: clear checkpoint: %w", err)
	}
	return nil
}
