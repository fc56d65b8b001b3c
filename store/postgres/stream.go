package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/hybridrag/hybridrag/store"
)

var _ store.DocumentStreamer = (*Store)(nil)

// errStreamEnded is returned by a stream used after Commit or Abort.
var errStreamEnded = errors.New("postgres: document stream already ended")

// StreamDocument implements store.DocumentStreamer with one transaction:
// it takes the next index version (holding the state row's lock, which
// serialises writers across processes, until the stream ends), deletes
// the stored document and inserts the new one's row; each Write copies its
// chunks in; Commit records the chunk count and commits, and Abort rolls
// back. Nothing is visible to other connections before the commit. The
// in-process vector index then pulls the document from the database, so
// this process holds its vectors once, not a second time for the write.
func (s *Store) StreamDocument(ctx context.Context, doc store.Document) (store.DocumentStream, error) {
	done, err := s.enter(ctx)
	if err != nil {
		return nil, err
	}
	if doc.ID == "" {
		done()
		return nil, fmt.Errorf("%w: empty document id", store.ErrInvalidEntry)
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		done()
		return nil, fmt.Errorf("postgres: stream: %w", err)
	}
	st := &pgStream{s: s, tx: tx, done: done, doc: doc, key: docKey{doc.TenantID, doc.ProjectID, doc.ID}}
	if err := st.begin(ctx); err != nil {
		return nil, errors.Join(err, st.Abort())
	}
	return st, nil
}

// pgStream is one document being streamed. Not safe for concurrent use.
type pgStream struct {
	s       *Store
	tx      pgx.Tx
	done    func()
	doc     store.Document
	key     docKey
	version int64
	dim     int
	chunks  int
	failed  error
	ended   bool
}

func (st *pgStream) begin(ctx context.Context) error {
	var stored int32
	var err error
	if err = st.tx.QueryRow(ctx, st.s.q.lockState, int64(0), int32(0)).Scan(&st.version, new(int64), &stored); err != nil {
		return fmt.Errorf("postgres: lock state: %w", err)
	}
	st.dim = int(stored)
	tenants, projects, ids := keyColumns([]docKey{st.key})
	if _, err := st.tx.Exec(ctx, st.s.q.deleteDocs, tenants, projects, ids); err != nil {
		return fmt.Errorf("postgres: stream: %w", err)
	}
	row, err := documentValues(&st.doc, 0, st.version)
	if err != nil {
		return err
	}
	if _, err := st.tx.CopyFrom(ctx, pgx.Identifier{st.s.q.schema, "documents"}, documentColumns, pgx.CopyFromRows([][]any{row})); err != nil {
		return writeError("stream", err)
	}
	return nil
}

// Write implements store.DocumentStream.
func (st *pgStream) Write(ctx context.Context, chunks []store.Chunk, vectors [][]float32) error {
	switch {
	case st.ended:
		return errStreamEnded
	case st.failed != nil:
		return st.failed
	}
	if len(chunks) == 0 && len(vectors) == 0 {
		return nil
	}
	if err := st.write(ctx, chunks, vectors); err != nil {
		st.failed = err
		return err
	}
	return nil
}

func (st *pgStream) write(ctx context.Context, chunks []store.Chunk, vectors [][]float32) error {
	dim, err := store.ValidateEntries([]store.Entry{{Document: st.doc, Chunks: chunks, Vectors: vectors}}, st.dim)
	if err != nil {
		return err
	}
	if err := checkBatchChunkIDs([]store.Entry{{Chunks: chunks}}); err != nil {
		return err
	}
	var serial int64
	var stored int32
	if err := st.tx.QueryRow(ctx, takeSerialsSQL(st.s.q.schema), int64(len(chunks)), int32(dim)).Scan(&serial, &stored); err != nil {
		return fmt.Errorf("postgres: stream: %w", err)
	}
	if int(stored) != dim {
		return fmt.Errorf("%w: batch has %d dimensions, store has %d", store.ErrDimensionMismatch, dim, stored)
	}
	st.dim = dim
	rows := make([][]any, len(chunks))
	vecRows := make([][]any, len(chunks))
	for i := range chunks {
		c := chunks[i]
		c.IndexVersion = st.version
		vec := normalize(vectors[i])
		if rows[i], err = chunkValues(serial+int64(i), &c, vec); err != nil {
			return err
		}
		vecRows[i] = vectorValues(rows[i], vec)
	}
	if err := st.s.copyChunks(ctx, st.tx, rows, vecRows, "stream"); err != nil {
		return err
	}
	st.chunks += len(chunks)
	return nil
}

// Commit implements store.DocumentStream.
func (st *pgStream) Commit(ctx context.Context) error {
	switch {
	case st.ended:
		return errStreamEnded
	case st.failed != nil:
		return errors.Join(st.failed, st.Abort())
	case st.chunks == 0:
		return errors.Join(fmt.Errorf("%w: document %q has no chunks (empty document?)", store.ErrInvalidEntry, st.key.id), st.Abort())
	}
	s := st.s
	tenants, projects, ids := keyColumns([]docKey{st.key})
	if _, err := st.tx.Exec(ctx, setChunkCountSQL(s.q.schema), tenants[0], projects[0], ids[0], int32(st.chunks)); err != nil {
		return errors.Join(fmt.Errorf("postgres: stream: %w", err), st.Abort())
	}
	if err := s.finishWrite(ctx, st.tx, st.version, tenants, projects, ids); err != nil {
		return errors.Join(err, st.Abort())
	}
	st.end()
	s.flushPending(ctx)
	if s.pgv == nil {
		s.syncMu.Lock()
		if err := s.pull(context.WithoutCancel(ctx)); err != nil {
			s.stale = true
		}
		s.syncMu.Unlock()
	}
	return nil
}

// Abort implements store.DocumentStream: the transaction rolls back.
func (st *pgStream) Abort() error {
	if st.ended {
		return nil
	}
	err := st.tx.Rollback(context.Background())
	st.end()
	if err != nil && !errors.Is(err, pgx.ErrTxClosed) {
		return fmt.Errorf("postgres: stream: %w", err)
	}
	return nil
}

func (st *pgStream) end() {
	st.ended = true
	st.done()
}

// takeSerialsSQL reserves $1 serials for a stream's Write (the stream's
// transaction already holds the state row) and sets the dimension of an
// empty store to $2; it returns the first serial and the dimension.
func takeSerialsSQL(schema string) string {
	return inSchema(`UPDATE {{s}}.state
		SET next_serial = next_serial + $1,
		    dimension = CASE WHEN dimension = 0 THEN $2 ELSE dimension END
		RETURNING next_serial - $1, dimension`, schema)
}

// setChunkCountSQL records a streamed document's chunk count at Commit.
func setChunkCountSQL(schema string) string {
	return inSchema(`UPDATE {{s}}.documents SET chunk_count = $4
		WHERE tenant_id = $1 AND project_id = $2 AND document_id = $3`, schema)
}
