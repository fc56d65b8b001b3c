package embedded

import (
	"context"
	"errors"
	"fmt"

	"github.com/hybridrag/hybridrag/store"
)

// Put writes a batch atomically. Every entry replaces the chunks stored
// under its document id (within its tenant and project). The batch is
// validated whole before anything is written, then committed by one fsynced
// record: when Put returns nil the batch survives a crash; when it returns
// an error nothing of it is visible. Each batch gets the next IndexVersion,
// which is stamped on its chunks. Vectors are stored L2-normalised. A
// read-only Store returns ErrReadOnly.
func (s *Store) Put(ctx context.Context, entries ...store.Entry) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.opts.ReadOnly {
		return fmt.Errorf("%w: %s", ErrReadOnly, s.dir)
	}
	if len(entries) == 0 {
		return nil
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	if err := s.writable(); err != nil {
		return err
	}
	// Only writers change st, and writeMu excludes other writers, so st can
	// be read here without mu.
	st := s.st
	dim, err := store.ValidateEntries(entries, st.dim)
	if err != nil {
		return err
	}
	if err := checkChunkIDs(st, entries); err != nil {
		return err
	}

	version := st.version + 1
	serial := st.nextSerial
	n, textBytes := 0, 0
	for i := range entries {
		n += len(entries[i].Chunks)
		for j := range entries[i].Chunks {
			textBytes += len(entries[i].Chunks[j].Text)
		}
	}
	chunks := make([]store.Chunk, 0, n)
	pending := make([]pendingDoc, 0, n)
	for i := range entries {
		for _, c := range entries[i].Chunks {
			c.IndexVersion = version
			chunks = append(chunks, c)
			pending = append(pending, pendingDoc{serial: serial, chunk: &chunks[len(chunks)-1], encode: true})
			serial++
		}
	}

	// Room for the JSON of every chunk (its text, escaped, dominates) and
	// its vector, so that the record is not copied as it grows.
	rec := newRecord(64 + textBytes + textBytes/8 + n*(dim*4+512))
	rec = appendHeader(rec, batchHeader{version: version, nextSerial: serial, nOps: len(entries) + n, dim: dim})
	// Every delete first, then the chunks, then their vectors as one block
	// (the record format requires this order).
	var remove []uint64
	for i := range entries {
		d := &entries[i].Document
		rec = appendDelete(rec, d.TenantID, d.ProjectID, d.ID)
		old, _ := st.docSerials(docKey{d.TenantID, d.ProjectID, d.ID})
		remove = append(remove, old...)
	}
	// A large batch (one big document) is analysed a slice at a time and
	// each slice's analysis dropped once its chunks are in the record:
	// holding the analysis of every chunk at once took most of the memory
	// of indexing a large file. apply analyses them again, slice by slice.
	// A batch of one slice keeps its analysis for apply.
	keep := sliceLen(pending) == n
	for lo := 0; lo < n; {
		part := pending[lo : lo+sliceLen(pending[lo:])]
		lo += len(part)
		if err := s.kw.buildDocs(part); err != nil {
			return err
		}
		for i := range part {
			pd := &part[i]
			rec = appendChunk(rec, chunkFields{serial: pd.serial, tokens: pd.tokens, chunk: pd.chunk}, pd.json)
			pd.json, pd.encode = nil, false
			if !keep {
				pd.doc = nil
			}
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	// Vectors are normalised straight into the record, one row at a time.
	row := make([]float32, dim)
	for i := range entries {
		for _, v := range entries[i].Vectors {
			normalizeInto(row, v)
			rec = appendVectors(rec, row)
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.commit(rec, remove, pending, version)
}

// Delete removes documents and all their chunks. Unknown ids are ignored;
// if none is known nothing is written and IndexVersion does not change. A
// read-only Store returns ErrReadOnly.
func (s *Store) Delete(ctx context.Context, tenantID, projectID string, documentIDs ...string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.opts.ReadOnly {
		return fmt.Errorf("%w: %s", ErrReadOnly, s.dir)
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	if err := s.writable(); err != nil {
		return err
	}
	st := s.st
	var remove []uint64
	var ids []string
	seen := map[string]bool{}
	for _, id := range documentIDs {
		serials, ok := st.docSerials(docKey{tenantID, projectID, id})
		if !ok || seen[id] {
			continue
		}
		seen[id] = true
		ids = append(ids, id)
		remove = append(remove, serials...)
	}
	if len(ids) == 0 {
		return nil
	}
	version := st.version + 1
	rec := newRecord(64 * len(ids))
	rec = appendHeader(rec, batchHeader{version: version, nextSerial: st.nextSerial, nOps: len(ids)})
	for _, id := range ids {
		rec = appendDelete(rec, tenantID, projectID, id)
	}
	return s.commit(rec, remove, nil, version)
}

// commit appends rec to the log (the commit point), then applies it to the
// keyword index and to memory under the exclusive lock. The caller holds
// writeMu.
func (s *Store) commit(rec []byte, remove []uint64, add []pendingDoc, version int64) error {
	off, err := s.log.append(rec)
	if err != nil {
		if errors.Is(err, errLogBroken) {
			s.broken = fmt.Errorf("%w: %v", ErrBroken, err)
		}
		return err
	}
	s.mu.Lock()
	kwErr := s.kw.apply(remove, add, version)
	stErr := s.st.applyBatch(rec[frameSize:], off)
	s.mu.Unlock()
	if err := errors.Join(kwErr, stErr); err != nil {
		s.broken = fmt.Errorf("%w: batch %d is durable in the record log but could not be applied: %v", ErrBroken, version, err)
		return s.broken
	}
	s.pub.published()
	return s.maybeCompact()
}

// writable reports whether writes may proceed. The caller holds writeMu.
func (s *Store) writable() error {
	s.mu.RLock()
	closed := s.closed
	s.mu.RUnlock()
	if closed {
		return store.ErrClosed
	}
	return s.broken
}

// checkChunkIDs rejects, before anything is written, chunk ids that appear
// twice among a tenant/project's chunks in the batch, or that belong to a
// stored document the batch does not replace.
func checkChunkIDs(st *state, entries []store.Entry) error {
	type chunkKey struct{ tenant, project, id string }
	seen := map[chunkKey]bool{}
	replaced := map[docKey]bool{}
	for i := range entries {
		d := &entries[i].Document
		replaced[docKey{d.TenantID, d.ProjectID, d.ID}] = true
	}
	for i := range entries {
		for j := range entries[i].Chunks {
			c := &entries[i].Chunks[j]
			k := chunkKey{c.TenantID, c.ProjectID, c.ID}
			if seen[k] {
				return fmt.Errorf("%w: chunk id %q appears twice in one batch", store.ErrInvalidEntry, c.ID)
			}
			seen[k] = true
			if owner, ok := st.chunkOwner(c.TenantID, c.ProjectID, chunkKeyOfString(c.ID)); ok && !replaced[docKey{c.TenantID, c.ProjectID, owner}] {
				return fmt.Errorf("%w: chunk id %q of document %q already belongs to stored document %q", store.ErrInvalidEntry, c.ID, c.DocumentID, owner)
			}
		}
	}
	return nil
}
