//go:build !unix

package embedded

import "os"

// dirSyncSupported: directories cannot be opened for syncing here; renames
// are as durable as the platform makes them.
const dirSyncSupported = false

// tryLock always succeeds on platforms without flock; callers must not
// open one store for writing from two processes there.
func tryLock(*os.File, bool) (bool, error) { return true, nil }

func unlockDir(f *os.File) error {
	if f == nil {
		return nil
	}
	return f.Close()
}
