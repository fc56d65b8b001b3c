package embedded

import (
	"encoding/binary"
	"fmt"

	"github.com/hybridrag/hybridrag/store"
)

// A streamed document (stream.go) is written over several records: parts,
// then one commit. A part is laid out exactly as a kindBlockBatch (chunk
// ops and their vector block) but changes nothing by itself; the commit
// record
//
//	u8 kindCommit | uvarint version | uvarint nextSerial | uvarint nParts
//	              | uvarint nChunks | str tenant | str project | str documentID
//
// deletes the stored document and applies the parts just before it, all at
// version. Parts are written without fsync and synced once before the
// commit is written, so the commit is durable only with every part before
// it. The writer holds the store for the whole stream, so a stream's parts
// are never interleaved with other records: parts not followed by their
// commit are the tail of the log, left by a writer that died or, while a
// writer streams, its work in progress. A writer's Open cuts them off (and
// counts them in Recovery.TruncatedBytes); readers ignore them.
const (
	kindPart   byte = 3 // a streamed document's chunks, pending its commit
	kindCommit byte = 4 // commits the parts before it
)

// hasBlock reports whether records of kind keep their vectors in a block.
func hasBlock(kind byte) bool { return kind == kindBlockBatch || kind == kindPart }

type commitRecord struct {
	version    int64
	nextSerial uint64
	parts      int
	chunks     int
	key        docKey
}

func appendCommit(b []byte, c commitRecord) []byte {
	b = append(b, kindCommit)
	b = binary.AppendUvarint(b, uint64(c.version))
	b = binary.AppendUvarint(b, c.nextSerial)
	b = binary.AppendUvarint(b, uint64(c.parts))
	b = binary.AppendUvarint(b, uint64(c.chunks))
	b = appendStr(b, c.key.tenant)
	b = appendStr(b, c.key.project)
	return appendStr(b, c.key.id)
}

func decodeCommit(payload []byte) (commitRecord, error) {
	d := &decoder{b: payload}
	var c commitRecord
	if d.byte1("kind") != kindCommit && d.err == nil {
		return c, fmt.Errorf("embedded: not a commit record: %w", store.ErrCorrupt)
	}
	c.version = int64(d.uvarint("version"))
	c.nextSerial = d.uvarint("next serial")
	parts, chunks := d.uvarint("part count"), d.uvarint("chunk count")
	c.key.tenant = string(d.str("tenant"))
	c.key.project = string(d.str("project"))
	c.key.id = string(d.str("document id"))
	if d.err == nil && d.pos != len(payload) {
		d.fail("trailing bytes")
	}
	if d.err != nil {
		return c, d.err
	}
	// Replay checks the counts against the parts it holds; this only
	// keeps absurd values out of int.
	if parts > 1<<40 || chunks > 1<<40 {
		return c, fmt.Errorf("embedded: commit record claims %d parts, %d chunks: %w", parts, chunks, store.ErrCorrupt)
	}
	c.parts, c.chunks = int(parts), int(chunks)
	return c, nil
}

// partRef locates a part in the log.
type partRef struct {
	off     int64 // payload offset
	size    int
	version int64
}

// write appends rec (built with newRecord) without fsync and returns the
// file offset of its payload: a part is made durable by the sync before
// its commit. On failure the log is cut back to its previous end.
func (l *recordLog) write(rec []byte) (int64, error) {
	n := len(rec) - frameSize
	if n <= 0 || n > maxRecordSize {
		return 0, fmt.Errorf("%w: part record of %d bytes (limit %d)", store.ErrInvalidEntry, n, maxRecordSize)
	}
	frameRecord(rec)
	off := l.size
	if _, err := l.f.WriteAt(rec, off); err != nil {
		return 0, l.undo(off, err)
	}
	l.size = off + int64(len(rec))
	return off + frameSize, nil
}

// cut truncates the log to off, dropping an aborted stream's parts, and
// syncs. If that fails the log must not be appended to again (errLogBroken).
func (l *recordLog) cut(off int64) error {
	if off >= l.size {
		return nil
	}
	if err := l.f.Truncate(off); err != nil {
		return fmt.Errorf("embedded: drop a stream's parts from %s: %w: %v", l.path, errLogBroken, err)
	}
	if err := l.f.Sync(); err != nil {
		return fmt.Errorf("embedded: sync %s: %w: %v", l.path, errLogBroken, err)
	}
	l.size = off
	return nil
}

// readPart reads a part's payload into buf (grown as needed).
func (l *recordLog) readPart(p partRef, buf []byte) ([]byte, error) {
	if cap(buf) < p.size {
		buf = make([]byte, p.size)
	}
	buf = buf[:p.size]
	return buf, l.readAt(buf, p.off)
}

// replayer applies the log's records to a state in order, holding a
// streamed document's parts back until its commit.
type replayer struct {
	st    *state
	log   *recordLog
	parts []partRef // read since the last commit
	buf   []byte
}

func newReplayer(st *state, log *recordLog) *replayer { return &replayer{st: st, log: log} }

// apply is the record log's replay callback.
func (r *replayer) apply(off int64, payload []byte) error {
	kind := byte(0)
	if len(payload) > 0 {
		kind = payload[0]
	}
	switch kind {
	case kindPart:
		v, err := batchVersion(payload)
		if err != nil {
			return err
		}
		if len(r.parts) > 0 && r.parts[0].version != v {
			return fmt.Errorf("embedded: parts of versions %d and %d without a commit between: %w", r.parts[0].version, v, store.ErrCorrupt)
		}
		r.parts = append(r.parts, partRef{off: off, size: len(payload), version: v})
		return nil
	case kindCommit:
		c, err := decodeCommit(payload)
		if err != nil {
			return err
		}
		if len(r.parts) != c.parts || (len(r.parts) > 0 && r.parts[0].version != c.version) {
			return fmt.Errorf("embedded: commit of %d parts at version %d follows %d parts: %w", c.parts, c.version, len(r.parts), store.ErrCorrupt)
		}
		err = r.st.applyCommit(c, r.parts, func(p partRef) ([]byte, error) {
			var err error
			r.buf, err = r.log.readPart(p, r.buf)
			return r.buf, err
		})
		r.parts = r.parts[:0]
		return err
	default:
		if len(r.parts) > 0 {
			return fmt.Errorf("embedded: a record follows a streamed document's parts without their commit: %w", store.ErrCorrupt)
		}
		return r.st.applyBatch(payload, off)
	}
}

// pendingFrom returns the log offset where uncommitted parts begin, and
// whether there are any.
func (r *replayer) pendingFrom() (int64, bool) {
	if len(r.parts) == 0 {
		return 0, false
	}
	return r.parts[0].off - frameSize, true
}

// applyCommit replaces the document c names with the chunks of its parts,
// read with read, and advances the version.
func (st *state) applyCommit(c commitRecord, parts []partRef, read func(partRef) ([]byte, error)) error {
	st.removeDoc(c.key)
	before := len(st.rows)
	for _, p := range parts {
		payload, err := read(p)
		if err != nil {
			return err
		}
		if err := st.applyBatch(payload, p.off); err != nil {
			return err
		}
	}
	if n := len(st.rows) - before; n != c.chunks {
		return fmt.Errorf("embedded: commit of %d chunks found %d in its parts: %w", c.chunks, n, store.ErrCorrupt)
	}
	st.version = max(st.version, c.version)
	st.nextSerial = max(st.nextSerial, c.nextSerial)
	return nil
}

// dropPending deals with parts left at the end of the log after replay: a
// writer cuts them off and returns how many bytes it cut; a read-only log
// stops before them.
func dropPending(log *recordLog, rp *replayer) (int64, error) {
	from, ok := rp.pendingFrom()
	if !ok {
		return 0, nil
	}
	size := log.size
	if log.readOnly {
		log.size = from
		return 0, nil
	}
	if err := log.cut(from); err != nil {
		return 0, err
	}
	return size - from, nil
}
