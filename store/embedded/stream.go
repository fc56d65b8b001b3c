package embedded

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hybridrag/hybridrag/store"
)

var _ store.DocumentStreamer = (*Store)(nil)

// errStreamEnded is returned by a stream used after Commit or Abort.
var errStreamEnded = errors.New("embedded: document stream already ended")

// partChunks bounds the chunks of one part record, so that a large Write
// does not build one large record. A variable so that tests can make
// many parts from little data.
var partChunks = 1024

// StreamDocument implements store.DocumentStreamer: each Write appends
// part records (its chunks' JSON and vectors, not synced) and Commit syncs
// them and appends a commit record, then applies the document as Put
// applies a batch. The stream holds the store's writer lock from
// StreamDocument to Commit or Abort, so Put, Delete and Close wait for it;
// searches do not. Abort, and a writer's Open after a crash, cut the
// uncommitted parts off the log. A read-only Store returns ErrReadOnly.
func (s *Store) StreamDocument(ctx context.Context, doc store.Document) (store.DocumentStream, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if s.opts.ReadOnly {
		return nil, fmt.Errorf("%w: %s", ErrReadOnly, s.dir)
	}
	if doc.ID == "" {
		return nil, fmt.Errorf("%w: empty document id", store.ErrInvalidEntry)
	}
	s.writeMu.Lock()
	if err := s.writable(); err != nil {
		s.writeMu.Unlock()
		return nil, err
	}
	st := s.st
	d := doc
	d.Text, d.Sections = "", nil // only the identity and metadata are needed
	return &docStream{
		s:       s,
		doc:     d,
		key:     docKey{doc.TenantID, doc.ProjectID, doc.ID},
		version: st.version + 1,
		serial:  st.nextSerial,
		dim:     st.dim,
		start:   s.log.size,
		seen:    map[chunkIDKey]struct{}{},
	}, nil
}

// docStream is one document being streamed. Not safe for concurrent use.
type docStream struct {
	s       *Store
	doc     store.Document
	key     docKey
	version int64
	serial  uint64 // next serial
	dim     int
	start   int64 // log size when the stream began: Abort cuts back to it
	parts   []partRef
	chunks  int
	seen    map[chunkIDKey]struct{}
	failed  error // a Write failed: only Abort is left
	ended   bool
}

// Write implements store.DocumentStream.
func (d *docStream) Write(ctx context.Context, chunks []store.Chunk, vectors [][]float32) error {
	switch {
	case d.ended:
		return errStreamEnded
	case d.failed != nil:
		return d.failed
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if len(chunks) == 0 && len(vectors) == 0 {
		return nil
	}
	err := d.write(ctx, chunks, vectors)
	if err != nil {
		d.failed = err
	}
	return err
}

func (d *docStream) write(ctx context.Context, chunks []store.Chunk, vectors [][]float32) error {
	dim, err := store.ValidateEntries([]store.Entry{{Document: d.doc, Chunks: chunks, Vectors: vectors}}, d.dim)
	if err != nil {
		return err
	}
	d.dim = dim
	st := d.s.st // stable: the stream holds writeMu
	for i := range chunks {
		c := &chunks[i]
		k := chunkKeyOfString(c.ID)
		if _, dup := d.seen[k]; dup {
			return fmt.Errorf("%w: chunk id %q appears twice in document %q", store.ErrInvalidEntry, c.ID, d.key.id)
		}
		d.seen[k] = struct{}{}
		if owner, ok := st.chunkOwner(d.key.tenant, d.key.project, k); ok && owner != d.key.id {
			return fmt.Errorf("%w: chunk id %q of document %q already belongs to stored document %q", store.ErrInvalidEntry, c.ID, d.key.id, owner)
		}
	}
	for lo := 0; lo < len(chunks); lo += partChunks {
		hi := min(lo+partChunks, len(chunks))
		if err := d.writePart(ctx, chunks[lo:hi], vectors[lo:hi]); err != nil {
			return err
		}
	}
	return nil
}

// writePart appends one part record.
func (d *docStream) writePart(ctx context.Context, chunks []store.Chunk, vectors [][]float32) error {
	n, textBytes := len(chunks), 0
	for i := range chunks {
		textBytes += len(chunks[i].Text)
	}
	own := make([]store.Chunk, n)
	pending := make([]pendingDoc, n)
	for i := range chunks {
		own[i] = chunks[i]
		own[i].IndexVersion = d.version
		pending[i] = pendingDoc{serial: d.serial + uint64(i), chunk: &own[i], encode: true}
	}
	rec := newRecord(64 + textBytes + textBytes/8 + n*(d.dim*4+512))
	rec = appendPartHeader(rec, batchHeader{version: d.version, nextSerial: d.serial + uint64(n), nOps: n, dim: d.dim})
	kw := d.s.kw
	for lo := 0; lo < n; {
		part := pending[lo : lo+sliceLen(pending[lo:])]
		lo += len(part)
		if err := kw.buildDocs(part); err != nil {
			return err
		}
		for i := range part {
			pd := &part[i]
			rec = appendChunk(rec, chunkFields{serial: pd.serial, tokens: pd.tokens, chunk: pd.chunk}, pd.json)
			pd.json, pd.doc = nil, nil // the commit analyses again, a slice at a time
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	row := make([]float32, d.dim)
	for _, v := range vectors {
		normalizeInto(row, v)
		rec = appendVectors(rec, row)
	}
	off, err := d.s.log.write(rec)
	if err != nil {
		if errors.Is(err, errLogBroken) {
			d.s.broken = fmt.Errorf("%w: %v", ErrBroken, err)
		}
		return err
	}
	d.parts = append(d.parts, partRef{off: off, size: len(rec) - frameSize, version: d.version})
	d.serial += uint64(n)
	d.chunks += n
	return nil
}

// appendPartHeader is appendHeader for a part record.
func appendPartHeader(b []byte, h batchHeader) []byte {
	start := len(b)
	b = appendHeader(b, h)
	b[start] = kindPart
	return b
}

// Commit implements store.DocumentStream.
func (d *docStream) Commit(ctx context.Context) error {
	switch {
	case d.ended:
		return errStreamEnded
	case d.failed != nil:
		return errors.Join(d.failed, d.Abort())
	case d.chunks == 0:
		return errors.Join(fmt.Errorf("%w: document %q has no chunks (empty document?)", store.ErrInvalidEntry, d.key.id), d.Abort())
	}
	if err := ctx.Err(); err != nil {
		return errors.Join(err, d.Abort())
	}
	s := d.s
	// The parts must be durable before a commit record can name them.
	if err := s.log.f.Sync(); err != nil {
		return errors.Join(fmt.Errorf("embedded: sync %s: %w", s.log.path, err), d.Abort())
	}
	c := commitRecord{version: d.version, nextSerial: d.serial, parts: len(d.parts), chunks: d.chunks, key: d.key}
	rec := appendCommit(newRecord(64+len(d.key.tenant)+len(d.key.project)+len(d.key.id)), c)
	if _, err := s.log.append(rec); err != nil {
		if errors.Is(err, errLogBroken) {
			s.broken = fmt.Errorf("%w: %v", ErrBroken, err)
			d.end()
			return err
		}
		return errors.Join(err, d.Abort())
	}
	defer d.end()
	if err := s.applyStream(c, d.parts); err != nil {
		s.broken = fmt.Errorf("%w: document %q (batch %d) is durable in the record log but could not be applied: %v", ErrBroken, d.key.id, d.version, err)
		return s.broken
	}
	s.pub.published()
	return s.maybeCompact()
}

// applyStream applies a committed stream to the keyword index and to
// memory under the exclusive lock, reading its parts back from the log
// one at a time. The caller holds writeMu.
func (s *Store) applyStream(c commitRecord, parts []partRef) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.st
	old, _ := st.docSerials(c.key)
	remove := append([]uint64(nil), old...)
	var buf []byte
	for i, p := range parts {
		var err error
		if buf, err = s.log.readPart(p, buf); err != nil {
			return err
		}
		add, err := partChunksOf(buf)
		if err != nil {
			return err
		}
		if i == len(parts)-1 {
			if err := s.kw.apply(remove, add, c.version); err != nil {
				return err
			}
			continue
		}
		for lo := 0; lo < len(add); {
			part := add[lo : lo+sliceLen(add[lo:])]
			lo += len(part)
			if err := s.kw.applyPart(remove, part); err != nil {
				return err
			}
			remove = nil
		}
	}
	return st.applyCommit(c, parts, func(p partRef) ([]byte, error) {
		var err error
		buf, err = s.log.readPart(p, buf)
		return buf, err
	})
}

// partChunksOf decodes a part's chunks for the keyword index.
func partChunksOf(payload []byte) ([]pendingDoc, error) {
	var out []pendingDoc
	_, err := decodeBatch(payload, batchVisitor{
		header: func(h batchHeader) { out = make([]pendingDoc, 0, h.nOps) },
		delete: func(*deleteOp) error {
			return fmt.Errorf("embedded: delete in a part record: %w", store.ErrCorrupt)
		},
		vector: func(int) []float32 { return nil },
		chunk: func(op *chunkOp) error {
			c := new(store.Chunk)
			if err := json.Unmarshal(payload[op.jsonOff:op.jsonOff+op.jsonLen], c); err != nil {
				return fmt.Errorf("embedded: chunk in part record: %v: %w", err, store.ErrCorrupt)
			}
			out = append(out, pendingDoc{serial: op.serial, chunk: c})
			return nil
		},
		block: func([]byte, int, int) error { return nil },
	})
	return out, err
}

// Abort implements store.DocumentStream: the stream's parts are cut off
// the log.
func (d *docStream) Abort() error {
	if d.ended {
		return nil
	}
	defer d.end()
	if err := d.s.log.cut(d.start); err != nil {
		d.s.broken = fmt.Errorf("%w: %v", ErrBroken, err)
		return err
	}
	return nil
}

// end releases the writer lock.
func (d *docStream) end() {
	d.ended = true
	d.parts, d.seen = nil, nil
	d.s.writeMu.Unlock()
}
