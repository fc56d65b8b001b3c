package embedded

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	index "github.com/blevesearch/bleve_index_api"
)

// While a writer holds the store, bbolt keeps the keyword index's root file
// locked, so readers cannot open it. The writer therefore publishes
// read-only copies of the index as it commits: keyword.pub/N holds a fresh
// root file naming the same immutable segment files, which are hard-linked,
// not copied, so a copy costs a small file and a few links however large
// the index is; keyword.pub/CURRENT names the newest. A copy records the
// log version it holds (internalApplied), and a reader replays the log only
// up to that version, so index and log agree, without waiting for the
// writer. Copies are made by a goroutine, off the write path (a copy
// fsyncs its root file several times); after a burst of commits it makes
// one copy of the newest state. The newest two copies are kept so that a
// reader between reading CURRENT and opening the copy rarely loses it; one
// that does tries again.

const (
	publishDir     = "keyword.pub"
	publishCurrent = "CURRENT"
	publishKeep    = 2
	// snapshotAttempts bounds how often a reader retries a copy that no
	// longer matches the log before it builds the keyword index in memory
	// instead (as it does when no copy appears within snapshotCatchUp).
	snapshotAttempts = 4
	// snapshotCatchUp bounds how long a reader waits for a copy of the
	// batches committed before it opened (about one copy's time while the
	// writer commits); after it an older copy serves, or with none the
	// reader builds its index in memory.
	snapshotCatchUp = 2 * time.Second
	snapshotPoll    = 5 * time.Millisecond
)

// copier is the part of bleve.Index that copies its current snapshot.
type copier interface {
	CopyTo(d index.Directory) error
}

// publisher makes the copies. kick asks for a copy of the current state;
// kicks during a copy coalesce into one more.
type publisher struct {
	kick chan struct{}
	done chan struct{}
}

// startPublisher starts the writer's copier and asks for a first copy.
func (s *Store) startPublisher() {
	_ = removePublished(s.dir) // copies left by a writer that died
	p := &publisher{kick: make(chan struct{}, 1), done: make(chan struct{})}
	s.pub = p
	go func() {
		defer close(p.done)
		var seq int64
		for range p.kick {
			seq++
			_ = s.publish(seq) // best effort: a reader without a copy builds its own index
		}
	}()
	p.kick <- struct{}{}
}

// published asks for a copy of the state just committed.
func (p *publisher) published() {
	if p == nil {
		return
	}
	select {
	case p.kick <- struct{}{}:
	default: // a copy is already due; it will include this commit
	}
}

// stop waits for a copy in progress; the keyword index may then close.
func (p *publisher) stop() {
	close(p.kick)
	<-p.done
}

// publish copies the keyword index's current snapshot into
// keyword.pub/seq. bleve copies one consistent snapshot, which carries
// the log version it holds, so no lock of the Store is needed.
func (s *Store) publish(seq int64) error {
	c, ok := s.kw.idx.(copier)
	if !ok {
		return errors.New("embedded: keyword index cannot be copied")
	}
	pub := filepath.Join(s.dir, publishDir)
	if err := os.MkdirAll(pub, 0o755); err != nil {
		return err
	}
	name := strconv.FormatInt(seq, 10)
	tmp := filepath.Join(pub, name+tmpSuffix)
	if err := os.RemoveAll(tmp); err != nil {
		return err
	}
	if err := c.CopyTo(linkDir{src: filepath.Join(s.dir, keywordDir), dst: tmp}); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	final := filepath.Join(pub, name)
	if err := os.RemoveAll(final); err != nil {
		return err
	}
	if err := os.Rename(tmp, final); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	cur := filepath.Join(pub, publishCurrent)
	if err := os.WriteFile(cur+tmpSuffix, []byte(name+"\n"), 0o644); err != nil {
		return err
	}
	if err := os.Rename(cur+tmpSuffix, cur); err != nil {
		return err
	}
	return prunePublished(pub, seq)
}

// prunePublished removes all but the newest publishKeep copies. A copy is
// renamed away before it is removed, so a reader sees it whole or not at
// all; readers that have it open keep reading it.
func prunePublished(pub string, newest int64) error {
	entries, err := os.ReadDir(pub)
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range entries {
		v, err := strconv.ParseInt(e.Name(), 10, 64)
		if err != nil || v > newest-publishKeep {
			continue
		}
		old := filepath.Join(pub, e.Name()+".old")
		if err := os.Rename(filepath.Join(pub, e.Name()), old); err != nil {
			errs = append(errs, err)
			continue
		}
		errs = append(errs, os.RemoveAll(old))
	}
	return errors.Join(errs...)
}

// removePublished drops every copy: at Close, readers open the index itself.
func removePublished(dir string) error {
	return os.RemoveAll(filepath.Join(dir, publishDir))
}

// linkDir receives bleve's copy: segment files the writer's index already
// holds on disk are hard-linked into dst, everything else (the root file,
// the index metadata, a segment still in memory) is written there.
type linkDir struct{ src, dst string }

func (d linkDir) GetWriter(name string) (io.WriteCloser, error) {
	dst := filepath.Join(d.dst, name)
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return nil, err
	}
	if strings.HasSuffix(name, ".zap") {
		if err := os.Link(filepath.Join(d.src, name), dst); err == nil {
			return linked{}, nil
		}
	}
	return os.OpenFile(dst, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
}

// linked stands for a segment that was hard-linked: bleve still streams the
// segment to it (io.Copy from the file, or the in-memory segment's WriteTo),
// and it takes the stream without reading it.
type linked struct{}

func (linked) Write(p []byte) (int, error)       { return len(p), nil }
func (linked) ReadFrom(io.Reader) (int64, error) { return 0, nil }
func (linked) Close() error                      { return nil }

// errPastSnapshot stops a replay at the first record newer than the
// published copy.
var errPastSnapshot = errors.New("embedded: record newer than the snapshot")

// batchVersion reads a record payload's version without decoding it.
func batchVersion(payload []byte) (int64, error) {
	d := &decoder{b: payload}
	d.byte1("kind")
	v := d.uvarint("version")
	return int64(v), d.err
}

// loadSnapshot loads a read-only Store while a writer holds the directory:
// the newest published keyword copy and the log up to its version. When no
// copy matches the log (none published yet, or the writer compacted the log
// past it), it replays the whole log and builds the keyword index in
// memory.
func (s *Store) loadSnapshot() error {
	logPath := filepath.Join(s.dir, logFile)
	target, err := lastVersion(logPath)
	if err != nil {
		return err
	}
	deadline := time.Now().Add(snapshotCatchUp)
	for failures := 0; failures < snapshotAttempts; time.Sleep(snapshotPoll) {
		kw, v := openPublished(filepath.Join(s.dir, publishDir))
		waiting := time.Now().Before(deadline)
		switch {
		case kw == nil && waiting:
			// The writer has just opened and not copied yet, or the
			// copy vanished between CURRENT and opening it.
		case kw == nil:
			failures = snapshotAttempts
		case v < target && waiting:
			kw.idx.Close() // the copier is behind what was committed before Open
		default:
			ok, err := s.loadUpTo(logPath, kw, v)
			if ok || err != nil {
				return err
			}
			failures++ // the log was compacted past the copy: take a newer one
		}
	}
	log, err := openLog(logPath, true)
	if err != nil {
		return err
	}
	s.log = log
	st := s.newState()
	st.reserve(log.countOps())
	rp := newReplayer(st, log)
	if _, err := log.replay(func(off int64, payload []byte) error {
		if err := rp.apply(off, payload); err != nil {
			return fmt.Errorf("embedded: %s: record at offset %d: %w", log.path, off, err)
		}
		return nil
	}); err != nil {
		return err
	}
	s.st = st
	kw, err := newMemKeywordIndex()
	if err != nil {
		return err
	}
	s.kw = kw
	_, _, err = kw.reconcile(st, s.readChunk)
	return err
}

// openPublished opens the newest published copy and returns the log
// version it holds, or nil when there is none it can open.
func openPublished(pub string) (*keywordIndex, int64) {
	b, err := os.ReadFile(filepath.Join(pub, publishCurrent))
	if err != nil {
		return nil, 0
	}
	name := strings.TrimSpace(string(b))
	if _, err := strconv.ParseInt(name, 10, 64); err != nil {
		return nil, 0
	}
	kw := openKeywordIndexReadOnly(filepath.Join(pub, name))
	if kw == nil {
		return nil, 0
	}
	v := kw.appliedVersion()
	if v < 0 {
		kw.idx.Close()
		return nil, 0
	}
	return kw, v
}

// loadUpTo replays the log up to version and adopts kw, which holds that
// version. ok is false (with a nil error) when the log does not hold
// exactly that version (compacted past it); err reports damage to the
// log itself. kw is closed unless adopted.
func (s *Store) loadUpTo(logPath string, kw *keywordIndex, version int64) (ok bool, err error) {
	log, err := openLog(logPath, true)
	if err != nil {
		kw.idx.Close()
		return false, err
	}
	st := s.newState()
	st.reserve(log.countOps())
	rp := newReplayer(st, log)
	_, err = log.replay(func(off int64, payload []byte) error {
		v, err := batchVersion(payload)
		if err != nil {
			return fmt.Errorf("embedded: %s: record at offset %d: %w", log.path, off, err)
		}
		if v > version {
			return errPastSnapshot
		}
		if err := rp.apply(off, payload); err != nil {
			return fmt.Errorf("embedded: %s: record at offset %d: %w", log.path, off, err)
		}
		return nil
	})
	if err != nil && !errors.Is(err, errPastSnapshot) {
		kw.idx.Close()
		log.close()
		return false, err
	}
	count, cerr := kw.idx.DocCount()
	if st.version != version || cerr != nil || count != uint64(len(st.rows)) {
		kw.idx.Close()
		log.close()
		return false, nil
	}
	kw.applied, kw.lastPers = version, version
	s.st, s.log, s.kw = st, log, kw
	return true, nil
}

// lastVersion returns the version of the last whole record in the log,
// reading only record frames and headers: what a reader should see.
func lastVersion(path string) (int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, fmt.Errorf("embedded: open %s: %w", path, err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return 0, fmt.Errorf("embedded: stat %s: %w", path, err)
	}
	end := info.Size()
	var last int64
	var head [frameSize + 1 + binary.MaxVarintLen64]byte
	for off := int64(logHeaderSize); off+frameSize < end; {
		n, err := f.ReadAt(head[:], off)
		if n < frameSize+2 && err != nil {
			break
		}
		size := int64(binary.LittleEndian.Uint32(head[:4]))
		if size == 0 || off+frameSize+size > end {
			break
		}
		// A streamed document's parts are not committed until their
		// commit record (parts.go).
		if v, err := batchVersion(head[frameSize:n]); err == nil && head[frameSize] != kindPart {
			last = v
		}
		off += frameSize + size
	}
	return last, nil
}
