package postgres

import (
	"context"

	"github.com/hybridrag/hybridrag/store"
)

var _ store.ChunkPositioner = (*Store)(nil)

// ChunksAt implements store.ChunkPositioner with one indexed query on
// (tenant_id, project_id, document_id) and chunk_index.
func (s *Store) ChunksAt(ctx context.Context, tenantID, projectID, documentID string, indexes ...int) ([]store.Hit, error) {
	if len(indexes) == 0 {
		return nil, nil
	}
	done, err := s.enter(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	idx := make([]int32, 0, len(indexes))
	for _, i := range indexes {
		if i >= 0 && i <= 1<<31-1 {
			idx = append(idx, int32(i))
		}
	}
	return s.queryHits(ctx, "chunks by position", s.q.chunksAt, tenantID, projectID, documentID, idx)
}
