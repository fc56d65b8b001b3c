package embedded

import (
	"context"

	"github.com/hybridrag/hybridrag/store"
)

// LookupDocuments implements store.DocumentLister: one chunk record read
// per stored document found.
func (s *Store) LookupDocuments(ctx context.Context, tenantID, projectID string, ids ...string) ([]store.DocumentInfo, error) {
	return s.documents(ctx, func(yield func(docKey) bool) {
		for _, id := range ids {
			if !yield(docKey{tenantID, projectID, id}) {
				return
			}
		}
	})
}

// ListDocuments implements store.DocumentLister.
func (s *Store) ListDocuments(ctx context.Context, tenantID, projectID string) ([]store.DocumentInfo, error) {
	return s.documents(ctx, func(yield func(docKey) bool) {
		for k := range s.st.docs {
			if k.tenant == tenantID && k.project == projectID && !yield(k) {
				return
			}
		}
	})
}

// documents reads the info of each stored document keys yields; keys runs
// under the read lock.
func (s *Store) documents(ctx context.Context, keys func(yield func(docKey) bool)) ([]store.DocumentInfo, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return nil, store.ErrClosed
	}
	var (
		out  []store.DocumentInfo
		err  error
		bufs chunkBuffers
	)
	keys(func(k docKey) bool {
		serials, ok := s.st.docSerials(k)
		if !ok || len(serials) == 0 {
			return true
		}
		r, ok := s.st.row(serials[0])
		if !ok {
			return true
		}
		var c store.Chunk
		if c, err = s.readChunkBuf(r, &bufs); err != nil {
			return false
		}
		out = append(out, store.InfoFromChunk(&c, len(serials)))
		return true
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
