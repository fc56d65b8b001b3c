package sqlitelog

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hybridrag/hybridrag/eval"
)

// Log is the eval package's run store: it keeps eval.RunRecord values as
// they are, the aggregate and questions as JSON documents whose shape
// belongs to package eval.
var _ eval.RunStore = (*Log)(nil)

// SaveEvalRun stores a run, replacing a stored run with the same ID; it
// implements eval.RunStore. An empty ID or a document that is not valid
// JSON fails with ErrInvalidArgument; an empty document is stored as NULL
// and read back as nil. Eval runs are not subject to Retention, MaxRows or
// Disabled.
func (l *Log) SaveEvalRun(ctx context.Context, run eval.RunRecord) error {
	if run.ID == "" {
		return fmt.Errorf("%w: empty eval run id", ErrInvalidArgument)
	}
	for name, doc := range map[string]json.RawMessage{"aggregate": run.Aggregate, "questions": run.Questions} {
		if len(doc) > 0 && !json.Valid(doc) {
			return fmt.Errorf("%w: eval run %s: %s is not valid JSON", ErrInvalidArgument, run.ID, name)
		}
	}
	return l.writeTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO eval_runs (id, started, name, tenant, aggregate, questions)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT(id) DO UPDATE SET started = excluded.started, name = excluded.name, tenant = excluded.tenant,
				aggregate = excluded.aggregate, questions = excluded.questions`,
			run.ID, nanos(run.Started), run.Name, run.Tenant, nullJSON(run.Aggregate), nullJSON(run.Questions))
		if err != nil {
			return fmt.Errorf("sqlitelog: save eval run %s: %w", run.ID, err)
		}
		return nil
	})
}

// EvalRuns returns the stored runs of tenant ("" meaning every run), most
// recently started first; limit <= 0 returns all. A run whose questions
// spanned several tenants (RunRecord.Tenant "") is listed only for "".
func (l *Log) EvalRuns(ctx context.Context, tenant string, limit int) ([]eval.RunRecord, error) {
	if err := l.checkRead(tenant); err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	rows, err := l.db.QueryContext(ctx, `SELECT id, started, name, tenant, aggregate, questions FROM eval_runs
		WHERE ? = '' OR tenant = ? ORDER BY started DESC, id LIMIT ?`, tenant, tenant, limit)
	if err != nil {
		return nil, fmt.Errorf("sqlitelog: eval runs: %w", err)
	}
	defer rows.Close()
	runs := []eval.RunRecord{}
	for rows.Next() {
		r, err := scanEvalRun(rows)
		if err != nil {
			return nil, err
		}
		runs = append(runs, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlitelog: eval runs: %w", err)
	}
	return runs, nil
}

// EvalRun returns one stored run of tenant ("" meaning any run); an
// unknown id, or a run of another tenant, fails with a *NotFoundError.
func (l *Log) EvalRun(ctx context.Context, tenant, id string) (eval.RunRecord, error) {
	if err := l.checkRead(tenant); err != nil {
		return eval.RunRecord{}, err
	}
	r, err := scanEvalRun(l.db.QueryRowContext(ctx,
		`SELECT id, started, name, tenant, aggregate, questions FROM eval_runs WHERE id = ? AND (? = '' OR tenant = ?)`, id, tenant, tenant))
	if errors.Is(err, sql.ErrNoRows) {
		return eval.RunRecord{}, &NotFoundError{What: "eval run", ID: id}
	}
	return r, err
}

func scanEvalRun(s scanner) (eval.RunRecord, error) {
	var (
		r          eval.RunRecord
		started    int64
		agg, quest sql.NullString
	)
	if err := s.Scan(&r.ID, &started, &r.Name, &r.Tenant, &agg, &quest); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return r, err
		}
		return r, fmt.Errorf("sqlitelog: read eval run: %w", err)
	}
	r.Started = fromNanos(started)
	if agg.Valid {
		r.Aggregate = json.RawMessage(agg.String)
	}
	if quest.Valid {
		r.Questions = json.RawMessage(quest.String)
	}
	return r, nil
}

func nullJSON(doc json.RawMessage) any {
	if len(doc) == 0 {
		return nil
	}
	return string(doc)
}
