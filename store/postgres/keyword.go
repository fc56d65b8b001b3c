package postgres

import (
	"context"
	"fmt"
	"strings"

	"github.com/hybridrag/hybridrag/store"
)

// SearchKeyword returns the k chunks that best match query by PostgreSQL
// full-text search among those passing f, best first. The query goes
// through websearch_to_tsquery('english', ...); a plain question's words
// are joined with "or", so that a chunk matching any of them is a
// candidate, as with BM25, while queries written in web-search syntax
// (quoted phrases, -exclusions, an explicit "or") keep their meaning.
// Scores are ts_rank_cd cover-density ranks of the title, heading path and
// text, not BM25: they do not depend on the rest of the collection, so a
// filter never changes them. A query with no searchable terms (empty, or
// only stop words) returns no hits. Each hit carries its stored
// (normalised) vector.
func (s *Store) SearchKeyword(ctx context.Context, query string, k int, f store.Filter) ([]store.Hit, error) {
	if k < 1 {
		return nil, ErrInvalidK
	}
	done, err := s.enter(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	q := orQuery(query)
	if q == "" {
		return nil, nil
	}
	var b strings.Builder
	b.WriteString(s.q.keyword)
	args := appendFilter(&b, []any{q}, &f)
	args = append(args, k)
	fmt.Fprintf(&b, " ORDER BY score DESC, serial LIMIT $%d", len(args))
	return s.queryHits(ctx, "keyword search", b.String(), args...)
}

// queryHits runs a search whose rows are chunkColumns, the embedding and
// the score, and returns them as hits in row order.
func (s *Store) queryHits(ctx context.Context, what, sql string, args ...any) ([]store.Hit, error) {
	rows, err := s.pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("postgres: %s: %w", what, err)
	}
	defer rows.Close()
	var hits []store.Hit
	for rows.Next() {
		var h store.Hit
		var err error
		if _, h.Chunk, err = scanChunk(rows, &h.Vector, &h.Score); err != nil {
			return nil, fmt.Errorf("postgres: %s: %w", what, err)
		}
		hits = append(hits, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: %s: %w", what, err)
	}
	return hits, nil
}

// orQuery rewrites a plain question for websearch_to_tsquery so that its
// words are alternatives ("a or b or c") rather than all required. A query
// that uses web-search syntax (a double quote, a word starting with '-',
// or the word "or") passes unchanged.
func orQuery(q string) string {
	words := strings.Fields(q)
	for _, w := range words {
		if strings.ContainsRune(w, '"') || strings.HasPrefix(w, "-") || strings.EqualFold(w, "or") {
			return strings.Join(words, " ")
		}
	}
	return strings.Join(words, " or ")
}
