package embedded

import (
	"context"
	"slices"

	"github.com/hybridrag/hybridrag/store"
)

var _ store.ChunkPositioner = (*Store)(nil)

// ChunksAt implements store.ChunkPositioner. A document's serials are kept
// in the order its chunks were written, which is their Index order for
// every chunker in the module; a chunk found elsewhere is looked up among
// all of the document's chunks.
func (s *Store) ChunksAt(ctx context.Context, tenantID, projectID, documentID string, indexes ...int) ([]store.Hit, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return nil, store.ErrClosed
	}
	st := s.st
	serials, ok := st.docSerials(docKey{tenantID, projectID, documentID})
	if !ok || len(indexes) == 0 {
		return nil, nil
	}
	want := slices.Clone(indexes)
	slices.Sort(want)
	want = slices.Compact(want)
	var (
		out   []store.Hit
		all   []store.Chunk // every chunk of the document, read on a miss
		rowOf []int32
		bufs  chunkBuffers
	)
	read := func(serial uint64) (store.Chunk, int32, bool, error) {
		r, ok := st.row(serial)
		if !ok {
			return store.Chunk{}, 0, false, nil
		}
		c, err := s.readChunkBuf(r, &bufs)
		return c, r, err == nil, err
	}
	for _, idx := range want {
		if idx >= 0 && idx < len(serials) {
			c, r, ok, err := read(serials[idx])
			if err != nil {
				return nil, err
			}
			if ok && c.Index == idx {
				out = append(out, store.Hit{Chunk: c, Vector: slices.Clone(st.vector(r))})
				continue
			}
		}
		if all == nil {
			for _, serial := range serials {
				c, r, ok, err := read(serial)
				if err != nil {
					return nil, err
				}
				if ok {
					all, rowOf = append(all, c), append(rowOf, r)
				}
			}
		}
		for i := range all {
			if all[i].Index == idx {
				out = append(out, store.Hit{Chunk: all[i], Vector: slices.Clone(st.vector(rowOf[i]))})
				break
			}
		}
	}
	return out, nil
}
