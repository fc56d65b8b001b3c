package loader

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

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
}

func kindOf(path string) kind { return kinds[strings.ToLower(filepath.Ext(path))] }

// Supported reports whether LoadFile reads files with path's extension
// (.md, .markdown, .txt, .html, .htm, .pdf, .docx, .vtt, .srt, .json;
// case-insensitive). A .json file loads only if it holds transcript
// segments; LoadFile returns ErrUnsupported for any other.
func Supported(path string) bool { return kindOf(path) != kindNone }

// LoadFile reads one file into a Document, choosing the format by
// extension. ID is the cleaned, slash-separated path; Source is path as
// given (LoadDirWith replaces both with the path relative to its root); Title comes from the content (Markdown: front matter "title:" or
// the first "# " heading; HTML: <title> or the first h1; PDF: the document
// information Title; DOCX: the core Title property, a Title-style
// paragraph or the first level-1 heading), else the file name. HTML and
// DOCX headings become Sections. Metadata.Revision and Metadata.Date come
// from the format's metadata (Markdown front matter revision/version and
// last_updated/updated/lastmod/date; HTML meta tags such as
// article:modified_time and dcterms.modified, or a "Last updated on" line;
// the PDF information ModDate or CreationDate; .docx core properties
// cp:version or cp:revision and dcterms:modified or created), else from
// "Revision B" or "Last updated: June 3, 2024" lines among the first 20
// lines of the text; an unreadable value is ignored. A host that sets
// them after loading overrides them. A PDF's Text is its pages' text
// joined by blank lines, with one Section per page that has text.
//
// Errors: ErrUnsupported for other extensions, an error wrapping
// fs.ErrNotExist for a missing file, an *EncodingError (ErrInvalidUTF8) for
// a text or Markdown file that is not UTF-8, for a PDF a *FormatError
// wrapping ErrMalformed (damaged or not a PDF), ErrEncrypted (needs a
// password) or ErrNoText (no text layer, e.g. scanned pages), and for a
// .docx a *FormatError wrapping ErrMalformed (not a Word package), for an
// HTML page that only redirects (a meta refresh to another address and at
// most a few words of text) a *RedirectError (ErrRedirect). A
// transcript (.vtt, .srt, segment .json) becomes one Section per cue with
// its time and speaker (store.Section.Time), and a damaged one a
// *TranscriptError naming the line and cue, wrapping ErrMalformed (or
// ErrNoText when no cue has text).
func LoadFile(path string) (store.Document, error) {
	k := kindOf(path)
	if k == kindNone {
		return store.Document{}, fmt.Errorf("%w: %s (supported: .md, .markdown, .txt, .html, .htm, .pdf, .docx, .vtt, .srt, transcript .json)", ErrUnsupported, path)
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
