package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hybridrag/hybridrag/internal/topk"
	"github.com/hybridrag/hybridrag/store"
)

// SearchVector returns the k chunks most cosine-similar to vec that pass f,
// best first. vec need not be normalised. Scores are cosine similarities in
// [-1, 1]; each hit carries a copy of the chunk's stored (normalised)
// vector. With the in-process index the filter is applied to every row
// during the scan and the chunks are then read by primary key. When a
// concurrent write removed one of them in between, the search runs again
// with the index and the chunks read from one snapshot, so results always
// come from one index version, however often writes land.
func (s *Store) SearchVector(ctx context.Context, vec []float32, k int, f store.Filter) ([]store.Hit, error) {
	if k < 1 {
		return nil, ErrInvalidK
	}
	done, err := s.enter(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	if len(vec) == 0 {
		return nil, fmt.Errorf("%w: empty query vector", store.ErrDimensionMismatch)
	}
	if err := store.CheckVector(vec); err != nil {
		return nil, fmt.Errorf("query vector: %w", err)
	}
	if s.pgv != nil {
		return s.pgv.search(ctx, s, vec, k, &f)
	}
	q := normalize(vec)
	rf := compileFilter(&f)
	if err := s.sync(ctx); err != nil {
		return nil, err
	}
	// Optimistically: scan, then read the chunks with no lock held. A
	// bounded retry of this is not enough: a steady writer can replace the
	// document between scan and read on every attempt.
	serials, scores, vecs, err := s.scanIndex(ctx, q, k, &rf)
	if err != nil || len(serials) == 0 {
		return nil, err
	}
	if s.afterScan != nil {
		s.afterScan()
	}
	chunks, err := s.chunksBySerial(ctx, s.pool, serials)
	if err != nil {
		return nil, err
	}
	if len(chunks) < len(serials) {
		return s.searchSnapshot(ctx, q, k, &rf)
	}
	return vectorHits(serials, scores, vecs, chunks), nil
}

// searchSnapshot scans the index and reads the chunks back in one
// repeatable-read snapshot. It holds syncMu throughout, so the index,
// pulled up to the snapshot first, stays at exactly the snapshot's index
// version: every serial the scan returns is in the snapshot, and one
// missing means the index and the tables disagree.
func (s *Store) searchSnapshot(ctx context.Context, q []float32, k int, rf *rowFilter) ([]store.Hit, error) {
	s.syncMu.Lock()
	defer s.syncMu.Unlock()
	tx, err := s.beginSnapshot(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := s.pullIn(ctx, tx); err != nil {
		return nil, err
	}
	s.lastCheck = time.Now()
	serials, scores, vecs, err := s.scanIndex(ctx, q, k, rf)
	if err != nil || len(serials) == 0 {
		return nil, err
	}
	if s.afterScan != nil {
		s.afterScan()
	}
	chunks, err := s.chunksBySerial(ctx, tx, serials)
	if err != nil {
		return nil, err
	}
	if len(chunks) < len(serials) {
		s.mu.RLock()
		v := s.ix.version
		s.mu.RUnlock()
		return nil, fmt.Errorf("postgres: vector search: %d of %d chunks the index holds at index version %d are not stored: %w",
			len(serials)-len(chunks), len(serials), v, store.ErrCorrupt)
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, fmt.Errorf("postgres: read chunks: %w", err)
	}
	return vectorHits(serials, scores, vecs, chunks), nil
}

func vectorHits(serials []int64, scores []float32, vecs [][]float32, chunks map[int64]store.Chunk) []store.Hit {
	hits := make([]store.Hit, len(serials))
	for i, serial := range serials {
		hits[i] = store.Hit{Chunk: chunks[serial], Score: float64(scores[i]), Vector: vecs[i]}
	}
	return hits
}

// scanIndex runs the in-process scan and copies out the winners' serials,
// scores and vectors.
func (s *Store) scanIndex(ctx context.Context, q []float32, k int, rf *rowFilter) ([]int64, []float32, [][]float32, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	ix := s.ix
	if len(ix.rows) == 0 {
		return nil, nil, nil, nil
	}
	if len(q) != ix.dim {
		return nil, nil, nil, fmt.Errorf("%w: query has %d dimensions, store has %d", store.ErrDimensionMismatch, len(q), ix.dim)
	}
	top := topk.New(min(k, len(ix.rows)))
	if err := ix.search(ctx, q, rf, top); err != nil {
		return nil, nil, nil, err
	}
	best := top.Sorted()
	serials := make([]int64, len(best))
	scores := make([]float32, len(best))
	vecs := make([][]float32, len(best))
	flat := make([]float32, len(best)*ix.dim)
	for i, c := range best {
		row := int32(c.ID)
		serials[i] = ix.rows[row].serial
		scores[i] = float32(c.Score)
		v := flat[i*ix.dim : (i+1)*ix.dim : (i+1)*ix.dim]
		copy(v, ix.vector(row))
		vecs[i] = v
	}
	return serials, scores, vecs, nil
}

// querier is what chunksBySerial reads through: the pool, or a
// transaction for a snapshot.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// chunksBySerial reads chunks by primary key; serials no longer stored are
// absent from the result.
func (s *Store) chunksBySerial(ctx context.Context, db querier, serials []int64) (map[int64]store.Chunk, error) {
	rows, err := db.Query(ctx, s.q.chunksBySerial, serials)
	if err != nil {
		return nil, fmt.Errorf("postgres: read chunks: %w", err)
	}
	defer rows.Close()
	out := make(map[int64]store.Chunk, len(serials))
	for rows.Next() {
		serial, c, err := scanChunk(rows)
		if err != nil {
			return nil, fmt.Errorf("postgres: read chunks: %w", err)
		}
		out[serial] = c
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: read chunks: %w", err)
	}
	return out, nil
}
