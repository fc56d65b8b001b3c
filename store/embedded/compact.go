package embedded

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
)

// Replaced and deleted chunks leave dead records in the log. When dead bytes
// exceed both compactMinDeadBytes and the live bytes, the log is rewritten
// with only the live chunk ops (copied verbatim) into a new file that
// atomically replaces the old one.
const compactRecordBytes = 4 << 20 // target payload size of rewritten records

// compactMinDeadBytes is a variable only so that tests can exercise
// compaction on small stores.
var compactMinDeadBytes int64 = 64 << 20

// maybeCompact compacts the log when it is mostly dead. The caller holds
// writeMu and has committed its batch: a failed compaction leaves the old
// log in place, loses nothing and is retried after a later write, so its
// error is not the caller's.
func (s *Store) maybeCompact() error {
	dead := s.log.size - logHeaderSize - s.st.liveBytes
	if dead < compactMinDeadBytes || dead <= s.st.liveBytes {
		return nil
	}
	_ = s.compact() // see above: the batch is committed either way
	return nil
}

// compact rewrites the log. Searches continue while the new file is
// written; they pause only while the file handle is swapped.
func (s *Store) compact() error {
	st := s.st
	path := filepath.Join(s.dir, compactFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return fmt.Errorf("embedded: compact: %w", err)
	}
	newOff, size, err := s.writeCompacted(f)
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		f.Close()
		os.Remove(path)
		return fmt.Errorf("embedded: compact: %w", err)
	}
	s.mu.Lock()
	if err := os.Rename(path, s.log.path); err != nil {
		s.mu.Unlock()
		f.Close()
		os.Remove(path)
		return fmt.Errorf("embedded: compact: %w", err)
	}
	old := s.log.f
	s.log.f, s.log.size = f, size
	for i := range st.rows {
		st.rows[i].opOff = newOff[i]
	}
	s.mu.Unlock()
	old.Close()
	return syncDir(s.dir)
}

// writeCompacted writes a header and the live chunk ops, grouped into
// records that carry the current version and serial counter, and returns
// the new op offsets (by row) and the file size.
func (s *Store) writeCompacted(f *os.File) ([]int64, int64, error) {
	st := s.st
	w := bufio.NewWriterSize(f, 1<<20)
	if _, err := w.Write(logHeader()); err != nil {
		return nil, 0, err
	}
	off := int64(logHeaderSize)
	newOff := make([]int64, len(st.rows))
	for i := 0; i == 0 || i < len(st.rows); {
		j, bytes := i, 0
		for j < len(st.rows) && (j == i || bytes+int(st.rows[j].logBytes(st.dim)) <= compactRecordBytes) {
			bytes += int(st.rows[j].logBytes(st.dim))
			j++
		}
		rec := newRecord(bytes + 32) // bytes counts block vectors too (logBytes)
		rec = appendHeader(rec, batchHeader{version: st.version, nextSerial: st.nextSerial, nOps: j - i, dim: st.dim})
		for r := i; r < j; r++ {
			row := &st.rows[r]
			start := len(rec)
			rec = append(rec, make([]byte, row.opLen)...)
			if err := s.log.readAt(rec[start:], row.opOff); err != nil {
				return nil, 0, err
			}
			newOff[r] = off + int64(start)
		}
		// The ops are copied as they are; block chunks' vectors, which
		// are not in their ops, come from the slab, which holds them
		// exactly as they were written.
		for r := i; r < j; r++ {
			if st.rows[r].inBlock {
				rec = appendVectors(rec, st.vector(int32(r)))
			}
		}
		frameRecord(rec)
		if _, err := w.Write(rec); err != nil {
			return nil, 0, err
		}
		off += int64(len(rec))
		if j == i { // no rows: one empty record keeps the counters
			break
		}
		i = j
	}
	return newOff, off, w.Flush()
}
