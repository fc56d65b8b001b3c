package hybridrag

import (
	"github.com/hybridrag/hybridrag/internal/loader"
	"github.com/hybridrag/hybridrag/store"
)

// LoadFile reads a .md, .markdown, .txt, .html, .htm, .pdf or .docx file
// into a Document whose ID and Source are path as given. HTML and Word
// headings become the document's Sections so that chunks keep their
// heading path; a PDF's pages become Sections so that chunks keep their
// page number. A PDF that is
// damaged, needs a password, or has no text layer (scanned pages) is an
// error that says which, with the path and, where known, the page.
func LoadFile(path string) (store.Document, error) { return loader.LoadFile(path) }

// LoadDir walks root recursively in lexical order and calls fn with every
// supported file as a Document (hidden directories are skipped).
func LoadDir(root string, fn func(store.Document) error) error { return loader.LoadDir(root, fn) }

// LoadDirFunc is LoadDir that lets the caller skip files it cannot load
// (a scanned PDF, a text file that is not UTF-8, …) rather than stop: for
// each, and for each file of another type (ErrUnsupportedFile),
// onLoadError gets the path and the error, and returning nil goes on
// without the file. A nil onLoadError stops at the first error, as LoadDir.
func LoadDirFunc(root string, fn func(store.Document) error, onLoadError func(path string, err error) error) error {
	return loader.LoadDirFunc(root, fn, onLoadError)
}

// Errors of LoadFile and LoadDir, for errors.Is. The loader's own
// invalid-UTF-8 and PDF format errors wrap these.
var (
	ErrUnsupportedFile = loader.ErrUnsupported // the extension is not a supported format
	ErrMalformedFile   = loader.ErrMalformed   // the file is damaged
	ErrEncryptedFile   = loader.ErrEncrypted   // the PDF needs a password
	ErrNoText          = loader.ErrNoText      // the PDF has no text layer (scanned pages)
)
