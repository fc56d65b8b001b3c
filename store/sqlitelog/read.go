package sqlitelog

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/gate"
)

// Limits of Recent.
const (
	DefaultRecentLimit = 20
	MaxRecentLimit     = 1000
)

// Entry is one logged query with its id and feedback.
type Entry struct {
	ID int64 `json:"id"`
	hybridrag.QueryRecord
	// QuestionSHA256 is the SHA-256 of the question as asked, stored even
	// when the text is not, so that identical questions can be grouped.
	QuestionSHA256 string `json:"question_sha256"`
	// Redacted is true when question and answer were stored as markers.
	Redacted bool `json:"redacted,omitempty"`
	// Feedback holds every verdict given on the answer, oldest first.
	Feedback []Feedback `json:"feedback,omitempty"`
}

// RecentQuery selects and pages logged queries, newest first. Empty string
// fields match any value.
type RecentQuery struct {
	Tenant  string
	Project string
	// Projects, if non-empty, keeps only queries in one of these projects
	// (on top of Project).
	Projects []string
	Agent    string
	// Limit is the page size (0: DefaultRecentLimit; at most
	// MaxRecentLimit).
	Limit int
	// Before, if positive, is a cursor: only ids below it are returned.
	// Pass the last ID of a page to get the next one; unlike Offset, it is
	// stable while new rows arrive.
	Before int64
	// Offset skips that many matching rows.
	Offset int
}

const entryColumns = `id, time, tenant, project, agent, kind, question, question_sha256, redacted,
	retrieved, cited, answer, refusal_reason, confidence, attribution_coverage,
	generator, model, retrieval_ms, generation_ms, total_ms, prompt_tokens, completion_tokens, error, profile`

// Recent returns logged queries, newest first.
func (l *Log) Recent(ctx context.Context, q RecentQuery) ([]Entry, error) {
	if err := l.checkRead(q.Tenant); err != nil {
		return nil, err
	}
	switch {
	case q.Limit < 0 || q.Limit > MaxRecentLimit:
		return nil, fmt.Errorf("%w: limit %d outside 0..%d", ErrInvalidArgument, q.Limit, MaxRecentLimit)
	case q.Offset < 0:
		return nil, fmt.Errorf("%w: negative offset %d", ErrInvalidArgument, q.Offset)
	case q.Before < 0:
		return nil, fmt.Errorf("%w: negative cursor %d", ErrInvalidArgument, q.Before)
	}
	limit := q.Limit
	if limit == 0 {
		limit = DefaultRecentLimit
	}
	var where []string
	var args []any
	for _, c := range []struct {
		col, val string
	}{{"tenant", q.Tenant}, {"project", q.Project}, {"agent", q.Agent}} {
		if c.val != "" {
			where = append(where, c.col+" = ?")
			args = append(args, c.val)
		}
	}
	if len(q.Projects) > 0 {
		where = append(where, "project IN ("+strings.TrimSuffix(strings.Repeat("?,", len(q.Projects)), ",")+")")
		for _, p := range q.Projects {
			args = append(args, p)
		}
	}
	if q.Before > 0 {
		where = append(where, "id < ?")
		args = append(args, q.Before)
	}
	query := `SELECT ` + entryColumns + ` FROM queries`
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, " AND ")
	}
	query += ` ORDER BY id DESC LIMIT ? OFFSET ?`
	args = append(args, limit, q.Offset)

	rows, err := l.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlitelog: recent: %w", err)
	}
	defer rows.Close()
	entries := []Entry{}
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, err
		}
		entries = append(entries, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlitelog: recent: %w", err)
	}
	if err := l.loadFeedback(ctx, entries); err != nil {
		return nil, err
	}
	return entries, nil
}

// Get returns one logged query of tenant ("" meaning any tenant); an
// unknown id, or one of another tenant, fails with a *NotFoundError.
func (l *Log) Get(ctx context.Context, tenant string, id int64) (Entry, error) {
	if err := l.checkRead(tenant); err != nil {
		return Entry{}, err
	}
	row := l.db.QueryRowContext(ctx, `SELECT `+entryColumns+` FROM queries WHERE id = ? AND (? = '' OR tenant = ?)`, id, tenant, tenant)
	e, err := scanEntry(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Entry{}, &NotFoundError{What: "query", ID: strconv.FormatInt(id, 10)}
	}
	if err != nil {
		return Entry{}, err
	}
	entries := []Entry{e}
	if err := l.loadFeedback(ctx, entries); err != nil {
		return Entry{}, err
	}
	return entries[0], nil
}

type scanner interface{ Scan(dest ...any) error }

func scanEntry(s scanner) (Entry, error) {
	var (
		e                        Entry
		t                        int64
		kind, refusal, conf      string
		retrievedJSON, citedJSON string
	)
	r := &e.QueryRecord
	err := s.Scan(&e.ID, &t, &r.Tenant, &r.Project, &r.Agent, &kind, &r.Question, &e.QuestionSHA256, &e.Redacted,
		&retrievedJSON, &citedJSON, &r.Answer, &refusal, &conf, &r.AttributionCoverage,
		&r.Generator, &r.Model, &r.RetrievalMS, &r.GenerationMS, &r.TotalMS, &r.PromptTokens, &r.CompletionTokens, &r.Error, &r.Profile)
	if errors.Is(err, sql.ErrNoRows) {
		return e, err
	}
	if err != nil {
		return e, fmt.Errorf("sqlitelog: read query: %w", err)
	}
	r.Time = fromNanos(t)
	r.Kind, r.RefusalReason, r.Confidence = hybridrag.QueryKind(kind), gate.Reason(refusal), gate.Confidence(conf)
	if err := json.Unmarshal([]byte(retrievedJSON), &r.Retrieved); err != nil {
		return e, fmt.Errorf("sqlitelog: query %d: decode retrieved: %w", e.ID, err)
	}
	if err := json.Unmarshal([]byte(citedJSON), &r.Cited); err != nil {
		return e, fmt.Errorf("sqlitelog: query %d: decode cited: %w", e.ID, err)
	}
	return e, nil
}
