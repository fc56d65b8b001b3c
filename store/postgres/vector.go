package postgres

import (
	"context"
	"fmt"

	"github.com/hybridrag/hybridrag/internal/topk"
	"github.com/hybridrag/hybridrag/store"
)

// maxFetchAttempts bounds how often a vector search rescans when writes
// removed some of its results between the scan and reading them back.
const maxFetchAttempts = 8

// SearchVector returns the k chunks most cosine-similar to vec that pass f,
// best first. vec need not be normalised. Scores are cosine similarities in
// [-1, 1]; each hit carries a copy of the chunk's stored (normalised)
// vector. With the in-process index the filter is applied to every row
// during the scan and the chunks are then read by primary key; when a
// concurrent write removed one of them in between, the search catches up
// with the change log and scans again, so results always come from one
// index version.
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
	for attempt := 1; ; attempt++ {
		if err := s.syncIndex(ctx, attempt > 1); err != nil {
			return nil, err
		}
		serials, scores, vecs, err := s.scanIndex(ctx, q, k, &rf)
		if err != nil || len(serials) == 0 {
			return nil, err
		}
		chunks, err := s.chunksBySerial(ctx, serials)
		if err != nil {
			return nil, err
		}
		if len(chunks) < len(serials) && attempt < maxFetchAttempts {
			continue
		}
		hits := make([]store.Hit, 0, len(serials))
		for i, serial := range serials {
			if c, ok := chunks[serial]; ok {
				hits = append(hits, store.Hit{Chunk: c, Score: float64(scores[i]), Vector: vecs[i]})
			}
		}
		return hits, nil
	}
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

// chunksBySerial reads chunks by primary key; serials no longer stored are
// absent from the result.
func (s *Store) chunksBySerial(ctx context.Context, serials []int64) (map[int64]store.Chunk, error) {
	rows, err := s.pool.Query(ctx, s.q.chunksBySerial, serials)
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
