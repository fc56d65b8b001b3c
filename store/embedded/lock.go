package embedded

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

const (
	// DefaultLockTimeout is how long Open waits for a conflicting holder of
	// the store directory (a writer, or readers when opening for writing)
	// when Options.LockTimeout is zero.
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

// lockDir locks the store's lock file at path: shared when readOnly (any
// number of read-only Stores, in this process or others, may hold it),
// exclusive otherwise. It retries for up to timeout (a negative timeout
// means one attempt) and then fails with ErrLocked. A read-only lock opens
// the file read-only and creates it only if it is missing: the lock file
// holds no data.
func lockDir(path string, readOnly bool, timeout time.Duration) (*os.File, error) {
	f, err := openLockFile(path, readOnly)
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(timeout)
	pause := lockRetryMin
	for {
		ok, err := tryLock(f, readOnly)
		if err != nil {
			f.Close()
			return nil, err
		}
		if ok {
			return f, nil
		}
		if !time.Now().Add(pause).Before(deadline) {
			f.Close()
			return nil, fmt.Errorf("%w: %s (waited %s)", ErrLocked, path, max(timeout, 0))
		}
		if lockRetried != nil {
			lockRetried()
		}
		time.Sleep(pause)
		pause = min(2*pause, lockRetryMax)
	}
}

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
