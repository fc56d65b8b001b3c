package postgres

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/hybridrag/hybridrag/store"
)

// Store is a store.Store kept in PostgreSQL, with an in-process vector
// index (or pgvector) for vector search.
//
// A Store is safe for concurrent use, and any number of Stores, in this
// process or others, may share one database schema: writes serialise on a
// row lock inside their transactions, and each Store follows the others'
// writes through the change log before it searches (see
// Options.SyncInterval).
type Store struct {
	pool   *pgxpool.Pool
	opts   Options
	schema string // quoted
	q      queries
	pgv    *pgvector // non-nil when vector search runs in SQL

	// closeMu makes Close wait for running operations.
	closeMu sync.RWMutex
	closed  bool

	// syncMu serialises changes to the in-process index's version: pulls
	// from the change log and this process's own writes.
	syncMu    sync.Mutex
	stale     bool      // guarded by syncMu: a committed write is not in ix yet
	lastCheck time.Time // guarded by syncMu

	// mu guards ix. Searches hold it shared while they scan.
	mu sync.RWMutex
	ix *vindex

	dfCache termCache

	// afterScan, when set (by tests), runs between a vector search's scan
	// and its reading the chunks back.
	afterScan func()
}

var (
	_ store.Store       = (*Store)(nil)
	_ store.TermStatter = (*Store)(nil)
	_ store.Scanner     = (*Store)(nil)
)

// Open connects to the database at dsn (a PostgreSQL URL or key=value
// connection string; pgxpool settings such as pool_max_conns apply),
// creates or upgrades the store's schema, and loads the in-process vector
// index. A schema written by a newer build gives a *store.VersionError.
func Open(ctx context.Context, dsn string, opts Options) (*Store, error) {
	o, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("%w: dsn: %v", ErrInvalidOptions, err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	s, err := open(ctx, pool, o)
	if err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

func open(ctx context.Context, pool *pgxpool.Pool, o Options) (*Store, error) {
	if err := pool.Ping(ctx); err != nil {
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	if err := migrate(ctx, pool, o.Schema); err != nil {
		return nil, err
	}
	s := &Store{pool: pool, opts: o, q: newQueries(o.Schema), ix: newVindex()}
	pgv, err := detectPGVector(ctx, pool, s.q, o.VectorIndex)
	if err != nil {
		return nil, err
	}
	s.pgv = pgv
	if s.pgv == nil {
		s.syncMu.Lock()
		err := s.pull(ctx)
		s.syncMu.Unlock()
		if err != nil {
			return nil, err
		}
	}
	return s, nil
}

// VectorIndex reports where vector search runs: VectorInProcess or
// VectorPGVector.
func (s *Store) VectorIndex() VectorIndex {
	if s.pgv != nil {
		return VectorPGVector
	}
	return VectorInProcess
}

// enter fails once the store is closed; the returned func must be called
// when the operation ends, so that Close waits for it.
func (s *Store) enter(ctx context.Context) (func(), error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.closeMu.RLock()
	if s.closed {
		s.closeMu.RUnlock()
		return nil, store.ErrClosed
	}
	return s.closeMu.RUnlock, nil
}

// Close waits for running operations and closes the connection pool.
// Further calls return store.ErrClosed; closing twice is a no-op.
func (s *Store) Close() error {
	s.closeMu.Lock()
	defer s.closeMu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	s.pool.Close()
	return nil
}

// Stats reports counts for f.TenantID and f.ProjectID ("" meaning any);
// other filter fields are ignored. With the in-process index it costs one
// small query (the version check of Options.SyncInterval); with pgvector it
// counts in SQL.
func (s *Store) Stats(ctx context.Context, f store.Filter) (store.Stats, error) {
	done, err := s.enter(ctx)
	if err != nil {
		return store.Stats{}, err
	}
	defer done()
	return s.statsFor(ctx, f)
}

// sqlStats counts from the documents table.
func (s *Store) sqlStats(ctx context.Context, f store.Filter) (store.Stats, error) {
	var st store.Stats
	var dim int32
	err := s.pool.QueryRow(ctx, s.q.stats, f.TenantID, f.ProjectID).Scan(&st.Documents, &st.Chunks, &st.IndexVersion, &dim)
	if err != nil {
		return store.Stats{}, fmt.Errorf("postgres: stats: %w", err)
	}
	st.Dimension = int(dim)
	return st, nil
}
