package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/hybridrag/hybridrag/store"
)

var _ store.EmbedderRecorder = (*Store)(nil)

// LoadEmbedder reads the recorded embedder; found is false if none is.
func (s *Store) LoadEmbedder(ctx context.Context) (store.EmbedderID, bool, error) {
	done, err := s.enter(ctx)
	if err != nil {
		return store.EmbedderID{}, false, err
	}
	defer done()
	var id store.EmbedderID
	var dim int32
	err = s.pool.QueryRow(ctx, inSchema(`SELECT name, dimension, config_hash FROM {{s}}.embedder`, s.q.schema)).
		Scan(&id.Name, &dim, &id.ConfigHash)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return store.EmbedderID{}, false, nil
	case err != nil:
		return store.EmbedderID{}, false, fmt.Errorf("postgres: load embedder: %w", err)
	}
	id.Dimension = int(dim)
	return id, true, nil
}

// SaveEmbedder records id, replacing any earlier record.
func (s *Store) SaveEmbedder(ctx context.Context, id store.EmbedderID) error {
	done, err := s.enter(ctx)
	if err != nil {
		return err
	}
	defer done()
	_, err = s.pool.Exec(ctx, inSchema(`INSERT INTO {{s}}.embedder (name, dimension, config_hash) VALUES ($1, $2, $3)
		ON CONFLICT (id) DO UPDATE SET name = excluded.name, dimension = excluded.dimension, config_hash = excluded.config_hash`, s.q.schema),
		id.Name, int32(id.Dimension), id.ConfigHash)
	if err != nil {
		return fmt.Errorf("postgres: save embedder: %w", err)
	}
	return nil
}
