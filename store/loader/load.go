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
	kindODT
	kindAsciiDoc
	kindNotebook
	kindMan // a manual page's roff source (roff.go)
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
	".odt":      kindODT,
	".adoc":     kindAsciiDoc,
	".asciidoc": kindAsciiDoc,
	".ipynb":    kindNotebook,
}

func kindOf(path string) kind {
	ext := strings.ToLower(filepath.Ext(path))
	if k, ok := kinds[ext]; ok {
		return k
	}
	if ext == ".man" || manPageExt.MatchString(ext) {
		return kindMan
	}
	return kindNone
}

// readMarkup checks that raw is text (UTF-8 without its byte-order mark,
// or UTF-16 with one) and reads it with parse, which fills doc from it:
// plain text, Markdown, reStructuredText, AsciiDoc.
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
const SupportedFormats = ".md, .markdown, .txt, .html, .htm, .pdf, .docx, .odt, .epub, .rst, .rest, .adoc, .asciidoc, .ipynb, .vtt, .srt, transcript .json, manual page sources (.1 to .9, .man), and each of these gzip-compressed (.gz)"

// Supported reports whether LoadFile reads files with path's extension
// (SupportedFormats; case-insensitive). A .json file loads only if it
// holds transcript segments; LoadFile returns ErrUnsupported for any other.
func Supported(path string) bool {
	_, gzipped := gzipInner(path)
	return gzipped || kindOf(path) != kindNone
}

// LoadFile reads one file into a Document, choosing the format by
// extension. ID is the cleaned, slash-separated path; Source is path as
// given (LoadDirWith replaces both with the path relative to its root).
// Title, Metadata.Revision and Metadata.Date come from the content, by
// format:
//
//   - Markdown: front matter "title:" or the first "# " heading;
//     revision/version and last_updated/updated/lastmod/date.
//   - HTML: <title> or the first h1; meta tags such as
//     article:modified_time and dcterms.modified, or a "Last updated on"
//     line. Headings open Sections, definition-list entries nested ones.
//   - PDF: the information Title, ModDate or CreationDate. Text is the
//     pages' text joined by blank lines, one Section per page with text.
//   - .docx: the core Title property, a Title-style paragraph or the first
//     level-1 heading; cp:version or cp:revision, dcterms:modified or
//     created. Headings open Sections.
//   - .odt: dc:title or the first level-1 heading; meta:editing-cycles,
//     dc:date or meta:creation-date. Headings open Sections.
//   - .epub: the book's dc:title; dcterms:modified or dc:date. Its
//     chapters are read in reading order as HTML pages are, into one text.
//   - reStructuredText (.rst, .rest, and a .txt written in it: an
//     underlined section title and a directive or role, as Django's
//     documentation sources): a ":title:" field or the first section
//     title; :Date:, :Version: or :Revision:. Section titles open
//     Sections, object descriptions (".. function::"), option and
//     definition lists nested ones (see parseRST).
//   - AsciiDoc (.adoc, .asciidoc, and a .txt written in it: a document
//     title and AsciiDoc's own markers, as Git's sources before 2.49):
//     the document title ("= Title");
//     :revnumber: and :revdate: or the revision line. Section titles open
//     Sections, labeled lists ("--force::") nested ones (see
//     parseAsciiDoc).
//   - A Jupyter notebook (.ipynb): its cells as Markdown, code and text
//     outputs fenced (see parseNotebook); the first "# " heading or the
//     metadata's title. Headings in its Markdown cells open sections.
//   - A .txt manual page ("man ls > ls.txt") is read by its layout, its
//     title the text under NAME.
//   - A manual page's source (.1 to .9 with an optional suffix, as
//     "printf.3pm", or .man; the man or mdoc macros) is interpreted as
//     nroff would for a terminal (see parseRoff): its title is the text
//     under NAME, .TH or .Dd give the date and .TH the revision. A file
//     so named that holds no page (a rotated "app.log.1") wraps
//     ErrUnsupported, and a page that only sources another (".so
//     man1/foo.1") is a *RedirectError.
//   - A gzip-compressed file of any of these (NAME.EXT.gz, as Debian
//     installs documentation) is read as NAME.EXT once decompressed; the
//     default title is NAME.EXT. It may expand to DefaultMaxFileSize
//     (LoadDirWith: DirOptions.MaxFileSize); beyond, the error wraps
//     ErrTooLarge, and a damaged stream is a *FormatError (ErrMalformed).
//
// LoadFile follows no includes (it also reads uploads); LoadDirWith
// follows those to files inside the folder it loads (include.go).
//
// Else the title is the file name, and the revision and date come from
// "Revision B" or "Last updated: June 3, 2024" lines among the first 20
// lines of the text; an unreadable value is ignored. A host that sets them
// after loading overrides them.
//
// Errors: ErrUnsupported for other extensions, an error wrapping
// fs.ErrNotExist for a missing file, an *EncodingError (ErrInvalidUTF8) for
// a text, Markdown, reStructuredText or AsciiDoc file that is not UTF-8,
// and a *FormatError wrapping ErrMalformed (damaged, or not the format its
// name says) for a PDF, .docx, .odt, .epub or .ipynb, or ErrEncrypted (a
// PDF that needs a password, an .odt saved with one, a DRM-protected
// .epub) or ErrNoText (a PDF of scanned pages, an .epub or notebook
// without text). An HTML page that only redirects (a meta refresh to
// another address and at most a few words of text) is a *RedirectError
// (ErrRedirect), and so is the source of one (a reStructuredText
// ".. meta:: :http-equiv=refresh:", a Markdown meta tag or Jekyll's
// "redirect_to:", with as few words). A transcript (.vtt, .srt, segment .json) becomes one
// Section per cue with its time and speaker (store.Section.Time), and a
// damaged one a *TranscriptError naming the line and cue, wrapping
// ErrMalformed (or ErrNoText when no cue has text).
func LoadFile(path string) (store.Document, error) { return loadFile(path, nil, DefaultMaxFileSize) }

// loadFile is LoadFile with includes (AsciiDoc include::, reStructuredText
// .. include::) followed through inc; a nil inc follows none. A compressed
// document may expand to at most limit bytes (no limit when limit <= 0).
func loadFile(path string, inc *includer, limit int64) (store.Document, error) {
	name, gzipped := path, false // name: what the format is read from
	if inner, ok := gzipInner(path); ok {
		name, gzipped = inner, true
	}
	k := kindOf(name)
	if k == kindNone {
		return store.Document{}, fmt.Errorf("%w: %s (supported: %s)", ErrUnsupported, path, SupportedFormats)
	}
	doc := store.Document{ID: filepath.ToSlash(filepath.Clean(path)), Source: path}
	if !gzipped && (k == kindText || k == kindMarkdown) {
		if err := loadText(path, k == kindMarkdown, &doc, inc); err != nil {
			return store.Document{}, err
		}
		if err := redirectStub(path, nil, &doc); err != nil {
			return store.Document{}, err
		}
		if doc.Title == "" {
			doc.Title = filepath.Base(path)
		}
		scanLabelLines(doc.Text, topLines, &doc.Metadata)
		return doc, nil
	}
	var raw []byte
	var err error
	if gzipped {
		raw, err = readGzip(path, limit)
	} else if raw, err = os.ReadFile(path); err != nil {
		err = fmt.Errorf("loader: %w", err)
	}
	if err != nil {
		return store.Document{}, err
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
	case kindMan:
		err = readManSource(raw, path, &doc)
	case kindRST:
		err = readMarkup(raw, path, &doc, func(text string, d *store.Document) { parseRSTIn(text, d, inc) })
	case kindAsciiDoc:
		err = readMarkup(raw, path, &doc, func(text string, d *store.Document) { parseAsciiDocIn(text, d, inc) })
	case kindEPUB:
		err = parseEPUB(raw, &doc)
	case kindODT:
		err = parseODT(raw, &doc)
	case kindNotebook:
		err = parseNotebook(raw, &doc)
	default:
		err = readText(raw, path, k == kindMarkdown, &doc, inc)
	}
	if err != nil {
		return store.Document{}, err
	}
	if k == kindText || k == kindMarkdown || k == kindRST {
		if err := redirectStub(path, raw, &doc); err != nil {
			return store.Document{}, err
		}
	}
	if doc.Title == "" {
		doc.Title = filepath.Base(name)
	}
	scanLabelLines(doc.Text, topLines, &doc.Metadata)
	return doc, nil
}
