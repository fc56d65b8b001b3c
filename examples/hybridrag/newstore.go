package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// newStoreRoot returns the outermost folder that opening an embedded store
// at spec will create (the store folder itself, or a missing parent of
// it), or "" when the folder exists already or spec is a PostgreSQL DSN.
// index removes that folder again when it fails before indexing anything,
// so a failed first run leaves nothing behind; a folder that existed before
// is never removed.
func newStoreRoot(spec string) string {
	if isPostgresDSN(spec) {
		return ""
	}
	dir, err := filepath.Abs(spec)
	if err != nil {
		return ""
	}
	if _, err := os.Lstat(dir); err == nil || !os.IsNotExist(err) {
		return "" // exists, or cannot be told: leave it alone
	}
	for {
		parent := filepath.Dir(dir)
		if parent == dir {
			return dir
		}
		if _, err := os.Lstat(parent); err == nil || !os.IsNotExist(err) {
			return dir
		}
		dir = parent
	}
}

// removeNewStore removes the folder newStoreRoot returned, saying so on
// stderr if it cannot.
func removeNewStore(root string, stderr io.Writer) {
	if root == "" {
		return
	}
	if err := os.RemoveAll(root); err != nil {
		fmt.Fprintf(stderr, "hybridrag: could not remove the store folder this run created: %v\n", err)
	}
}
