package postgres

import (
	"context"
	"fmt"

	"github.com/hybridrag/hybridrag/store"
)

// documentsQuery reads each document's first chunk (which carries the
// document's fields with their exact date offset, unlike the documents
// table) and its chunk count; $3 NULL means every document.
const documentsQuery = `SELECT DISTINCT ON (c.document_id) ` + chunkColumns + `,
		(SELECT d.chunk_count FROM {{s}}.documents d
		 WHERE d.tenant_id = c.tenant_id AND d.project_id = c.project_id AND d.document_id = c.document_id)
	FROM {{s}}.chunks c
	WHERE c.tenant_id = $1 AND c.project_id = $2 AND ($3::text[] IS NULL OR c.document_id = ANY($3))
	ORDER BY c.document_id, c.chunk_index`

// LookupDocuments implements store.DocumentLister.
func (s *Store) LookupDocuments(ctx context.Context, tenantID, projectID string, ids ...string) ([]store.DocumentInfo, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	return s.documentInfos(ctx, tenantID, projectID, ids)
}

// ListDocuments implements store.DocumentLister.
func (s *Store) ListDocuments(ctx context.Context, tenantID, projectID string) ([]store.DocumentInfo, error) {
	return s.documentInfos(ctx, tenantID, projectID, nil)
}

func (s *Store) documentInfos(ctx context.Context, tenantID, projectID string, ids []string) ([]store.DocumentInfo, error) {
	done, err := s.enter(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	rows, err := s.pool.Query(ctx, inSchema(documentsQuery, s.q.schema), tenantID, projectID, ids)
	if err != nil {
		return nil, fmt.Errorf("postgres: documents: %w", err)
	}
	defer rows.Close()
	var out []store.DocumentInfo
	for rows.Next() {
		var n *int32
		_, c, err := scanChunk(rows, &n)
		if err != nil {
			return nil, fmt.Errorf("postgres: documents: %w", err)
		}
		info := store.InfoFromChunk(&c, 0)
		if n != nil {
			info.Chunks = int(*n)
		}
		out = append(out, info)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: documents: %w", err)
	}
	return out, nil
}
