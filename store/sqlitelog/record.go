package sqlitelog

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/hybridrag/hybridrag"
)

// Redacted returns the marker that replaces text when Options.Redact is
// set: "[redacted sha256:<hex>]". Compute it for a known question to find
// its rows.
func Redacted(text string) string { return "[redacted sha256:" + sha256Hex(text) + "]" }

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// Record stores r and returns its id (0 when the Log is Disabled). A zero
// r.Time is set to now. Non-finite scores (NaN, ±Inf) are stored as 0:
// neither SQLite REAL nor JSON can hold NaN. With Retention or MaxRows
// set, the rows they exclude are deleted in the same transaction.
func (l *Log) Record(ctx context.Context, r hybridrag.QueryRecord) (int64, error) {
	if l.opts.Disabled {
		return 0, l.check()
	}
	if r.Time.IsZero() {
		r.Time = time.Now()
	}
	qHash := sha256Hex(r.Question)
	if l.opts.Redact {
		r.Question = Redacted(r.Question)
		if r.Answer != "" {
			r.Answer = Redacted(r.Answer)
		}
	}
	retrieved := make([]hybridrag.RetrievedChunk, len(r.Retrieved))
	for i, c := range r.Retrieved {
		c.Relevance, c.BM25, c.Cosine, c.Fused = finite(c.Relevance), finite(c.BM25), finite(c.Cosine), finite(c.Fused)
		retrieved[i] = c
	}
	retrievedJSON, err := json.Marshal(retrieved)
	if err != nil {
		return 0, fmt.Errorf("sqlitelog: encode retrieved: %w", err)
	}
	cited := r.Cited
	if cited == nil {
		cited = []string{}
	}
	citedJSON, err := json.Marshal(cited)
	if err != nil {
		return 0, fmt.Errorf("sqlitelog: encode cited: %w", err)
	}

	var id int64
	err = l.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO queries (
			time, tenant, project, agent, kind, question, question_sha256, redacted,
			retrieved, cited, answer, refusal_reason, confidence, attribution_coverage,
			generator, model, retrieval_ms, generation_ms, total_ms,
			prompt_tokens, completion_tokens, error, profile
		) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			nanos(r.Time), r.Tenant, r.Project, r.Agent, string(r.Kind), r.Question, qHash, l.opts.Redact,
			string(retrievedJSON), string(citedJSON), r.Answer, string(r.RefusalReason), string(r.Confidence),
			finite(r.AttributionCoverage), r.Generator, r.Model,
			finite(r.RetrievalMS), finite(r.GenerationMS), finite(r.TotalMS),
			r.PromptTokens, r.CompletionTokens, r.Error, r.Profile,
		)
		if err != nil {
			return fmt.Errorf("sqlitelog: record: %w", err)
		}
		if id, err = res.LastInsertId(); err != nil {
			return fmt.Errorf("sqlitelog: record: %w", err)
		}
		_, err = l.prune(ctx, tx)
		return err
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

// Prune deletes the queries (and their feedback) that Retention and
// MaxRows exclude, and returns how many queries it deleted. Record does
// the same on every write; Prune serves a log that is read more than
// written, or options that were just tightened.
func (l *Log) Prune(ctx context.Context) (int64, error) {
	var n int64
	err := l.writeTx(ctx, func(tx *sql.Tx) error {
		var err error
		n, err = l.prune(ctx, tx)
		return err
	})
	return n, err
}

func (l *Log) prune(ctx context.Context, tx *sql.Tx) (int64, error) {
	var deleted int64
	if l.opts.Retention > 0 {
		cutoff := time.Now().Add(-l.opts.Retention).UnixNano()
		res, err := tx.ExecContext(ctx, `DELETE FROM queries WHERE time < ?`, cutoff)
		if err != nil {
			return 0, fmt.Errorf("sqlitelog: prune by age: %w", err)
		}
		n, _ := res.RowsAffected()
		deleted += n
	}
	if l.opts.MaxRows > 0 {
		// Ids only grow (AUTOINCREMENT), so the newest MaxRows rows are
		// among the last MaxRows ids: an O(log n) bound, where counting or
		// an OFFSET would visit MaxRows rows on every write.
		res, err := tx.ExecContext(ctx, `DELETE FROM queries WHERE id <= (SELECT max(id) FROM queries) - ?`, l.opts.MaxRows)
		if err != nil {
			return 0, fmt.Errorf("sqlitelog: prune by count: %w", err)
		}
		n, _ := res.RowsAffected()
		deleted += n
	}
	return deleted, nil
}

func finite(f float64) float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return f
}
