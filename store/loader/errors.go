package loader

import (
	"errors"
	"fmt"
	"strings"
)

var (
	// ErrUnsupported means the file's extension is not one LoadFile reads.
	ErrUnsupported = errors.New("loader: unsupported file type")
	// ErrInvalidUTF8 means a text or Markdown file is not valid UTF-8.
	ErrInvalidUTF8 = errors.New("loader: file is not valid UTF-8")
	// ErrMalformed means a file is damaged or not in the format its
	// extension says (a truncated PDF, an HTML file named .pdf).
	ErrMalformed = errors.New("loader: malformed file")
	// ErrEncrypted means a file is encrypted: a PDF that needs a password to
	// open, or uses an encryption scheme the loader cannot read, or an
	// EPUB whose chapters are DRM-protected. PDFs with only an owner
	// password (printing or copying restrictions) load.
	ErrEncrypted = errors.New("loader: encrypted file")
	// ErrNoText means a file has no extractable text, typically a PDF of
	// scanned pages without an OCR text layer.
	ErrNoText = errors.New("loader: no extractable text")
	// ErrRedirect means an HTML page only sends the reader to another
	// address (a meta refresh) and has no text of its own: the stubs
	// mdBook, Sphinx and Jekyll leave at moved pages' old addresses; or
	// that a reStructuredText or Markdown source is the stub such a page
	// is built from (markupredirect.go). LoadDir passes over such pages as
	// it does files of other types.
	ErrRedirect = errors.New("loader: redirect page")
	// ErrCombinedPage means an HTML page under a directory root repeats
	// other pages there: a single-page edition of the whole set, such as
	// Node.js's api/all.html or FFmpeg's ffmpeg-all.html; or a PDF, EPUB
	// or text file repeats its pages, another edition of them, as the
	// Debian Reference's PDF and text beside its chapters or a PDF built
	// from the Markdown pages beside it
	// (*CombinedPageError, OtherFormat). LoadDir passes over such files as
	// it does files of other types.
	ErrCombinedPage = errors.New("loader: single-page edition of other pages")
	// ErrIndexPage means an HTML page under a directory root is an index a
	// documentation generator wrote of the names it documents elsewhere
	// (Doxygen's globals, functions, file and class lists: doxygen.go).
	// LoadDir passes over such pages as it does files of other types.
	ErrIndexPage = errors.New("loader: generated index page")
	// ErrPageSource means a file under a directory root is read as part
	// of another one that is loaded instead: the source of an HTML page
	// under the root (Sphinx's _sources copies, AsciiDoc's PAGE.txt or
	// PAGE.adoc next to PAGE.html, a Sphinx project's .rst sources beside
	// its _build/html, a static site's Markdown beside its build: mdBook,
	// MkDocs, Jekyll, Hugo, Docusaurus; *PageSourceError), or a part
	// another file includes (Git's diff-options.txt; *IncludedError). It
	// is passed over, as files of other types are.
	ErrPageSource = errors.New("loader: source of a rendered page")
	// ErrNoIndex means an HTML page under a directory root is marked
	// <meta name="robots" content="noindex"> while most pages there are
	// not: mdBook's print.html and toc.html, stubs at old addresses,
	// search pages (noindex.go). LoadDir passes over such pages as it
	// does files of other types; LoadFile loads them.
	ErrNoIndex = errors.New("loader: page marked noindex")
)

// PassedOver reports whether err is a load error for a file that is no
// document of its own, which LoadDir passes over when DirOptions has no
// OnLoadError: a file of another type (ErrUnsupported), a redirect page,
// a page's source, a page marked noindex, a single-page edition or a
// generator's index page.
func PassedOver(err error) bool {
	for _, e := range []error{ErrUnsupported, ErrRedirect, ErrPageSource, ErrNoIndex, ErrCombinedPage, ErrIndexPage} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// RedirectError names a redirect page and where it sends the reader. It
// unwraps to ErrRedirect; it is not modified after LoadFile returns it.
type RedirectError struct {
	Path   string
	Target string // the refresh's URL, as written
}

func (e *RedirectError) Error() string {
	return fmt.Sprintf("loader: %s only redirects to %s", e.Path, e.Target)
}

// Unwrap makes errors.Is(err, ErrRedirect) true.
func (e *RedirectError) Unwrap() error { return ErrRedirect }

// PageSourceError names a plain-text file that is the source of an HTML
// page LoadDir loads instead. It unwraps to ErrPageSource; it is not
// modified after it is returned.
type PageSourceError struct {
	Path string // the source file, under the root as typed
	Page string // the rendered page, likewise
}

func (e *PageSourceError) Error() string {
	return fmt.Sprintf("loader: %s is the source of %s, which is loaded instead", e.Path, e.Page)
}

// Unwrap makes errors.Is(err, ErrPageSource) true.
func (e *PageSourceError) Unwrap() error { return ErrPageSource }

// IncludedError names a file another file under the same root includes
// (an AsciiDoc include::, a reStructuredText .. include::), which LoadDir
// reads as part of that one instead of alone. It unwraps to
// ErrPageSource; it is not modified after it is returned.
type IncludedError struct {
	Path string // the included file, under the root as typed
	By   string // the first file found including it, likewise
}

func (e *IncludedError) Error() string {
	return fmt.Sprintf("loader: %s is included by %s, which is loaded with it", e.Path, e.By)
}

// Unwrap makes errors.Is(err, ErrPageSource) true.
func (e *IncludedError) Unwrap() error { return ErrPageSource }

// EncodingError reports where a text file stops being valid UTF-8. It
// unwraps to ErrInvalidUTF8.
type EncodingError struct {
	Path   string
	Offset int    // byte offset of the first invalid sequence
	Hint   string // a guess at the real encoding, if any
}

func (e *EncodingError) Error() string {
	msg := fmt.Sprintf("loader: %s is not valid UTF-8 (first invalid byte at offset %d)", e.Path, e.Offset)
	if e.Hint != "" {
		msg += "; " + e.Hint
	}
	return msg
}

// Unwrap makes errors.Is(err, ErrInvalidUTF8) true.
func (e *EncodingError) Unwrap() error { return ErrInvalidUTF8 }

// FormatError reports a file that cannot be read as its format says: a
// malformed or encrypted PDF, or one without text. It unwraps to Err (one
// of ErrMalformed, ErrEncrypted, ErrNoText) and to Cause. It is not
// modified after LoadFile returns it, so it is safe to share between
// goroutines.
type FormatError struct {
	Path   string
	Format string // "PDF", "DOCX" or "HTML"
	Page   int    // 1-based page where the problem was found; 0 for the file
	Err    error  // ErrMalformed, ErrEncrypted or ErrNoText
	Cause  error  // what the parser reported; may be nil
}

func (e *FormatError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "loader: %s: ", e.Path)
	switch e.Err {
	case ErrEncrypted:
		fmt.Fprintf(&b, "encrypted %s: it needs a password or uses an encryption the loader cannot read", e.Format)
	case ErrNoText:
		fmt.Fprintf(&b, "%s has no extractable text (scanned pages need OCR first)", e.Format)
	default:
		fmt.Fprintf(&b, "malformed %s", e.Format)
	}
	if e.Page > 0 {
		fmt.Fprintf(&b, " on page %d", e.Page)
	}
	if e.Cause != nil {
		b.WriteString(": ")
		b.WriteString(e.causeText())
	}
	return b.String()
}

// causeText is the cause's message without the "malformed PDF: " (or
// "malformed PDF file: ") the parser starts many of its messages with, up to
// twice ("malformed PDF: malformed PDF: reading at offset …"): Error has
// said it already.
func (e *FormatError) causeText() string {
	msg := e.Cause.Error()
	if e.Err != ErrMalformed {
		return msg
	}
	for {
		rest, ok := cutPrefixFold(msg, "malformed "+e.Format+": ")
		if !ok {
			rest, ok = cutPrefixFold(msg, "malformed "+e.Format+" file: ")
		}
		if !ok || rest == "" {
			return msg
		}
		msg = rest
	}
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// Unwrap makes errors.Is(err, e.Err) true and exposes the parser's error.
func (e *FormatError) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Err}
	}
	return []error{e.Err, e.Cause}
}
