package loader

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hybridrag/hybridrag/store"
)

// LoadDir loads every supported file under root, recursively, and calls fn
// with each document in lexical path order (directory entries sorted by
// name), so repeated runs index files in the same order. Hidden files and
// directories (names starting with ".") are skipped, except root itself;
// symbolic links to directories are not followed. If root is a file, it is
// loaded alone, and an unsupported extension is an error.
//
// The first error stops the walk and is returned: an error from fn
// unchanged, a load error as LoadFile returns it (with the path in its
// message), a missing root wrapping fs.ErrNotExist.
func LoadDir(root string, fn func(store.Document) error) error {
	return LoadDirFunc(root, fn, nil)
}

// LoadDirFunc is LoadDir with a say in load errors: for each file under a
// directory root that LoadFile cannot read (a damaged PDF, a text file that
// is not UTF-8, …), and each file of an unsupported type (ErrUnsupported),
// it calls onLoadError with the path and the error; returning nil skips the
// file and goes on, returning an error stops the walk with it. A nil onLoadError stops at the first one, as
// LoadDir does. A root that is itself a file is loaded alone and its error
// returned as is.
func LoadDirFunc(root string, fn func(store.Document) error, onLoadError func(path string, err error) error) error {
	info, err := os.Stat(root)
	if err != nil {
		return fmt.Errorf("loader: %w", err)
	}
	if !info.IsDir() {
		doc, err := LoadFile(root)
		if err != nil {
			return err
		}
		return fn(doc)
	}
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("loader: %w", err)
		}
		if path != root && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if !d.Type().IsRegular() {
			// A symbolic link or device: load only links to regular files.
			if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
				return nil
			}
		}
		if !Supported(path) {
			if onLoadError == nil {
				return nil
			}
			return onLoadError(path, fmt.Errorf("%w: %s", ErrUnsupported, path))
		}
		doc, err := LoadFile(path)
		if err != nil {
			if onLoadError == nil {
				return err
			}
			return onLoadError(path, err)
		}
		return fn(doc)
	})
}
