package loader

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/store"
)

// An OpenDocument text (.odt: LibreOffice's and many public bodies' native
// format) is a zip whose content.xml holds the body. It is read as a Word
// document is (docx.go): headings open sections, list items become "- "
// lines, table rows one line each.

// parseODT fills doc with the body text of an OpenDocument text: its
// headings (text:h, by outline level), paragraphs, list items and tables.
// Left out are what a reader of the printed page does not read as the
// body: the generated table of contents and indexes, footnotes and
// comments (kept apart from the sentence they interrupt), deleted tracked
// changes, and frames. The title is meta.xml's dc:title, else the first
// level-1 heading; the date dc:date (last saved) else meta:creation-date,
// the revision meta:editing-cycles.
func parseODT(raw []byte, doc *store.Document) error {
	fail := func(err error) error {
		return &FormatError{Path: doc.Source, Format: "ODT", Err: ErrMalformed, Cause: err}
	}
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return fail(err)
	}
	if enc, _ := readPart(zr, "META-INF/manifest.xml"); bytes.Contains(enc, []byte("encryption-data")) {
		return &FormatError{Path: doc.Source, Format: "ODT", Err: ErrEncrypted,
			Cause: errors.New("the document is saved with a password")}
	}
	body, err := readPart(zr, "content.xml")
	if err != nil {
		return fail(err)
	}
	if body == nil {
		return fail(errors.New("no content.xml: not an OpenDocument file"))
	}
	meta, err := readPart(zr, "meta.xml")
	if err != nil {
		return fail(err)
	}
	var w odtWalker
	if err := w.walk(body); err != nil {
		return fail(err)
	}
	w.closeSection()
	doc.Text, doc.Sections = w.out.String(), w.sections
	odtMeta(meta, doc)
	if doc.Title == "" {
		doc.Title = w.firstH1
	}
	return nil
}

// odtMeta fills doc's title, date and revision from meta.xml.
func odtMeta(meta []byte, doc *store.Document) {
	if meta == nil {
		return
	}
	var m struct {
		Title    string `xml:"meta>title"`
		Date     string `xml:"meta>date"`
		Created  string `xml:"meta>creation-date"`
		Revision string `xml:"meta>editing-cycles"`
	}
	if xml.Unmarshal(meta, &m) != nil {
		return
	}
	doc.Title = collapse(m.Title)
	setDate(&doc.Metadata, m.Date)
	setDate(&doc.Metadata, m.Created)
	setRevision(&doc.Metadata, m.Revision)
}

// odtSkipped are the elements whose text is not body text (see parseODT).
var odtSkipped = map[string]bool{
	"table-of-content": true, "alphabetical-index": true, "illustration-index": true,
	"table-index": true, "object-index": true, "user-index": true, "bibliography": true,
	"note": true, "annotation": true, "tracked-changes": true, "frame": true,
	"sequence-decls": true, "variable-decls": true, "user-field-decls": true, "forms": true,
}

// odtWalker streams content.xml into text and sections.
type odtWalker struct {
	sectionWriter
	para    strings.Builder // text of the paragraph or heading being read
	level   int             // its outline level, if a heading
	inPara  int             // depth of paragraphs (a frame's may nest)
	list    int             // depth of list items
	items   int             // list items opened and not yet given their marker
	row     tableRow        // the table row being read
	skip    int             // depth inside skipped elements
	inTable int
}

func (w *odtWalker) walk(body []byte) error {
	return walkXML(body, w.start, w.end, func(t xml.CharData) {
		if w.inPara > 0 && w.skip == 0 {
			w.para.Write(t)
		}
	})
}

func (w *odtWalker) start(e xml.StartElement) {
	local := e.Name.Local
	if odtSkipped[local] {
		w.skip++
		return
	}
	if w.skip > 0 {
		return
	}
	switch local {
	case "p", "h":
		w.inPara++
		w.para.Reset()
		w.level = 0
		if local == "h" {
			w.level = 1
			if n, err := strconv.Atoi(attr(e, "outline-level")); err == nil && n >= 1 && n <= 6 {
				w.level = n
			}
		}
	case "s":
		n, err := strconv.Atoi(attr(e, "c"))
		if err != nil || n < 1 {
			n = 1
		}
		w.para.WriteString(strings.Repeat(" ", min(n, 8)))
	case "tab":
		w.para.WriteByte(' ')
	case "line-break":
		w.para.WriteByte('\n')
	case "list-item", "list-header":
		w.list++
		w.items++
	case "table":
		w.inTable++
		w.out.lineBreak(2)
	case "table-row":
		w.row.begin()
	case "table-cell":
		w.row.openCell()
	}
}

func (w *odtWalker) end(local string) {
	if odtSkipped[local] {
		w.skip--
		return
	}
	if w.skip > 0 {
		return
	}
	switch local {
	case "p", "h":
		w.paragraph()
		w.inPara--
	case "list-item", "list-header":
		w.list--
		w.items = min(w.items, w.list)
	case "table-cell":
		w.row.closeCell()
	case "table-row":
		w.row.end(&w.out)
	case "table":
		w.inTable--
		w.out.lineBreak(2)
	}
}

// paragraph writes the paragraph just read: into its table cell, as a
// heading, as a list item (its item's first paragraph carries the
// marker), or as a block of text.
func (w *odtWalker) paragraph() {
	text := paragraphText(w.para.String())
	w.para.Reset()
	if text == "" || w.row.add(text) {
		return
	}
	switch {
	case w.level > 0:
		w.heading(strings.ReplaceAll(text, "\n", " "), w.level)
	case w.list > 0:
		marker := ""
		if w.items > 0 {
			marker = "- "
			w.items = 0
		}
		w.writeListItem(marker + text)
	default:
		w.writeBlock(text)
	}
}
