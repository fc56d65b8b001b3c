package sqlitelog

import (
	"context"
	"database/sql"
	"fmt"
)

// SchemaVersion is the schema version this package writes, stored in the
// database's user_version.
const SchemaVersion = 4

// applicationID marks the file as a hybridrag query log ("hrLg") in the
// SQLite header, so Open can refuse another application's database.
const applicationID = 0x68724c67

// migrations[v] upgrades a database from schema version v to v+1. Entries
// are append-only: a released migration never changes.
var migrations = [][]string{
	{
		`CREATE TABLE queries (
			id                   INTEGER PRIMARY KEY AUTOINCREMENT,
			time                 INTEGER NOT NULL,
			tenant               TEXT    NOT NULL DEFAULT '',
			project              TEXT    NOT NULL DEFAULT '',
			agent                TEXT    NOT NULL DEFAULT '',
			kind                 TEXT    NOT NULL DEFAULT '',
			question             TEXT    NOT NULL DEFAULT '',
			question_sha256      TEXT    NOT NULL DEFAULT '',
			redacted             INTEGER NOT NULL DEFAULT 0,
			retrieved            TEXT    NOT NULL DEFAULT '[]',
			cited                TEXT    NOT NULL DEFAULT '[]',
			answer               TEXT    NOT NULL DEFAULT '',
			refusal_reason       TEXT    NOT NULL DEFAULT '',
			confidence           TEXT    NOT NULL DEFAULT '',
			attribution_coverage REAL    NOT NULL DEFAULT 0,
			generator            TEXT    NOT NULL DEFAULT '',
			model                TEXT    NOT NULL DEFAULT '',
			retrieval_ms         REAL    NOT NULL DEFAULT 0,
			generation_ms        REAL    NOT NULL DEFAULT 0,
			total_ms             REAL    NOT NULL DEFAULT 0,
			prompt_tokens        INTEGER NOT NULL DEFAULT 0,
			completion_tokens    INTEGER NOT NULL DEFAULT 0,
			error                TEXT    NOT NULL DEFAULT ''
		)`,
		`CREATE INDEX queries_time ON queries(time)`,
		// Recent's filters, each ending in id so that "newest first" reads
		// the index in order instead of sorting every match.
		`CREATE INDEX queries_tenant ON queries(tenant, id)`,
		`CREATE INDEX queries_scope ON queries(tenant, project, id)`,
		`CREATE INDEX queries_agent ON queries(agent, id)`,
		`CREATE TABLE feedback (
			id       INTEGER PRIMARY KEY AUTOINCREMENT,
			query_id INTEGER NOT NULL REFERENCES queries(id) ON DELETE CASCADE,
			time     INTEGER NOT NULL,
			correct  INTEGER NOT NULL,
			comment  TEXT    NOT NULL DEFAULT ''
		)`,
		`CREATE INDEX feedback_query ON feedback(query_id)`,
		`CREATE TABLE eval_runs (
			id        TEXT    PRIMARY KEY,
			started   INTEGER NOT NULL,
			name      TEXT    NOT NULL DEFAULT '',
			aggregate TEXT,
			questions TEXT
		)`,
		`CREATE INDEX eval_runs_started ON eval_runs(started)`,
	},
	{
		// 2: the audit trail of index runs (IndexRun).
		`CREATE TABLE index_runs (
			id          INTEGER PRIMARY KEY AUTOINCREMENT,
			started     INTEGER NOT NULL,
			duration_ms REAL    NOT NULL DEFAULT 0,
			roots       TEXT    NOT NULL DEFAULT '[]',
			tenant      TEXT    NOT NULL DEFAULT '',
			project     TEXT    NOT NULL DEFAULT '',
			documents   INTEGER NOT NULL DEFAULT 0,
			chunks      INTEGER NOT NULL DEFAULT 0,
			new         INTEGER NOT NULL DEFAULT 0,
			replaced    INTEGER NOT NULL DEFAULT 0,
			unchanged   INTEGER NOT NULL DEFAULT 0,
			removed     INTEGER NOT NULL DEFAULT 0,
			skipped     INTEGER NOT NULL DEFAULT 0,
			errors      TEXT    NOT NULL DEFAULT '[]'
		)`,
	},
	{
		// 3: the model profile of the agent that answered (issue 14);
		// older rows read as "".
		`ALTER TABLE queries ADD COLUMN profile TEXT NOT NULL DEFAULT ''`,
	},
	{
		// 4: eval runs carry their tenant, so reads can be scoped by it.
		`ALTER TABLE eval_runs ADD COLUMN tenant TEXT NOT NULL DEFAULT ''`,
		`CREATE INDEX index_runs_tenant ON index_runs(tenant, id)`,
	},
}

// migrate brings the schema to SchemaVersion in one write transaction, so
// that two processes opening a new file at once cannot both create it.
func migrate(ctx context.Context, db *sql.DB, path string) error {
	tx, err := db.BeginTx(ctx, nil) // BEGIN IMMEDIATE (see dsn)
	if err != nil {
		return fmt.Errorf("sqlitelog: open %s: %w", path, err)
	}
	defer tx.Rollback()

	var appID, version, tables int
	if err := tx.QueryRowContext(ctx, `PRAGMA application_id`).Scan(&appID); err != nil {
		return fmt.Errorf("sqlitelog: open %s: %w", path, err)
	}
	if err := tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil {
		return fmt.Errorf("sqlitelog: open %s: %w", path, err)
	}
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master`).Scan(&tables); err != nil {
		return fmt.Errorf("sqlitelog: open %s: %w", path, err)
	}
	switch {
	case appID != 0 && appID != applicationID,
		appID == 0 && (version != 0 || tables != 0):
		return fmt.Errorf("%w: %s", ErrNotQueryLog, path)
	case version > SchemaVersion:
		return &SchemaError{Path: path, Found: version, Supported: SchemaVersion}
	case version == SchemaVersion:
		return nil // nothing to write; Rollback ends the transaction
	}
	for v := version; v < SchemaVersion; v++ {
		for _, stmt := range migrations[v] {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("sqlitelog: migrate %s to version %d: %w", path, v+1, err)
			}
		}
	}
	// PRAGMA arguments cannot be bound parameters; both are constants.
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, SchemaVersion)); err != nil {
		return fmt.Errorf("sqlitelog: migrate %s: %w", path, err)
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA application_id = %d`, applicationID)); err != nil {
		return fmt.Errorf("sqlitelog: migrate %s: %w", path, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlitelog: migrate %s: %w", path, err)
	}
	return nil
}
