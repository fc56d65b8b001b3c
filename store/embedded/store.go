package embedded

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/hybridrag/hybridrag/internal/topk"
	"github.com/hybridrag/hybridrag/store"
)

// Store is the embedded store: a directory holding a record log (the
// source of truth), a bleve scorch keyword index derived from it, and an
// in-memory vector slab rebuilt from the log at Open.
//
// A Store opened with Options.ReadOnly shares the directory with other
// read-only Stores (in this process or others) and never writes to it;
// while a writer holds the directory it opens a snapshot instead of
// waiting (see Options.ReadOnly).
//
// A Store is safe for concurrent use. Writers (Put, Delete) are serialised;
// searches run in parallel with each other and with the slow part of a
// write (analysis, encoding, the log append and its fsync). A write then
// takes an exclusive lock briefly to apply the batch to the keyword index
// and to memory, so every search sees either all of a batch or none of it.
type Store struct {
	dir  string
	opts Options
	// The locks held (lock.go): a writer holds both, a read-only Store
	// LOCK shared, a snapshot neither.
	locks    writerLocks
	snapshot bool
	pub      *publisher // a writer's copier of the keyword index (publish.go)

	// writeMu serialises writers: Put, Delete, Close and log compaction.
	writeMu sync.Mutex
	broken  error // guarded by writeMu: set when a committed batch could not be applied

	// mu guards st, the keyword index's contents, the log file handle and
	// closed. Searches hold it shared for their whole duration.
	mu     sync.RWMutex
	st     *state
	log    *recordLog
	kw     *keywordIndex
	closed bool

	recovery Recovery
	quant    Quantization // None or Int8, fixed at Open (quant_file.go)
}

// Recovery describes what Open had to repair. Nothing is discarded
// silently: every repair is counted here. It is a plain value.
type Recovery struct {
	// TruncatedBytes is the size of an incomplete or unchecksummable final
	// record cut from the record log: a write whose Put never returned,
	// and the parts of a streamed document whose Commit never returned
	// (store.DocumentStreamer). A read-only Store ignores them instead of
	// cutting them, and does not count parts (they may be a writer's
	// stream in progress).
	TruncatedBytes int64
	// KeywordDiscarded reports that the keyword index could not be opened
	// (or was built with another mapping) and was rebuilt from the log.
	KeywordDiscarded bool
	// Reindexed counts chunks added to the keyword index at Open because it
	// had not persisted them; Unindexed counts stale entries it removed.
	Reindexed, Unindexed int
	// KeywordInMemory reports that a read-only Store found the keyword
	// index behind the log, missing or unusable, and built one in memory
	// from the log (Reindexed counts its chunks). The directory is
	// unchanged; opening it once read-write repairs it.
	KeywordInMemory bool
}

var (
	_ store.Store       = (*Store)(nil)
	_ store.TermStatter = (*Store)(nil)
	_ store.Scanner     = (*Store)(nil)
)

// Open opens the store in dir. A missing dir is an error wrapping
// store.ErrNotFound unless opts.Create is set. A damaged FORMAT file or
// record log gives an error wrapping store.ErrCorrupt, a store written by
// another format version a *store.VersionError; Open never empties or
// recreates a store that holds data. The keyword index is derived data:
// if it is behind the log (after a crash) or unusable, Open brings it up to
// date and reports what it did in Recovery. A writer's Open waits up to
// Options.LockTimeout while another writer, or read-only Stores opened
// before it, hold the directory, then fails with a *LockedError (wrapping
// ErrLocked) that names the holder. A read-only Open never waits.
func Open(dir string, opts Options) (*Store, error) {
	if dir == "" {
		return nil, fmt.Errorf("embedded: empty store path: %w", store.ErrNotFound)
	}
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if !opts.Create || opts.ReadOnly {
			return nil, fmt.Errorf("embedded: open %s: %w", dir, store.ErrNotFound)
		}
		if err := createStore(dir); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, fmt.Errorf("embedded: open %s: %w", dir, err)
	case !info.IsDir():
		return nil, fmt.Errorf("embedded: %s is a file, not a store directory: %w", dir, store.ErrNotFound)
	}
	fresh := false
	version, err := readFormat(dir)
	switch {
	case errors.Is(err, errNoFormat):
		empty, eerr := emptyOfData(dir)
		if eerr != nil {
			return nil, eerr
		}
		if !empty {
			return nil, fmt.Errorf("embedded: %s has no %s file but holds other files; refusing to use it: %w", dir, formatFile, store.ErrCorrupt)
		}
		if !opts.Create || opts.ReadOnly {
			return nil, fmt.Errorf("embedded: %s holds no store: %w", dir, store.ErrNotFound)
		}
		fresh = true
	case err != nil:
		return nil, err
	}
	s := &Store{dir: dir, opts: opts}
	if opts.ReadOnly {
		lock, err := lockReader(dir)
		if err != nil {
			return nil, err
		}
		s.locks.lock, s.snapshot = lock, lock == nil
	} else {
		if s.locks, err = lockWriter(dir, opts.lockTimeout()); err != nil {
			return nil, err
		}
	}
	// Read under the lock: a writer's Open may be changing the file.
	storedQuant, useQuant, err := resolveQuant(dir, opts)
	if err != nil {
		s.locks.release()
		return nil, err
	}
	s.quant = useQuant
	if fresh {
		if err := initStore(dir); err != nil {
			s.locks.release()
			return nil, err
		}
	}
	err = s.load()
	if err == nil && !fresh && !opts.ReadOnly && version < FormatVersion {
		err = upgradeFormat(dir)
	}
	if err == nil && !opts.ReadOnly && useQuant != storedQuant {
		err = writeQuant(dir, useQuant)
	}
	if err != nil {
		if s.pub != nil {
			s.pub.stop()
			removePublished(dir)
		}
		if s.kw != nil {
			s.kw.idx.Close()
		}
		if s.log != nil {
			s.log.close()
		}
		if s.st != nil {
			s.st.freeSlab()
		}
		s.locks.release()
		return nil, err
	}
	return s, nil
}

// load replays the log into memory and brings the keyword index in step.
func (s *Store) load() error {
	if s.snapshot {
		return s.loadSnapshot()
	}
	log, err := openLog(filepath.Join(s.dir, logFile), s.opts.ReadOnly)
	if err != nil {
		return err
	}
	s.log = log
	st := s.newState()
	st.reserve(log.countOps())
	rp := newReplayer(st, log)
	truncated, err := log.replay(func(off int64, payload []byte) error {
		if err := rp.apply(off, payload); err != nil {
			return fmt.Errorf("embedded: %s: record at offset %d: %w", log.path, off, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	cut, err := dropPending(log, rp)
	if err != nil {
		return err
	}
	s.st = st
	s.recovery.TruncatedBytes = truncated + cut
	if s.opts.ReadOnly {
		return s.loadKeywordReadOnly()
	}
	if err := os.Remove(filepath.Join(s.dir, compactFile)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("embedded: remove interrupted compaction: %w", err)
	}
	kw, discarded, err := openKeywordIndex(filepath.Join(s.dir, keywordDir))
	if err != nil {
		return err
	}
	s.kw = kw
	s.recovery.KeywordDiscarded = discarded
	count, err := kw.idx.DocCount()
	if err != nil {
		return fmt.Errorf("embedded: keyword index: %w", err)
	}
	if kw.appliedVersion() != st.version || count != uint64(len(st.rows)) {
		added, removed, err := kw.reconcile(st, s.readChunk)
		if err != nil {
			return err
		}
		s.recovery.Reindexed, s.recovery.Unindexed = added, removed
	} else {
		kw.applied, kw.lastPers = st.version, st.version
	}
	s.startPublisher()
	return nil
}

// loadKeywordReadOnly opens the keyword index without writing to it. An
// index that is current serves as is; one that is behind the log (a writer
// died before bleve persisted), missing or unusable cannot be repaired
// without writing, so an index is built in memory from the log instead:
// searches stay exact, at the cost of the rebuild, until a read-write Open
// repairs the directory.
func (s *Store) loadKeywordReadOnly() error {
	st := s.st
	if kw := openKeywordIndexReadOnly(filepath.Join(s.dir, keywordDir)); kw != nil {
		count, err := kw.idx.DocCount()
		if err == nil && kw.appliedVersion() == st.version && count == uint64(len(st.rows)) {
			kw.applied, kw.lastPers = st.version, st.version
			s.kw = kw
			return nil
		}
		kw.idx.Close()
	}
	kw, err := newMemKeywordIndex()
	if err != nil {
		return err
	}
	s.kw = kw
	s.recovery.KeywordInMemory = true
	added, _, err := kw.reconcile(st, s.readChunk)
	s.recovery.Reindexed = added
	return err
}

// Snapshot reports whether this read-only Store was opened while a writer
// held the directory: it then serves the batches committed before Open,
// without holding any lock, and does not see later ones (open it again to
// see them).
func (s *Store) Snapshot() bool { return s.snapshot }

// Recovery reports what Open repaired.
func (s *Store) Recovery() Recovery { return s.recovery }

// Dir returns the store directory.
func (s *Store) Dir() string { return s.dir }

// readChunk loads row i's chunk from the log. The caller holds mu (either
// mode) or is the only user of the store.
func (s *Store) readChunk(i int32) (store.Chunk, error) {
	return s.readChunkBuf(i, nil)
}

// chunkBuffers are the buffers of a caller that reads many chunks:
// decoding copies every string out of them, so they serve the next chunk.
type chunkBuffers struct{ raw, scratch []byte }

// chunkBufferPool recycles the buffers of searches (hits). A retrieval reads
// dozens of chunks per search, and buffers grown afresh for every search
// were a tenth of its garbage, which at two goroutines shows up as extra
// collections, each stopping both (issue 16 item 6). Nothing returned
// aliases them (decoding copies every string), and buffers above
// maxPooledChunkBuffer are dropped so that one huge chunk is not pinned.
var chunkBufferPool = sync.Pool{New: func() any { return new(chunkBuffers) }}

const maxPooledChunkBuffer = 1 << 20

func getChunkBuffers() *chunkBuffers { return chunkBufferPool.Get().(*chunkBuffers) }

func putChunkBuffers(b *chunkBuffers) {
	if cap(b.raw) > maxPooledChunkBuffer || cap(b.scratch) > maxPooledChunkBuffer {
		return
	}
	chunkBufferPool.Put(b)
}

// readChunkBuf is readChunk reading through bufs (nil: fresh buffers).
func (s *Store) readChunkBuf(i int32, bufs *chunkBuffers) (store.Chunk, error) {
	var c store.Chunk
	if err := s.readChunkInto(i, bufs, &c); err != nil {
		return store.Chunk{}, err
	}
	return c, nil
}

// readChunkInto is readChunkBuf decoding into *c, which must be zero: a
// chunk decoded in place costs no allocation of its own.
func (s *Store) readChunkInto(i int32, bufs *chunkBuffers, c *store.Chunk) error {
	r := &s.st.rows[i]
	if bufs == nil {
		bufs = &chunkBuffers{}
	}
	if cap(bufs.raw) < int(r.jsonLen) {
		bufs.raw = make([]byte, r.jsonLen)
	}
	b := bufs.raw[:r.jsonLen]
	if err := s.log.readAt(b, r.opOff+int64(r.jsonRel)); err != nil {
		return err
	}
	if err := decodeChunk(b, c, &bufs.scratch); err != nil {
		return fmt.Errorf("embedded: chunk %q in %s: %v: %w", r.chunkID.String(), s.log.path, err, store.ErrCorrupt)
	}
	if !r.chunkID.is(c.ID) {
		return fmt.Errorf("embedded: %s: chunk at offset %d is %q, want %q: %w", s.log.path, r.opOff, c.ID, r.chunkID.String(), store.ErrCorrupt)
	}
	return nil
}

// hits materialises scored rows (candidate ids are row indexes) as hits:
// each chunk is read back from the log, decoded in place, and given a copy
// of its vector; the copies share one allocation.
func (s *Store) hits(rows []topk.Candidate) ([]store.Hit, error) {
	st := s.st
	out := make([]store.Hit, len(rows))
	vecs := make([]float32, len(rows)*st.dim)
	bufs := getChunkBuffers()
	defer putChunkBuffers(bufs)
	for i, r := range rows {
		if err := s.readChunkInto(int32(r.ID), bufs, &out[i].Chunk); err != nil {
			return nil, err
		}
		v := vecs[i*st.dim : (i+1)*st.dim : (i+1)*st.dim]
		copy(v, st.vector(int32(r.ID)))
		out[i].Score, out[i].Vector = r.Score, v
	}
	return out, nil
}

// Stats reports counts for f.TenantID and f.ProjectID ("" meaning any);
// other filter fields are ignored. It is O(1).
func (s *Store) Stats(ctx context.Context, f store.Filter) (store.Stats, error) {
	if err := ctx.Err(); err != nil {
		return store.Stats{}, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return store.Stats{}, store.ErrClosed
	}
	c := s.st.countsFor(f.TenantID, f.ProjectID)
	return store.Stats{Documents: c.docs, Chunks: c.chunks, Dimension: s.st.dim, IndexVersion: s.st.version}, nil
}

// Close waits for a running write, persists the keyword index and releases
// the directory. Further calls return store.ErrClosed; closing twice is a
// no-op.
func (s *Store) Close() error {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.mu.Unlock()
	if s.pub != nil {
		s.pub.stop()
	}
	err := errors.Join(s.kw.close(), s.log.close())
	s.mu.Lock()
	s.st.freeSlab() // no search runs now (closed is set): none holds the slab
	s.mu.Unlock()
	if s.pub != nil {
		// Readers that open from now on use the index itself.
		err = errors.Join(err, removePublished(s.dir))
	}
	return errors.Join(err, s.locks.release())
}
