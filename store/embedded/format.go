package embedded

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hybridrag/hybridrag/store"
)

// On-disk layout of a store directory.
const (
	formatFile  = "FORMAT"      // JSON: format name and version
	logFile     = "records.log" // the record log, source of truth
	keywordDir  = "keyword"     // bleve scorch index derived from the log
	lockFile    = "LOCK"        // advisory lock: readers of the keyword index share it, the writer excludes them
	writerFile  = "WRITER"      // advisory lock of the one writer, naming it (see lock.go)
	tmpSuffix   = ".tmp"        // suffix of files being written atomically
	compactFile = logFile + ".compact"
)

// FormatName and FormatVersion identify what this build writes into the
// FORMAT file. A store with a higher version is refused with a
// *store.VersionError rather than misread. Version 2 keeps a batch's
// vectors in one block after its ops; version 3 adds streamed documents
// (part and commit records, parts.go). Stores of older versions are read
// as they are, and opening one for writing marks it this version (older
// builds then refuse it instead of misreading the new records).
const (
	FormatName    = "hybridrag-embedded"
	FormatVersion = 3
)

type formatInfo struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
}

// errNoFormat is internal: the directory has no FORMAT file.
var errNoFormat = errors.New("embedded: no FORMAT file")

// readFormat checks dir/FORMAT and returns its version. It returns
// errNoFormat when the file is missing, an error wrapping store.ErrCorrupt
// when it is unreadable or names another format, and a *store.VersionError
// for a version newer than this build's.
func readFormat(dir string) (int, error) {
	path := filepath.Join(dir, formatFile)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, errNoFormat
	}
	if err != nil {
		return 0, fmt.Errorf("embedded: read %s: %w", path, err)
	}
	var fi formatInfo
	if err := json.Unmarshal(data, &fi); err != nil {
		return 0, fmt.Errorf("embedded: %s is not valid JSON (%v): %w", path, err, store.ErrCorrupt)
	}
	if fi.Format != FormatName {
		return 0, fmt.Errorf("embedded: %s names format %q, want %q: %w", path, fi.Format, FormatName, store.ErrCorrupt)
	}
	if fi.Version < 1 {
		return 0, fmt.Errorf("embedded: %s has invalid version %d: %w", path, fi.Version, store.ErrCorrupt)
	}
	if fi.Version > FormatVersion {
		return 0, &store.VersionError{Path: path, Found: fi.Version, Want: FormatVersion}
	}
	return fi.Version, nil
}

// upgradeFormat marks a store of an older (readable) version as this
// build's version, before anything in the new layout is written to it.
func upgradeFormat(dir string) error {
	return writeFileAtomic(filepath.Join(dir, formatFile), formatBytes())
}

func formatBytes() []byte {
	b, _ := json.Marshal(formatInfo{Format: FormatName, Version: FormatVersion})
	return append(b, '\n')
}

// initStore writes a fresh store (empty record log, then FORMAT) into dir,
// which must exist and hold nothing of value. FORMAT is written last so
// that a crash part-way leaves a directory that open treats as empty.
func initStore(dir string) error {
	if err := writeFileAtomic(filepath.Join(dir, logFile), logHeader()); err != nil {
		return err
	}
	return writeFileAtomic(filepath.Join(dir, formatFile), formatBytes())
}

// createStore creates dir and initialises it. The store is assembled in a
// sibling temporary directory and renamed into place, so dir either does
// not exist or is a complete store.
func createStore(dir string) error {
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return fmt.Errorf("embedded: create %s: %w", parent, err)
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dir)+".creating-*")
	if err != nil {
		return fmt.Errorf("embedded: create %s: %w", dir, err)
	}
	if err := initStore(tmp); err != nil {
		os.RemoveAll(tmp)
		return err
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.RemoveAll(tmp)
		return fmt.Errorf("embedded: create %s: %w", dir, err)
	}
	return syncDir(parent)
}

// emptyOfData reports whether dir holds nothing a store would have written
// data into: no entries, or only leftovers of an interrupted initStore (an
// empty record log, temporary files, the lock file).
func emptyOfData(dir string) (bool, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false, fmt.Errorf("embedded: read %s: %w", dir, err)
	}
	for _, e := range entries {
		name := e.Name()
		switch {
		case name == lockFile, name == writerFile, strings.HasSuffix(name, tmpSuffix):
			continue
		case name == logFile:
			st, err := e.Info()
			if err != nil {
				return false, fmt.Errorf("embedded: stat %s: %w", name, err)
			}
			if st.Size() > int64(logHeaderSize) {
				return false, nil
			}
		default:
			return false, nil
		}
	}
	return true, nil
}

// writeFileAtomic writes data to path through a synced temporary file and a
// rename, then syncs the directory, so that path holds either its old
// content or all of data.
func writeFileAtomic(path string, data []byte) error {
	tmp := path + tmpSuffix
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return fmt.Errorf("embedded: write %s: %w", path, err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("embedded: write %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("embedded: sync %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("embedded: write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("embedded: write %s: %w", path, err)
	}
	return syncDir(filepath.Dir(path))
}

// syncDir makes a directory's entries (creations, renames) durable.
func syncDir(dir string) error {
	if !dirSyncSupported {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("embedded: sync %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("embedded: sync %s: %w", dir, err)
	}
	return nil
}
