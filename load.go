package hybridrag

import (
	"github.com/hybridrag/hybridrag/internal/loader"
	"github.com/hybridrag/hybridrag/store"
)

// LoadFile reads a .md, .markdown, .txt, .html or .htm file into a
// Document whose ID and Source are path as given. HTML headings become the
// document's Sections so that chunks keep their heading path.
func LoadFile(path string) (store.Document, error) { return loader.LoadFile(path) }

// LoadDir walks root recursively in lexical order and calls fn with every
// supported file as a Document (hidden directories are skipped).
func LoadDir(root string, fn func(store.Document) error) error { return loader.LoadDir(root, fn) }
