package embedded

import (
	"encoding/binary"
	"io"
)

// presizeWindow is how much of the log countOps reads at a time: a
// batch record's header and its leading delete ops (one per document the
// batch writes) fit in it, and so do many small records.
const presizeWindow = 64 << 10

// countOps returns how many chunk ops the log's records hold, and how many
// documents those records write, reading only their headers and leading
// delete ops, so that Open can reserve memory for every row and document
// once (state.reserve) instead of growing it while it replays. They are
// hints: a chunk or document a later record replaces counts twice, and
// counting stops at the first record that does not look whole (replay
// judges those). The cost is one read per presizeWindow of headers: about
// 1 % of the log at 1M chunks.
func (l *recordLog) countOps() (chunks, docs int) {
	info, err := l.f.Stat()
	if err != nil {
		return 0, 0
	}
	w := logWindow{r: l.f, end: info.Size()}
	for off := int64(logHeaderSize); ; {
		frame := w.get(off, frameSize)
		if len(frame) < frameSize {
			return chunks, docs
		}
		n := int64(binary.LittleEndian.Uint32(frame))
		payloadOff := off + frameSize
		if n == 0 || n > maxRecordSize || payloadOff+n > w.end {
			return chunks, docs
		}
		for want := min(n, presizeWindow); ; want = min(n, 2*want) {
			p := w.get(payloadOff, int(want))
			c, d, ok := chunkOpsIn(p, n)
			if ok || int64(len(p)) < want || want == n {
				chunks += c
				docs += d
				break
			}
		}
		off = payloadOff + n
	}
}

// chunkOpsIn counts the chunk ops of a record from a prefix of its payload:
// the op count less the delete ops, which writers put first (a streamed
// document's part records count too: laid out as block batches). A put
// batch deletes each document it writes first, so the documents it writes
// are its deletes, at most one per chunk (a record of deletes alone writes
// none). ok is false when the prefix ends inside the header or the
// deletes; a payload that is not a batch counts 0 (replay reports it).
func chunkOpsIn(prefix []byte, payloadLen int64) (chunks, docs int, ok bool) {
	d := &decoder{b: prefix}
	kind := d.byte1("kind")
	if d.err == nil && kind != kindBatch && !hasBlock(kind) {
		return 0, 0, true
	}
	d.uvarint("version")
	d.uvarint("next serial")
	nOps := d.uvarint("op count")
	dim := uint64(0)
	if hasBlock(kind) {
		dim = d.uvarint("block dimension")
	}
	if d.err != nil {
		return 0, 0, false
	}
	// A chunk op takes at least 17 bytes and its vector (inline or in
	// the block): a damaged count cannot reserve more than the log holds.
	maxOps := uint64(payloadLen) / (17 + 4*max(dim, 1))
	deletes := uint64(0)
	for deletes < nOps && d.pos < len(d.b) && d.b[d.pos] == opDeleteDoc {
		d.pos++
		d.str("tenant")
		d.str("project")
		d.str("document id")
		if d.err != nil {
			return 0, 0, false
		}
		deletes++
	}
	if deletes < nOps && d.pos >= len(d.b) {
		return 0, 0, false
	}
	chunks = int(min(nOps-deletes, maxOps))
	return chunks, min(int(deletes), chunks), true
}

// logWindow reads a file through one reused buffer of at least
// presizeWindow bytes.
type logWindow struct {
	r   io.ReaderAt
	end int64
	buf []byte
	off int64 // file offset of buf[0]
}

// get returns the file's bytes [off, off+n), fewer at the end of the file
// or on a read error.
func (w *logWindow) get(off int64, n int) []byte {
	if off >= w.off && off+int64(n) <= w.off+int64(len(w.buf)) {
		return w.buf[off-w.off : off-w.off+int64(n)]
	}
	size := int(min(int64(max(n, presizeWindow)), w.end-off))
	if size <= 0 {
		return nil
	}
	if cap(w.buf) < size {
		w.buf = make([]byte, size)
	}
	got, _ := w.r.ReadAt(w.buf[:size], off)
	w.buf, w.off = w.buf[:got], off
	return w.buf[:min(got, n)]
}
