package sqlitelog

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// MaxCommentLength bounds a feedback comment, in characters.
const MaxCommentLength = 4000

// Feedback is one verdict on a logged answer.
type Feedback struct {
	Time    time.Time `json:"time"`
	Correct bool      `json:"correct"`
	Comment string    `json:"comment,omitempty"`
}

// Feedback stores a verdict (correct or not, with an optional comment)
// against the logged query id of tenant ("" meaning any tenant). Several
// verdicts may be given; all are kept. An unknown id, or one of another
// tenant, fails with a *NotFoundError, a comment that is not valid UTF-8 or
// longer than MaxCommentLength with ErrInvalidArgument.
func (l *Log) Feedback(ctx context.Context, tenant string, id int64, correct bool, comment string) error {
	if !utf8.ValidString(comment) || utf8.RuneCountInString(comment) > MaxCommentLength {
		return fmt.Errorf("%w: comment must be valid UTF-8 of at most %d characters", ErrInvalidArgument, MaxCommentLength)
	}
	if err := l.checkRead(tenant); err != nil {
		return err
	}
	return l.writeTx(ctx, func(tx *sql.Tx) error {
		var one int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM queries WHERE id = ? AND (? = '' OR tenant = ?)`, id, tenant, tenant).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return &NotFoundError{What: "query", ID: strconv.FormatInt(id, 10)}
		}
		if err != nil {
			return fmt.Errorf("sqlitelog: feedback: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO feedback (query_id, time, correct, comment) VALUES (?, ?, ?, ?)`,
			id, time.Now().UnixNano(), correct, comment); err != nil {
			return fmt.Errorf("sqlitelog: feedback: %w", err)
		}
		return nil
	})
}

// loadFeedback fills the Feedback of entries in one query.
func (l *Log) loadFeedback(ctx context.Context, entries []Entry) error {
	if len(entries) == 0 {
		return nil
	}
	index := make(map[int64]int, len(entries))
	args := make([]any, len(entries))
	for i, e := range entries {
		index[e.ID] = i
		args[i] = e.ID
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(entries)), ",")
	rows, err := l.db.QueryContext(ctx,
		`SELECT query_id, time, correct, comment FROM feedback WHERE query_id IN (`+marks+`) ORDER BY id`, args...)
	if err != nil {
		return fmt.Errorf("sqlitelog: read feedback: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			qid, t int64
			f      Feedback
		)
		if err := rows.Scan(&qid, &t, &f.Correct, &f.Comment); err != nil {
			return fmt.Errorf("sqlitelog: read feedback: %w", err)
		}
		f.Time = fromNanos(t)
		e := &entries[index[qid]]
		e.Feedback = append(e.Feedback, f)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("sqlitelog: read feedback: %w", err)
	}
	return nil
}
