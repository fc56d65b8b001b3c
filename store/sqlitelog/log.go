package sqlitelog

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"github.com/hybridrag/hybridrag"
)

// DefaultBusyTimeout is how long a write waits for another connection or
// process holding the database's write lock.
const DefaultBusyTimeout = 10 * time.Second

// Options configure a Log. The zero value logs everything, unredacted,
// forever.
type Options struct {
	// Disabled makes Record store nothing and return id 0; reads, feedback
	// and eval runs still work. (Leaving Config.QueryLog nil also turns
	// logging off, without opening a file.)
	Disabled bool
	// Redact replaces question and answer text with a marker carrying the
	// text's SHA-256 (see Redacted) before anything is written. Note that
	// the hash of a short, guessable question can be recovered by trying
	// candidates; it serves to group identical questions, not to hide them
	// from a determined reader. Error strings are stored as they are.
	Redact bool
	// Retention, if positive, deletes rows whose time is older than now
	// minus Retention on every Record and on Prune.
	Retention time.Duration
	// MaxRows, if positive, keeps at most MaxRows queries: those among the
	// newest MaxRows ids (fewer when Retention deleted some of them),
	// deleting older ones on every Record and on Prune.
	MaxRows int
	// BusyTimeout is how long a write waits for the write lock
	// (default DefaultBusyTimeout).
	BusyTimeout time.Duration
	// RequireTenant makes every read and feedback name a tenant: Recent,
	// Get, Feedback, IndexRuns, EvalRuns and EvalRun with an empty tenant
	// fail with ErrTenantRequired instead of reading every tenant's rows.
	RequireTenant bool
}

// Log is a query log in one SQLite file. It implements hybridrag.QueryLog
// and is safe for concurrent use; several Logs (in one or several
// processes) may share a file.
type Log struct {
	db   *sql.DB
	path string
	opts Options
	// wmu queues this handle's writes in Go rather than in SQLite's busy
	// handler, which sleeps and retries; other handles still wait there.
	wmu    sync.Mutex
	closed atomic.Bool
}

var _ hybridrag.QueryLog = (*Log)(nil)

// Open opens the query log at path, creating the file and its schema if
// needed and migrating an older schema. A database written by a newer
// version of this package fails with a *SchemaError (ErrSchemaTooNew),
// another application's database with ErrNotQueryLog.
func Open(path string, opts Options) (*Log, error) {
	switch {
	case path == "":
		return nil, fmt.Errorf("%w: empty path", ErrInvalidArgument)
	case opts.Retention < 0, opts.MaxRows < 0, opts.BusyTimeout < 0:
		return nil, fmt.Errorf("%w: negative Retention, MaxRows or BusyTimeout", ErrInvalidArgument)
	}
	db, err := sql.Open("sqlite", dsn(path, opts))
	if err != nil {
		return nil, fmt.Errorf("sqlitelog: open %s: %w", path, err)
	}
	if err := migrate(context.Background(), db, path); err != nil {
		_ = db.Close()
		return nil, err
	}
	return &Log{db: db, path: path, opts: opts}, nil
}

// dsn builds a file: URI (so that any path, even one holding '?' or '#',
// names the file) with the connection settings every pooled connection
// applies: WAL, so readers never block the writer; a busy timeout, so
// writers from other handles wait instead of failing; foreign keys, so
// feedback goes with its query; BEGIN IMMEDIATE for transactions, so a
// transaction never has to upgrade a read lock (which fails at once with
// SQLITE_BUSY under contention); synchronous=NORMAL, durable across
// process crashes (a power loss may lose the last transactions).
func dsn(path string, opts Options) string {
	busy := opts.BusyTimeout
	if busy == 0 {
		busy = DefaultBusyTimeout
	}
	escaped := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	q := url.Values{}
	q.Set("_busy_timeout", strconv.FormatInt(busy.Milliseconds(), 10))
	q.Set("_journal_mode", "WAL")
	q.Set("_foreign_keys", "1")
	q.Set("_synchronous", "NORMAL")
	q.Set("_txlock", "immediate")
	return "file:" + escaped + "?" + q.Encode()
}

// Path returns the database file's path.
func (l *Log) Path() string { return l.path }

// Close closes the database. It is safe to call twice.
func (l *Log) Close() error {
	if l.closed.Swap(true) {
		return nil
	}
	return l.db.Close()
}

func (l *Log) check() error {
	if l.closed.Load() {
		return ErrClosed
	}
	return nil
}

// checkRead is check for a read scoped to tenant ("" meaning every
// tenant), enforcing Options.RequireTenant.
func (l *Log) checkRead(tenant string) error {
	if err := l.check(); err != nil {
		return err
	}
	if tenant == "" && l.opts.RequireTenant {
		return ErrTenantRequired
	}
	return nil
}

// writeTx runs fn in a write transaction.
func (l *Log) writeTx(ctx context.Context, fn func(*sql.Tx) error) error {
	if err := l.check(); err != nil {
		return err
	}
	l.wmu.Lock()
	defer l.wmu.Unlock()
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlitelog: begin: %w", err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlitelog: commit: %w", err)
	}
	return nil
}

// nanos and fromNanos store times as UTC nanoseconds; the zero time is 0.
func nanos(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

func fromNanos(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n).UTC()
}
