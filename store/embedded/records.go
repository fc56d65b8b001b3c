package embedded

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"github.com/hybridrag/hybridrag/store"
)

// The record log is an append-only file: a 16-byte header, then records
// framed as [u32 payload length][u32 CRC-32C of payload][payload], all
// little-endian. A record is durable once append returns (it is fsynced),
// so a batch is committed exactly when its record is whole on disk.
const (
	logMagic        = "HRAGLOG\x00"
	logVersion      = 1
	logHeaderSize   = 16
	frameSize       = 8
	maxRecordSize   = 1 << 30 // a larger batch must be split by the caller
	replayBufferLen = 1 << 20
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// errLogBroken means an append failed and the log could not be cut back to
// its last good record; the file must not be appended to again.
var errLogBroken = errors.New("embedded: record log could not be restored after a failed append")

// recordLog is the store's source of truth. It is not safe for concurrent
// appends (the Store serialises writers); readAt may run concurrently with
// append because they touch disjoint byte ranges.
type recordLog struct {
	f    *os.File
	path string
	size int64 // offset just past the last good record

	readOnly bool // opened read-only: replay never truncates
}

func logHeader() []byte {
	h := make([]byte, logHeaderSize)
	copy(h, logMagic)
	binary.LittleEndian.PutUint32(h[8:], logVersion)
	binary.LittleEndian.PutUint32(h[12:], crc32.Checksum(h[:12], castagnoli))
	return h
}

// openLog opens path and checks its header. It does not read records; call
// replay before appending.
// A read-only log is opened read-only and never truncated.
func openLog(path string, readOnly bool) (*recordLog, error) {
	flag := os.O_RDWR
	if readOnly {
		flag = os.O_RDONLY
	}
	f, err := os.OpenFile(path, flag, 0)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("embedded: %s is missing although FORMAT exists: %w", path, store.ErrCorrupt)
	}
	if err != nil {
		return nil, fmt.Errorf("embedded: open %s: %w", path, err)
	}
	h := make([]byte, logHeaderSize)
	if _, err := io.ReadFull(f, h); err != nil {
		f.Close()
		return nil, fmt.Errorf("embedded: %s has no valid header: %w", path, store.ErrCorrupt)
	}
	if string(h[:8]) != logMagic || binary.LittleEndian.Uint32(h[12:]) != crc32.Checksum(h[:12], castagnoli) {
		f.Close()
		return nil, fmt.Errorf("embedded: %s has a damaged header: %w", path, store.ErrCorrupt)
	}
	if v := binary.LittleEndian.Uint32(h[8:]); v != logVersion {
		f.Close()
		return nil, &store.VersionError{Path: path, Found: int(v), Want: logVersion}
	}
	return &recordLog{f: f, path: path, size: logHeaderSize, readOnly: readOnly}, nil
}

// replay reads every record in order and calls fn with the file offset of
// its payload and the payload itself (valid only during the call). A final
// record that is incomplete or fails its checksum is a write that was never
// acknowledged (the process died before fsync returned): it is cut off and
// its length returned. A bad record followed by more data means the file
// was damaged after the fact, and replay fails with store.ErrCorrupt.
func (l *recordLog) replay(fn func(payloadOff int64, payload []byte) error) (truncated int64, err error) {
	st, err := l.f.Stat()
	if err != nil {
		return 0, fmt.Errorf("embedded: stat %s: %w", l.path, err)
	}
	end := st.Size()
	r := bufio.NewReaderSize(io.NewSectionReader(l.f, logHeaderSize, end-logHeaderSize), replayBufferLen)
	off := int64(logHeaderSize)
	var frame [frameSize]byte
	var payload []byte
	for off < end {
		if end-off < frameSize {
			return l.cutTail(off, end)
		}
		if _, err := io.ReadFull(r, frame[:]); err != nil {
			return 0, fmt.Errorf("embedded: read %s: %w", l.path, err)
		}
		n := int64(binary.LittleEndian.Uint32(frame[:4]))
		sum := binary.LittleEndian.Uint32(frame[4:])
		if n == 0 {
			zero, err := restIsZero(r)
			if err != nil {
				return 0, fmt.Errorf("embedded: read %s: %w", l.path, err)
			}
			if zero && sum == 0 {
				return l.cutTail(off, end)
			}
			return 0, fmt.Errorf("embedded: %s: empty record at offset %d: %w", l.path, off, store.ErrCorrupt)
		}
		recEnd := off + frameSize + n
		if recEnd > end {
			return l.cutTail(off, end)
		}
		if n > maxRecordSize {
			return 0, fmt.Errorf("embedded: %s: record at offset %d claims %d bytes: %w", l.path, off, n, store.ErrCorrupt)
		}
		if int64(cap(payload)) < n {
			payload = make([]byte, n)
		}
		payload = payload[:n]
		if _, err := io.ReadFull(r, payload); err != nil {
			return 0, fmt.Errorf("embedded: read %s: %w", l.path, err)
		}
		if crc32.Checksum(payload, castagnoli) != sum {
			if recEnd == end {
				return l.cutTail(off, end)
			}
			return 0, fmt.Errorf("embedded: %s: record at offset %d fails its checksum: %w", l.path, off, store.ErrCorrupt)
		}
		if err := fn(off+frameSize, payload); err != nil {
			return 0, err
		}
		off = recEnd
	}
	l.size = off
	return 0, nil
}

func restIsZero(r *bufio.Reader) (bool, error) {
	for {
		b, err := r.ReadByte()
		if err == io.EOF {
			return true, nil
		}
		if err != nil {
			return false, err
		}
		if b != 0 {
			return false, nil
		}
	}
}

// cutTail truncates an unacknowledged partial record at off. A read-only
// log only stops reading there: the record was never acknowledged, so
// ignoring it is what a writer's truncation would do.
func (l *recordLog) cutTail(off, end int64) (int64, error) {
	if l.readOnly {
		l.size = off
		return end - off, nil
	}
	if err := l.f.Truncate(off); err != nil {
		return 0, fmt.Errorf("embedded: truncate torn tail of %s: %w", l.path, err)
	}
	if err := l.f.Sync(); err != nil {
		return 0, fmt.Errorf("embedded: sync %s: %w", l.path, err)
	}
	l.size = off
	return end - off, nil
}

// newRecord returns a buffer for one record: frameSize reserved bytes that
// append fills in, followed by the payload the caller appends.
func newRecord(capacity int) []byte {
	return make([]byte, frameSize, frameSize+capacity)
}

// append writes rec (built with newRecord) at the end of the log and
// fsyncs it. It returns the file offset of the payload. On failure the log
// is cut back to its previous end, so nothing of rec survives; if even that
// fails the error wraps errLogBroken.
func (l *recordLog) append(rec []byte) (int64, error) {
	n := len(rec) - frameSize
	if n <= 0 || n > maxRecordSize {
		return 0, fmt.Errorf("%w: batch record of %d bytes (limit %d)", store.ErrInvalidEntry, n, maxRecordSize)
	}
	frameRecord(rec)
	off := l.size
	if _, err := l.f.WriteAt(rec, off); err != nil {
		return 0, l.undo(off, err)
	}
	if err := l.f.Sync(); err != nil {
		return 0, l.undo(off, err)
	}
	l.size = off + int64(len(rec))
	return off + frameSize, nil
}

func frameRecord(rec []byte) {
	payload := rec[frameSize:]
	binary.LittleEndian.PutUint32(rec[:4], uint32(len(payload)))
	binary.LittleEndian.PutUint32(rec[4:8], crc32.Checksum(payload, castagnoli))
}

func (l *recordLog) undo(off int64, cause error) error {
	if err := l.f.Truncate(off); err != nil {
		return fmt.Errorf("embedded: append to %s: %v; %w: %v", l.path, cause, errLogBroken, err)
	}
	return fmt.Errorf("embedded: append to %s: %w", l.path, cause)
}

// readAt fills p from the log at off. It does not look at size, which a
// concurrent append may be updating; offsets come from committed records.
func (l *recordLog) readAt(p []byte, off int64) error {
	if off < logHeaderSize {
		return fmt.Errorf("embedded: %s: read [%d, %d) outside the log: %w", l.path, off, off+int64(len(p)), store.ErrCorrupt)
	}
	if _, err := l.f.ReadAt(p, off); err != nil {
		return fmt.Errorf("embedded: read %s: %w", l.path, err)
	}
	return nil
}

func (l *recordLog) close() error {
	return l.f.Close()
}
