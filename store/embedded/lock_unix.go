//go:build unix

package embedded

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// dirSyncSupported: POSIX systems make renames durable by syncing the
// directory.
const dirSyncSupported = true

// lockDir takes an exclusive advisory lock on path (created if missing)
// without blocking, so a second Open of the same store fails fast instead
// of hanging inside bleve's own lock.
func lockDir(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("embedded: open lock %s: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w: %s", ErrLocked, path)
		}
		return nil, fmt.Errorf("embedded: lock %s: %w", path, err)
	}
	return f, nil
}

// unlockDir releases the lock taken by lockDir.
func unlockDir(f *os.File) error {
	if f == nil {
		return nil
	}
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return f.Close()
}
