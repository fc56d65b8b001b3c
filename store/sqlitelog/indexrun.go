package sqlitelog

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"
)

// IndexRun is one indexing run, for the audit trail of what was indexed
// when: the folders or files given, the counts, and the files that could
// not be indexed with the reason.
type IndexRun struct {
	ID       int64 // assigned by SaveIndexRun
	Started  time.Time
	Duration time.Duration
	Roots    []string
	Tenant   string
	Project  string
	// Documents and Chunks are what the run's documents now hold in the
	// store; New, Replaced, Unchanged, Removed and Skipped split the work.
	Documents, Chunks                          int
	New, Replaced, Unchanged, Removed, Skipped int
	// Errors name each skipped file and why ("path: reason").
	Errors []string
}

// SaveIndexRun appends a run and returns its id. Index runs are not
// subject to Retention, MaxRows or Disabled.
func (l *Log) SaveIndexRun(ctx context.Context, r IndexRun) (int64, error) {
	roots, err := json.Marshal(nonNilStrings(r.Roots))
	if err != nil {
		return 0, fmt.Errorf("sqlitelog: save index run: %w", err)
	}
	errs, err := json.Marshal(nonNilStrings(r.Errors))
	if err != nil {
		return 0, fmt.Errorf("sqlitelog: save index run: %w", err)
	}
	var id int64
	err = l.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO index_runs (started, duration_ms, roots, tenant, project,
			documents, chunks, new, replaced, unchanged, removed, skipped, errors)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			nanos(r.Started), float64(r.Duration.Microseconds())/1000, string(roots), r.Tenant, r.Project,
			r.Documents, r.Chunks, r.New, r.Replaced, r.Unchanged, r.Removed, r.Skipped, string(errs))
		if err != nil {
			return fmt.Errorf("sqlitelog: save index run: %w", err)
		}
		id, err = res.LastInsertId()
		return err
	})
	return id, err
}

// IndexRuns returns stored index runs of tenant ("" meaning every
// tenant), newest first; limit <= 0 returns all.
func (l *Log) IndexRuns(ctx context.Context, tenant string, limit int) ([]IndexRun, error) {
	if err := l.checkRead(tenant); err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	rows, err := l.db.QueryContext(ctx, `SELECT id, started, duration_ms, roots, tenant, project,
		documents, chunks, new, replaced, unchanged, removed, skipped, errors
		FROM index_runs WHERE ? = '' OR tenant = ? ORDER BY id DESC LIMIT ?`, tenant, tenant, limit)
	if err != nil {
		return nil, fmt.Errorf("sqlitelog: index runs: %w", err)
	}
	defer rows.Close()
	runs := []IndexRun{}
	for rows.Next() {
		var (
			r             IndexRun
			started       int64
			ms            float64
			roots, errors string
		)
		if err := rows.Scan(&r.ID, &started, &ms, &roots, &r.Tenant, &r.Project, &r.Documents, &r.Chunks,
			&r.New, &r.Replaced, &r.Unchanged, &r.Removed, &r.Skipped, &errors); err != nil {
			return nil, fmt.Errorf("sqlitelog: index runs: %w", err)
		}
		r.Started = fromNanos(started)
		r.Duration = time.Duration(ms * float64(time.Millisecond))
		if err := json.Unmarshal([]byte(roots), &r.Roots); err != nil {
			return nil, fmt.Errorf("sqlitelog: index run %d: roots: %w", r.ID, err)
		}
		if err := json.Unmarshal([]byte(errors), &r.Errors); err != nil {
			return nil, fmt.Errorf("sqlitelog: index run %d: errors: %w", r.ID, err)
		}
		runs = append(runs, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlitelog: index runs: %w", err)
	}
	return runs, nil
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
