//go:build !unix

package embedded

import (
	"fmt"
	"os"
)

// dirSyncSupported: directories cannot be opened for syncing here; renames
// are as durable as the platform makes them.
const dirSyncSupported = false

// lockDir only creates the lock file on platforms without flock; callers
// must not open one store from two processes there.
func lockDir(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("embedded: open lock %s: %w", path, err)
	}
	return f, nil
}

func unlockDir(f *os.File) error {
	if f == nil {
		return nil
	}
	return f.Close()
}
