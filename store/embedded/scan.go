package embedded

import (
	"context"

	"github.com/hybridrag/hybridrag/internal/topk"
	"github.com/hybridrag/hybridrag/store"
)

// scanBatch is how many chunks Scan loads per read-lock acquisition.
const scanBatch = 256

// Scan calls fn for every chunk passing f, with a copy of its stored
// (normalised) vector, in no particular order. It visits the chunks stored
// when Scan starts that are still stored when their turn comes; fn runs
// without any store lock held, so it may call Put (for example to store
// re-embedded vectors). An error from fn stops the scan and is returned.
func (s *Store) Scan(ctx context.Context, f store.Filter, fn func(c store.Chunk, vec []float32) error) error {
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return store.ErrClosed
	}
	st := s.st
	rf := st.compileFilter(&f)
	var serials []uint64
	if !rf.none {
		for i := range st.rows {
			if !rf.active || rf.match(&st.rows[i]) {
				serials = append(serials, st.rows[i].serial)
			}
		}
	}
	s.mu.RUnlock()

	for len(serials) > 0 {
		if err := ctx.Err(); err != nil {
			return err
		}
		n := min(scanBatch, len(serials))
		batch, err := s.loadSerials(serials[:n])
		if err != nil {
			return err
		}
		serials = serials[n:]
		for _, h := range batch {
			if err := fn(h.Chunk, h.Vector); err != nil {
				return err
			}
		}
	}
	return nil
}

// loadSerials materialises the chunks of the serials still stored.
func (s *Store) loadSerials(serials []uint64) ([]store.Hit, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return nil, store.ErrClosed
	}
	rows := make([]topk.Candidate, 0, len(serials))
	for _, serial := range serials {
		if r, ok := s.st.row(serial); ok {
			rows = append(rows, topk.Candidate{ID: uint64(r)})
		}
	}
	return s.hits(rows)
}

// Get returns the stored chunks with the given ids that pass f, each with a
// copy of its vector and a zero Score, in the order of chunkIDs. Chunk ids
// are unique within a tenant and project; set f.TenantID and f.ProjectID to
// stay inside one. Unknown ids are skipped.
func (s *Store) Get(ctx context.Context, f store.Filter, chunkIDs ...string) ([]store.Hit, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return nil, store.ErrClosed
	}
	st := s.st
	rf := st.compileFilter(&f)
	if rf.none {
		return nil, nil
	}
	var rows []topk.Candidate
	for _, id := range chunkIDs {
		for _, serial := range st.holders(id) {
			r, _ := st.row(serial)
			if !rf.active || rf.match(&st.rows[r]) {
				rows = append(rows, topk.Candidate{ID: uint64(r)})
			}
		}
	}
	return s.hits(rows)
}
