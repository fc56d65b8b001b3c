package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/hybridrag/hybridrag/store"
)

// pruneEvery is how often (in index versions) a writer trims the change log.
const pruneEvery = 256

// Put writes a batch in one transaction. Every entry replaces the chunks
// stored under its document id (within its tenant and project). The batch
// is validated whole first; a chunk id held by another stored document of
// the same tenant and project is rejected with store.ErrInvalidEntry when
// the database reports the conflict, and the transaction rolls back. Each
// batch gets the next IndexVersion, stamped on its chunks. Vectors are
// stored L2-normalised.
func (s *Store) Put(ctx context.Context, entries ...store.Entry) error {
	done, err := s.enter(ctx)
	if err != nil {
		return err
	}
	defer done()
	if len(entries) == 0 {
		return nil
	}
	s.mu.RLock()
	dim := s.ix.dim
	s.mu.RUnlock()
	if dim, err = store.ValidateEntries(entries, dim); err != nil {
		return err
	}
	if err := checkBatchChunkIDs(entries); err != nil {
		return err
	}
	n := 0
	for i := range entries {
		n += len(entries[i].Chunks)
	}
	keys := make([]docKey, len(entries))
	for i := range entries {
		d := &entries[i].Document
		keys[i] = docKey{d.TenantID, d.ProjectID, d.ID}
	}
	pending := make([]pendingRow, 0, n)

	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("postgres: put: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	version, serial, err := s.lockState(ctx, tx, n, dim)
	if err != nil {
		return err
	}
	tenants, projects, ids := keyColumns(keys)
	if _, err := tx.Exec(ctx, s.q.deleteDocs, tenants, projects, ids); err != nil {
		return fmt.Errorf("postgres: put: %w", err)
	}
	docRows := make([][]any, len(entries))
	chunkRows := make([][]any, 0, n)
	vecRows := make([][]any, 0, n)
	for i := range entries {
		e := &entries[i]
		docRows[i], err = documentValues(&e.Document, len(e.Chunks), version)
		if err != nil {
			return err
		}
		for j := range e.Chunks {
			c := e.Chunks[j]
			c.IndexVersion = version
			vec := normalize(e.Vectors[j])
			row, err := chunkValues(serial, &c, vec)
			if err != nil {
				return err
			}
			chunkRows = append(chunkRows, row)
			vecRows = append(vecRows, vectorValues(row, vec))
			pending = append(pending, pendingRow{
				serial: serial, key: keys[i], sourceType: c.Metadata.SourceType, conf: c.Metadata.Confidentiality,
				date: datePartsOf(c.Metadata.Date), vec: vec,
			})
			serial++
		}
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{s.q.schema, "documents"}, documentColumns, pgx.CopyFromRows(docRows)); err != nil {
		return writeError("put", err)
	}
	if err := s.copyChunks(ctx, tx, chunkRows, vecRows, "put"); err != nil {
		return err
	}
	if err := s.finishWrite(ctx, tx, version, tenants, projects, ids); err != nil {
		return err
	}
	s.flushPending(ctx)
	s.applyOwn(ctx, version, keys, pending)
	return nil
}

// flushPending moves the rows a write just added from the full-text
// index's pending list into the index proper. GIN's fast update queues new
// entries in a list that every keyword query scans linearly, once per
// conjunction it ORs, which made searches after a bulk index 2-3x slower
// until autovacuum caught up; flushing per write keeps the bulk merge that
// makes fast update cheap (turning it off made indexing 2.5x slower). The
// write is already committed, so a failure (say, a role that does not own
// the index) leaves the rows to autovacuum and is not an error.
func (s *Store) flushPending(ctx context.Context) {
	_, _ = s.pool.Exec(ctx, s.q.flushPending)
}

// Delete removes documents and all their chunks in one transaction.
// Unknown ids are ignored; if none is known nothing is written and the
// index version does not change.
func (s *Store) Delete(ctx context.Context, tenantID, projectID string, documentIDs ...string) error {
	done, err := s.enter(ctx)
	if err != nil {
		return err
	}
	defer done()
	if len(documentIDs) == 0 {
		return nil
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("postgres: delete: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	version, _, err := s.lockState(ctx, tx, 0, 0)
	if err != nil {
		return err
	}
	keys := make([]docKey, len(documentIDs))
	for i, id := range documentIDs {
		keys[i] = docKey{tenantID, projectID, id}
	}
	tenants, projects, ids := keyColumns(keys)
	rows, err := tx.Query(ctx, s.q.deleteDocs, tenants, projects, ids)
	if err != nil {
		return fmt.Errorf("postgres: delete: %w", err)
	}
	removed, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (docKey, error) {
		var k docKey
		err := r.Scan(&k.tenant, &k.project, &k.id)
		return k, err
	})
	if err != nil {
		return fmt.Errorf("postgres: delete: %w", err)
	}
	if len(removed) == 0 {
		return nil // the deferred rollback undoes the version bump
	}
	tenants, projects, ids = keyColumns(removed)
	if err := s.finishWrite(ctx, tx, version, tenants, projects, ids); err != nil {
		return err
	}
	s.applyOwn(ctx, version, removed, nil)
	return nil
}

// lockState takes the next index version and n serials under the state
// row's lock, which the transaction holds until it ends, and checks the
// batch dimension against the store's.
func (s *Store) lockState(ctx context.Context, tx pgx.Tx, n, dim int) (version, firstSerial int64, err error) {
	var stored int32
	if err := tx.QueryRow(ctx, s.q.lockState, int64(n), int32(dim)).Scan(&version, &firstSerial, &stored); err != nil {
		return 0, 0, fmt.Errorf("postgres: lock state: %w", err)
	}
	if dim != 0 && int(stored) != dim {
		return 0, 0, fmt.Errorf("%w: batch has %d dimensions, store has %d", store.ErrDimensionMismatch, dim, stored)
	}
	return version, firstSerial, nil
}

// finishWrite records the changed documents for other processes, trims
// the change log now and then, and commits.
func (s *Store) finishWrite(ctx context.Context, tx pgx.Tx, version int64, tenants, projects, ids []string) error {
	if _, err := tx.Exec(ctx, s.q.recordChanges, version, tenants, projects, ids); err != nil {
		return fmt.Errorf("postgres: record changes: %w", err)
	}
	if version%pruneEvery == 0 && version > s.opts.ChangeRetention {
		if _, err := tx.Exec(ctx, s.q.pruneChanges, version-s.opts.ChangeRetention); err != nil {
			return fmt.Errorf("postgres: prune changes: %w", err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("postgres: commit: %w", err)
	}
	return nil
}

// applyOwn brings this process's index up to a write it just committed:
// directly when the write is the next version, else by pulling the change
// log. The write is durable whatever happens here, so a failed pull only
// marks the index stale for the next search to catch up.
func (s *Store) applyOwn(ctx context.Context, version int64, removed []docKey, add []pendingRow) {
	if s.pgv != nil {
		return
	}
	s.syncMu.Lock()
	defer s.syncMu.Unlock()
	s.mu.Lock()
	if !s.stale && s.ix.version == version-1 {
		s.ix.apply(version, removed, add)
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()
	if err := s.pull(context.WithoutCancel(ctx)); err != nil {
		s.stale = true
	}
}

// checkBatchChunkIDs rejects chunk ids that appear twice among one tenant
// and project's chunks in a batch; the database catches collisions with
// stored documents.
func checkBatchChunkIDs(entries []store.Entry) error {
	seen := map[docKey]bool{}
	for i := range entries {
		for j := range entries[i].Chunks {
			c := &entries[i].Chunks[j]
			k := docKey{c.TenantID, c.ProjectID, c.ID}
			if seen[k] {
				return fmt.Errorf("%w: chunk id %q appears twice in one batch", store.ErrInvalidEntry, c.ID)
			}
			seen[k] = true
		}
	}
	return nil
}

// writeError maps constraint violations to store.ErrInvalidEntry.
func writeError(op string, err error) error {
	var pg *pgconn.PgError
	if errors.As(err, &pg) && pg.Code == "23505" { // unique_violation
		return fmt.Errorf("%w: a chunk id of the batch already belongs to another stored document of the same tenant and project (%s)", store.ErrInvalidEntry, pg.Detail)
	}
	return fmt.Errorf("postgres: %s: %w", op, err)
}

func keyColumns(keys []docKey) (tenants, projects, ids []string) {
	tenants, projects, ids = make([]string, len(keys)), make([]string, len(keys)), make([]string, len(keys))
	for i, k := range keys {
		tenants[i], projects[i], ids[i] = k.tenant, k.project, k.id
	}
	return tenants, projects, ids
}

// documentColumns are the columns Put copies into the documents table, in
// documentValues's order.
var documentColumns = []string{
	"tenant_id", "project_id", "document_id", "source", "title", "doc_hash", "source_type", "confidentiality",
	"revision", "doc_date", "tags", "extra", "chunk_count", "index_version",
}

func documentValues(d *store.Document, chunks int, version int64) ([]any, error) {
	extra, err := extraJSON(d.Metadata.Extra)
	if err != nil {
		return nil, fmt.Errorf("%w: document %q: %v", store.ErrInvalidEntry, d.ID, err)
	}
	return []any{
		d.TenantID, d.ProjectID, d.ID, d.Source, d.Title, d.Hash, d.Metadata.SourceType, d.Metadata.Confidentiality,
		d.Metadata.Revision, timestamptz(d.Metadata.Date), nonNil(d.Metadata.Tags), extra, int32(chunks), version,
	}, nil
}

// copyChunks copies a write's chunk rows (chunkValues) and their vector
// rows (vectorValues) into both tables: every writer goes through it, so
// that none can leave chunks without the vectors the in-process index
// loads.
func (s *Store) copyChunks(ctx context.Context, tx pgx.Tx, chunkRows, vecRows [][]any, op string) error {
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{s.q.schema, "chunks"}, insertColumns, pgx.CopyFromRows(chunkRows)); err != nil {
		return writeError(op, err)
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{s.q.schema, "vectors"}, vectorColumns, pgx.CopyFromRows(vecRows)); err != nil {
		return writeError(op, err)
	}
	return nil
}
