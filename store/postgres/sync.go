package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hybridrag/hybridrag/store"
)

// sync brings the in-process index up to the database's index version,
// checking at most once per Options.SyncInterval (every call when zero)
// unless the index is known to be stale.
func (s *Store) sync(ctx context.Context) error {
	return s.syncIndex(ctx, false)
}

func (s *Store) syncIndex(ctx context.Context, force bool) error {
	if s.opts.SyncInterval > 0 && !force {
		s.syncMu.Lock()
		fresh := !s.stale && time.Since(s.lastCheck) < s.opts.SyncInterval
		s.syncMu.Unlock()
		if fresh {
			return nil
		}
	}
	var version int64
	if err := s.pool.QueryRow(ctx, s.q.currentVersion).Scan(&version); err != nil {
		return fmt.Errorf("postgres: check index version: %w", err)
	}
	s.syncMu.Lock()
	defer s.syncMu.Unlock()
	s.lastCheck = time.Now()
	s.mu.RLock()
	applied := s.ix.version
	s.mu.RUnlock()
	if version <= applied && !s.stale {
		return nil
	}
	return s.pull(ctx)
}

// pull applies the change log since the index's version, or reloads the
// index whole when the log no longer reaches back that far (and at Open).
// It reads in one repeatable-read snapshot, so the index lands exactly on
// one index version. The caller holds syncMu.
func (s *Store) pull(ctx context.Context) error {
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return fmt.Errorf("postgres: sync: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	var version, pruned int64
	var dim int32
	if err := tx.QueryRow(ctx, s.q.state).Scan(&version, &pruned, &dim); err != nil {
		return fmt.Errorf("postgres: sync: %w", err)
	}
	s.mu.RLock()
	applied := s.ix.version
	s.mu.RUnlock()
	if version <= applied {
		s.stale = false
		return nil
	}
	full := applied < pruned || applied < 0
	var removed []docKey
	var rows pgx.Rows
	if full {
		rows, err = tx.Query(ctx, s.q.allChunks)
	} else {
		removed, err = s.changedDocs(ctx, tx, applied)
		if err == nil {
			rows, err = tx.Query(ctx, s.q.changedChunks, applied)
		}
	}
	if err != nil {
		return fmt.Errorf("postgres: sync: %w", err)
	}
	add, err := loadRows(rows, int(dim))
	if err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("postgres: sync: %w", err)
	}
	if full {
		ix := newVindex()
		ix.dim = int(dim)
		ix.apply(version, nil, add)
		s.mu.Lock()
		s.ix = ix
		s.mu.Unlock()
	} else {
		s.mu.Lock()
		if s.ix.dim == 0 {
			s.ix.dim = int(dim)
		}
		s.ix.apply(version, removed, add)
		s.mu.Unlock()
	}
	s.stale = false
	return nil
}

func (s *Store) changedDocs(ctx context.Context, tx pgx.Tx, since int64) ([]docKey, error) {
	rows, err := tx.Query(ctx, s.q.changedDocs, since)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (docKey, error) {
		var k docKey
		err := r.Scan(&k.tenant, &k.project, &k.id)
		return k, err
	})
}

// loadRows reads indexColumns rows into index rows.
func loadRows(rows pgx.Rows, dim int) ([]pendingRow, error) {
	defer rows.Close()
	var out []pendingRow
	for rows.Next() {
		var (
			p        pendingRow
			dateSec  *int64
			dateNsec *int32
		)
		if err := rows.Scan(&p.serial, &p.key.tenant, &p.key.project, &p.key.id, &p.sourceType, &p.conf, &dateSec, &dateNsec, &p.vec); err != nil {
			return nil, fmt.Errorf("postgres: load vectors: %w", err)
		}
		if len(p.vec) != dim {
			return nil, fmt.Errorf("postgres: chunk serial %d has %d dimensions, the store has %d: %w", p.serial, len(p.vec), dim, store.ErrCorrupt)
		}
		if dateSec != nil && dateNsec != nil {
			p.date = dateParts{true, *dateSec, *dateNsec}
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: load vectors: %w", err)
	}
	return out, nil
}
