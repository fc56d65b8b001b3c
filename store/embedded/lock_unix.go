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

// tryLock takes an advisory lock on f without blocking: shared for
// read-only stores, exclusive for writers. It reports false when another
// open file description holds a conflicting lock.
func tryLock(f *os.File, shared bool) (bool, error) {
	how := syscall.LOCK_EX
	if shared {
		how = syscall.LOCK_SH
	}
	err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, syscall.EWOULDBLOCK):
		return false, nil
	default:
		return false, fmt.Errorf("embedded: lock %s: %w", f.Name(), err)
	}
}

// unlockDir releases the lock taken by lockDir.
func unlockDir(f *os.File) error {
	if f == nil {
		return nil
	}
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return f.Close()
}
