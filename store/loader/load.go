package loader

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/store"
)

// kind is the format LoadFile reads a file as.
type kind int

const (
	kindNone kind = iota
	kindText
	kindMarkdown
	kindHTML
	kindPDF
	kindDOCX
	kindVTT
	kindSRT
	kindJSON // a transcript's segments; other JSON is unsupported
	kindRST
	kindEPUB
)

var kinds = map[string]kind{
	".txt":      kindText,
	".md":       kindMarkdown,
	".markdown": kindMarkdown,
	".html":     kindHTML,
	".htm":      kindHTML,
	".pdf":      kindPDF,
	".docx":     kindDOCX,
	".vtt":      kindVTT,
	".srt":      kindSRT,
	".json":     kindJSON,
	".rst":      kindRST,
	".rest":     kindRST,
	".epub":     kindEPUB,
}

func kindOf(path string) kind { return kinds[strings.ToLower(filepath.Ext(path))] }

// readMarkup checks that raw is text (UTF-8, or UTF-16 with a byte-order
// mark) and reads it with parse, which fills doc from the text of a
// markup language.
func readMarkup(raw []byte, path string, doc *store.Document, parse func(string, *store.Document)) error {
	raw = bytes.TrimPrefix(raw, utf8BOM)
	if decoded, ok := decodeUTF16(raw); ok {
		raw = decoded
	}
	if !utf8.Valid(raw) {
		return &EncodingError{Path: path, Offset: firstInvalid(raw), Hint: encodingHint(raw)}
	}
	parse(string(raw), doc)
	return nil
}

// SupportedFormats lists the file types LoadFile reads, for messages that
// tell a user which files a folder may hold.
const SupportedFormats = ".md, .markdown, .txt, .html, .htm, .pdf, .docx, .epub, .rst, .rest, .vtt, .srt, transcript .json"

// Supported reports whether LoadFile reads files with path's extension
// (SupportedFormats; case-insensitive). A .json file loads only if it
// holds transcript segments; LoadFile returns ErrUnsupported for any other.
func Supported(path string) bool { return kindOf(path) != kindNone }

// LoadFile reads one file into a Document, choosing the format by
// extension. ID is the cleaned, slash-separated path; Source is path as
// given (LoadDirWith replaces both with the path relative to its root); Title comes from the content (Markdown: front matter "title:" or
// the first "# " heading; HTML: <title> or the first h1; PDF: the document
// information Title; DOCX: the core Title property, a Title-style
// paragraph or the first level-1 heading; EPUB: the book's dc:title;
// reStructuredText: a ":title:"
// field or the first section title), else the file name. HTML, DOCX and
// reStructuredText headings become Sections; so do reStructuredText's
// object descriptions (".. function::"), option and definition lists, as
// definition entries (see parseRST). An EPUB's chapters are read in
// reading order as HTML pages are, into one text. A .txt file is read as
// reStructuredText when it is written in it (an underlined section title
// and a directive or role: Django's documentation sources), and as a
// manual page when it is one ("man ls > ls.txt"). Metadata.Revision and Metadata.Date come
// from the format's metadata (Markdown front matter revision/version and
// last_updated/updated/lastmod/date; HTML meta tags such as
// article:modified_time and dcterms.modified, or a "Last updated on" line;
// the PDF information ModDate or CreationDate; .docx core properties
// cp:version or cp:revision and dcterms:modified or created; EPUB
// dcterms:modified or dc:date;
// reStructuredText :Date: and :Version: or :Revision: fields), else from
// "Revision B" or "Last updated: June 3, 2024" lines among the first 20
// lines of the text; an unreadable value is ignored. A host that sets
// them after loading overrides them. A PDF's Text is its pages' text
// joined by blank lines, with one Section per page that has text.
//
// Errors: ErrUnsupported for other extensions, an error wrapping
// fs.ErrNotExist for a missing file, an *EncodingError (ErrInvalidUTF8) for
// a text, Markdown or reStructuredText file that is not UTF-8, for a PDF a *FormatError
// wrapping ErrMalformed (damaged or not a PDF), ErrEncrypted (needs a
// password) or ErrNoText (no text layer, e.g. scanned pages), and for a
// .docx a *FormatError wrapping ErrMalformed (not a Word package), for an
// .epub one wrapping ErrMalformed (not an EPUB), ErrEncrypted (DRM) or
// ErrNoText, for an
// HTML page that only redirects (a meta refresh to another address and at
// most a few words of text) a *RedirectError (ErrRedirect). A
// transcript (.vtt, .srt, segment .json) becomes one Section per cue with
// its time and speaker (store.Section.Time), and a damaged one a
// *TranscriptError naming the line and cue, wrapping ErrMalformed (or
// ErrNoText when no cue has text).
func LoadFile(path string) (store.Document, error) {
	k := kindOf(path)
	if k == kindNone {
		return store.Document{}, fmt.Errorf("%w: %s (supported: %s)", ErrUnsupported, path, SupportedFormats)
	}
	doc := store.Document{ID: filepath.ToSlash(filepath.Clean(path)), Source: path}
	if k == kindText || k == kindMarkdown {
		if err := loadText(path, k == kindMarkdown, &doc); err != nil {
			return store.Document{}, err
		}
		if doc.Title == "" {
			doc.Title = filepath.Base(path)
		}
		scanLabelLines(doc.Text, topLines, &doc.Metadata)
		return doc, nil
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return store.Document{}, fmt.Errorf("loader: %w", err)
	}
	switch k {
	case kindHTML:
		err = parseHTML(raw, &doc)
	case kindPDF:
		err = parsePDF(raw, &doc)
	case kindDOCX:
		err = parseDOCX(raw, &doc)
	case kindVTT, kindSRT, kindJSON:
		err = parseTranscript(k, raw, path, &doc)
	case kindRST:
		err = readMarkup(raw, path, &doc, parseRST)
	case kindEPUB:
		err = parseEPUB(raw, &doc)
	default:
		err = readText(raw, path, k == kindMarkdown, &doc)
	}
	if err != nil {
		return store.Document{}, err
	}
	if doc.Title == "" {
		doc.Title = filepath.Base(path)
	}
	scanLabelLines(doc.Text, topLines, &doc.Metadata)
	return doc, nil
}
