package embedded

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	index "github.com/blevesearch/bleve_index_api"
)

// While a writer holds the store, bbolt keeps the keyword index's root file
// locked, so readers cannot open it. After each commit the writer therefore
// publishes a read-only copy of the index as of that commit into
// keyword.pub/VERSION: a fresh root file naming the same immutable segment
// files, which are hard-linked, not copied, so a publication costs a small
// file and a few links however large the index is. keyword.pub/CURRENT names
// the newest. A reader opens that copy and replays the log only up to its
// version, so index and log agree, and never waits for the writer. The
// newest two copies are kept so that a reader between reading CURRENT and
// opening the copy rarely loses it; one that does tries again.

const (
	publishDir     = "keyword.pub"
	publishCurrent = "CURRENT"
	publishKeep    = 2
	// snapshotAttempts bounds how often a reader retries a copy that
	// vanished or no longer matches the log before it builds the keyword
	// index in memory instead.
	snapshotAttempts = 4
)

// copier is the part of bleve.Index that copies its current snapshot.
type copier interface {
	CopyTo(d index.Directory) error
}

// publish makes a read-only copy of the keyword index at version, for
// readers opening while this writer holds the store. It is best effort:
// a reader that finds no usable copy builds its index from the log. The
// caller holds writeMu (or is Open), so the index holds exactly version.
func (s *Store) publish(version int64) error {
	c, ok := s.kw.idx.(copier)
	if !ok {
		return errors.New("embedded: keyword index cannot be copied")
	}
	pub := filepath.Join(s.dir, publishDir)
	if err := os.MkdirAll(pub, 0o755); err != nil {
		return err
	}
	name := strconv.FormatInt(version, 10)
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
	return prunePublished(pub, version)
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
	for range snapshotAttempts {
		ok, err := s.loadPublished()
		if ok || err != nil {
			return err
		}
	}
	log, err := openLog(filepath.Join(s.dir, logFile), true)
	if err != nil {
		return err
	}
	s.log = log
	st := newState()
	if _, err := log.replay(func(off int64, payload []byte) error {
		if err := st.applyBatch(payload, off); err != nil {
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

// loadPublished tries the newest published copy. ok is false (with a nil
// error) when there is none or it does not match the log; err reports
// damage to the log itself.
func (s *Store) loadPublished() (ok bool, err error) {
	pub := filepath.Join(s.dir, publishDir)
	b, err := os.ReadFile(filepath.Join(pub, publishCurrent))
	if err != nil {
		return false, nil
	}
	version, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return false, nil
	}
	kw := openKeywordIndexReadOnly(filepath.Join(pub, strconv.FormatInt(version, 10)))
	if kw == nil {
		return false, nil
	}
	if kw.appliedVersion() != version {
		kw.idx.Close()
		return false, nil
	}
	log, err := openLog(filepath.Join(s.dir, logFile), true)
	if err != nil {
		kw.idx.Close()
		return false, err
	}
	st := newState()
	_, err = log.replay(func(off int64, payload []byte) error {
		v, err := batchVersion(payload)
		if err != nil {
			return fmt.Errorf("embedded: %s: record at offset %d: %w", log.path, off, err)
		}
		if v > version {
			return errPastSnapshot
		}
		if err := st.applyBatch(payload, off); err != nil {
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
