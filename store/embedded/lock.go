package embedded

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"
)

// Two lock files coordinate the Stores that open one directory, across
// processes:
//
//   - WRITER is held exclusively by the one writer for its whole life and
//     names it (pid, command line, since) for the error a second writer
//     gets. Readers only test it: while it is held they do not queue behind
//     the writer but open a snapshot without any lock (see Open).
//   - LOCK is held shared by readers that use the keyword index on disk
//     (bleve keeps it open, so no writer may change it meanwhile) and
//     exclusively by the writer once it holds WRITER. A writer therefore
//     waits only for readers that were already open when it arrived: new
//     readers see WRITER held and take a snapshot instead, so a steady
//     stream of queries cannot starve it.
//
// A writer from a build without WRITER holds only LOCK; readers then fail
// to share LOCK and take a snapshot all the same.

const (
	// DefaultLockTimeout is how long a writer's Open waits for another
	// writer, or for readers already open, when Options.LockTimeout is
	// zero. Readers never wait.
	DefaultLockTimeout = 30 * time.Second
	// lockRetryMin and lockRetryMax bound the pause between attempts: a
	// non-blocking flock retried with sleeps keeps Open free of contexts
	// and goroutines that could outlive it.
	lockRetryMin = 5 * time.Millisecond
	lockRetryMax = 100 * time.Millisecond
)

// lockRetried is called after each failed lock attempt; tests set it to
// learn that Open is waiting. It is nil otherwise.
var lockRetried func()

// LockedError is the error a writer's Open returns when the directory stays
// held for longer than Options.LockTimeout. It unwraps to ErrLocked. It is a
// plain value.
type LockedError struct {
	// Path is the lock file that stayed held.
	Path string
	// Readers is true when read-only Stores, not a writer, held it; the
	// fields below are then zero.
	Readers bool
	// PID, Command and Since describe the writer holding the store, as it
	// recorded itself (zero when its record could not be read, e.g. a
	// writer from an older build).
	PID     int
	Command string
	Since   time.Time
	// Waited is how long Open waited.
	Waited time.Duration
}

func (e *LockedError) Error() string {
	var who string
	switch {
	case e.Readers:
		who = "read-only users (queries or a read-only server) that opened it first"
	case e.PID != 0:
		who = fmt.Sprintf("pid %d (%s) since %s", e.PID, e.Command, e.Since.Format(time.RFC3339))
	default:
		who = "a writer that did not record itself"
	}
	return fmt.Sprintf("%s: %s is held by %s; waited %s", ErrLocked.Error(), e.Path, who, e.Waited)
}

// Unwrap makes errors.Is(err, ErrLocked) hold.
func (e *LockedError) Unwrap() error { return ErrLocked }

// holderRecord is what a writer writes into WRITER once it holds it.
type holderRecord struct {
	PID     int       `json:"pid"`
	Command string    `json:"command"`
	Since   time.Time `json:"since"`
}

// maxCommandLen bounds the recorded command line (argument lists can be
// long: every file of an index run).
const maxCommandLen = 512

func currentHolder() holderRecord {
	cmd := strings.Join(os.Args, " ")
	if len(cmd) > maxCommandLen {
		cmd = cmd[:maxCommandLen] + "…"
	}
	return holderRecord{PID: os.Getpid(), Command: cmd, Since: time.Now().UTC().Truncate(time.Second)}
}

// writerLocks are the two files a writer holds.
type writerLocks struct{ writer, lock *os.File }

func (w writerLocks) release() error {
	return errors.Join(unlockDir(w.lock), unlockDir(w.writer))
}

// lockWriter takes WRITER, records this process in it, then takes LOCK
// exclusively, waiting up to timeout in all (a negative timeout means one
// attempt each) before failing with a *LockedError.
func lockWriter(dir string, timeout time.Duration) (writerLocks, error) {
	start := time.Now()
	deadline := start.Add(timeout)
	wpath, lpath := dir+string(os.PathSeparator)+writerFile, dir+string(os.PathSeparator)+lockFile
	wf, err := openLockFile(wpath, false)
	if err != nil {
		return writerLocks{}, err
	}
	if err := waitLock(wf, false, deadline); err != nil {
		wf.Close()
		if errors.Is(err, ErrLocked) {
			h := readHolder(wpath)
			return writerLocks{}, &LockedError{Path: wpath, PID: h.PID, Command: h.Command, Since: h.Since, Waited: waited(start, timeout)}
		}
		return writerLocks{}, err
	}
	// Best effort: the record only improves another writer's error.
	if b, err := json.Marshal(currentHolder()); err == nil && wf.Truncate(0) == nil {
		_, _ = wf.WriteAt(append(b, '\n'), 0)
	}
	lf, err := openLockFile(lpath, false)
	if err != nil {
		unlockDir(wf)
		return writerLocks{}, err
	}
	if err := waitLock(lf, false, deadline); err != nil {
		lf.Close()
		unlockDir(wf)
		if errors.Is(err, ErrLocked) {
			// LOCK is held either by readers or by a writer of an older
			// build, which does not know WRITER; the latter cannot be
			// told apart here, so say what is likely.
			return writerLocks{}, &LockedError{Path: lpath, Readers: true, Waited: waited(start, timeout)}
		}
		return writerLocks{}, err
	}
	return writerLocks{writer: wf, lock: lf}, nil
}

func waited(start time.Time, timeout time.Duration) time.Duration {
	return min(time.Since(start), max(timeout, 0)).Round(time.Millisecond)
}

// readHolder reads the record in WRITER; a missing or unreadable one (an
// older writer, or one caught mid-write) gives the zero record.
func readHolder(path string) holderRecord {
	var h holderRecord
	f, err := os.Open(path)
	if err != nil {
		return h
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, 4*maxCommandLen))
	if err == nil {
		_ = json.Unmarshal(b, &h)
	}
	return h
}

// lockReader decides how a read-only Store opens: it returns LOCK held
// shared when no writer holds the directory (the Store may then use the
// keyword index on disk), or nil when one does (the Store then loads a
// snapshot without holding anything). It never waits.
func lockReader(dir string) (*os.File, error) {
	wpath, lpath := dir+string(os.PathSeparator)+writerFile, dir+string(os.PathSeparator)+lockFile
	if wf, err := os.Open(wpath); err == nil {
		free, err := tryLock(wf, true)
		unlockDir(wf)
		if err != nil {
			return nil, err
		}
		if !free {
			return nil, nil
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("embedded: open lock %s: %w", wpath, err)
	}
	lf, err := openLockFile(lpath, true)
	if err != nil {
		return nil, err
	}
	ok, err := tryLock(lf, true)
	if err != nil || !ok {
		lf.Close()
		return nil, err
	}
	return lf, nil
}

// waitLock retries a non-blocking flock on f until deadline; after the
// deadline it fails with ErrLocked.
func waitLock(f *os.File, shared bool, deadline time.Time) error {
	pause := lockRetryMin
	for {
		ok, err := tryLock(f, shared)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		if !time.Now().Add(pause).Before(deadline) {
			return ErrLocked
		}
		if lockRetried != nil {
			lockRetried()
		}
		time.Sleep(pause)
		pause = min(2*pause, lockRetryMax)
	}
}

// openLockFile opens a lock file. A read-only opener opens it read-only and
// creates it only if it is missing: LOCK holds no data.
func openLockFile(path string, readOnly bool) (*os.File, error) {
	if readOnly {
		f, err := os.Open(path)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("embedded: open lock %s: %w", path, err)
		}
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("embedded: open lock %s: %w", path, err)
	}
	return f, nil
}
