package loader

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/store"
)

// maxDOCXPart bounds how much one part of a .docx may inflate to, so that
// a zip bomb is an error instead of exhausting memory.
const maxDOCXPart = 256 << 20

// parseDOCX fills doc with the body text of a Word document (Office Open
// XML): paragraphs, list items (as "- " lines), tables (one line per row,
// cells joined by " | ") and headings, which open sections as in
// parseHTML. A paragraph is a heading when its style is one of Word's
// built-in "heading N" styles (found by name in styles.xml, so localised
// style ids work) or carries an outline level. Deleted tracked changes and
// field codes are left out. The title is the document's core property, else
// its first Title-style paragraph, else its first level-1 heading.
func parseDOCX(raw []byte, doc *store.Document) error {
	fail := func(err error) error {
		return &FormatError{Path: doc.Source, Format: "DOCX", Err: ErrMalformed, Cause: err}
	}
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return fail(err)
	}
	body, err := readPart(zr, "word/document.xml")
	if err != nil {
		return fail(err)
	}
	if body == nil {
		return fail(errors.New("no word/document.xml: not a Word document"))
	}
	styles, err := readPart(zr, "word/styles.xml")
	if err != nil {
		return fail(err)
	}
	core, err := readPart(zr, "docProps/core.xml")
	if err != nil {
		return fail(err)
	}
	w := docxWalker{levels: headingStyles(styles)}
	if err := w.walk(body); err != nil {
		return fail(err)
	}
	w.closeSection()
	doc.Text = w.out.String()
	doc.Sections = w.sections
	doc.Title = coreTitle(core)
	coreMeta(core, &doc.Metadata)
	if doc.Title == "" {
		doc.Title = w.title
	}
	if doc.Title == "" {
		doc.Title = w.firstH1
	}
	return nil
}

// readPart returns a part's bytes, or nil if the package has no such part.
func readPart(zr *zip.Reader, name string) ([]byte, error) {
	for _, f := range zr.File {
		if f.Name != name {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		defer rc.Close()
		b, err := io.ReadAll(io.LimitReader(rc, maxDOCXPart+1))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if len(b) > maxDOCXPart {
			return nil, fmt.Errorf("%s inflates to more than %d MiB", name, maxDOCXPart>>20)
		}
		return b, nil
	}
	return nil, nil
}

// headingStyles maps style ids to heading levels (1–9), and Title-style ids
// to 0, from styles.xml: by the style's name, which Word keeps in English
// ("heading 1", "Title") whatever the id, or by its outline level.
func headingStyles(styles []byte) map[string]int {
	levels := map[string]int{}
	if styles == nil {
		return levels
	}
	var parsed struct {
		Styles []struct {
			ID   string `xml:"styleId,attr"`
			Name struct {
				Val string `xml:"val,attr"`
			} `xml:"name"`
			PPr struct {
				Outline *struct {
					Val string `xml:"val,attr"`
				} `xml:"outlineLvl"`
			} `xml:"pPr"`
		} `xml:"style"`
	}
	if xml.Unmarshal(styles, &parsed) != nil {
		return levels // the body is still readable without headings
	}
	for _, s := range parsed.Styles {
		name := strings.ToLower(strings.TrimSpace(s.Name.Val))
		switch {
		case name == "title":
			levels[s.ID] = 0
		case strings.HasPrefix(name, "heading "):
			if n, err := strconv.Atoi(strings.TrimPrefix(name, "heading ")); err == nil && n >= 1 && n <= 9 {
				levels[s.ID] = n
			}
		case s.PPr.Outline != nil:
			if n, err := strconv.Atoi(s.PPr.Outline.Val); err == nil && n >= 0 && n <= 8 {
				levels[s.ID] = n + 1
			}
		}
	}
	return levels
}

// coreMeta fills m from docProps/core.xml: the revision from cp:version
// (set by the author) else cp:revision (Word's save counter), the date
// from dcterms:modified else dcterms:created.
func coreMeta(core []byte, m *store.Metadata) {
	if core == nil {
		return
	}
	var parsed struct {
		Version  string `xml:"version"`
		Revision string `xml:"revision"`
		Modified string `xml:"modified"`
		Created  string `xml:"created"`
	}
	if xml.Unmarshal(core, &parsed) != nil {
		return
	}
	setRevision(m, parsed.Version)
	setRevision(m, parsed.Revision)
	setDate(m, parsed.Modified)
	setDate(m, parsed.Created)
}

// coreTitle is the dc:title of docProps/core.xml, if any.
func coreTitle(core []byte) string {
	if core == nil {
		return ""
	}
	var parsed struct {
		Title string `xml:"title"`
	}
	if xml.Unmarshal(core, &parsed) != nil {
		return ""
	}
	return collapse(parsed.Title)
}

// docxWalker streams document.xml into text and sections.
type docxWalker struct {
	sectionWriter
	levels map[string]int
	title  string // first Title-style paragraph

	para    strings.Builder // text of the paragraph being read
	style   string          // its style id
	outline int             // its own outline level + 1, or 0
	list    bool            // it is a list item
	row     tableRow        // the table row being read
	skip    int             // depth inside deleted text or field codes
	inText  bool            // inside <w:t>
	inTable int
}

func (w *docxWalker) walk(body []byte) error {
	return walkXML(body, w.start, w.end, func(t xml.CharData) {
		if w.inText && w.skip == 0 {
			w.para.Write(t)
		}
	})
}

func attr(e xml.StartElement, local string) string {
	for _, a := range e.Attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

func (w *docxWalker) start(e xml.StartElement) {
	switch e.Name.Local {
	case "del", "instrText", "delText":
		w.skip++
	case "p":
		w.para.Reset()
		w.style, w.outline, w.list = "", 0, false
	case "pStyle":
		w.style = attr(e, "val")
	case "outlineLvl":
		if n, err := strconv.Atoi(attr(e, "val")); err == nil && n >= 0 && n <= 8 {
			w.outline = n + 1
		}
	case "numPr":
		w.list = true
	case "t":
		w.inText = true
	case "tab":
		if w.skip == 0 {
			w.para.WriteByte(' ')
		}
	case "br", "cr":
		if w.skip == 0 {
			w.para.WriteByte('\n')
		}
	case "tbl":
		w.inTable++
		w.out.lineBreak(2)
	case "tr":
		w.row.begin()
	case "tc":
		w.row.openCell()
	}
}

func (w *docxWalker) end(local string) {
	switch local {
	case "del", "instrText", "delText":
		w.skip--
	case "t":
		w.inText = false
	case "p":
		w.paragraph()
	case "tc":
		w.row.closeCell()
	case "tr":
		w.row.end(&w.out)
	case "tbl":
		w.inTable--
		w.out.lineBreak(2)
	}
}

// paragraph writes the paragraph just read: into its table cell, as a
// heading, or as a block of text.
func (w *docxWalker) paragraph() {
	text := paragraphText(w.para.String())
	if text == "" || w.row.add(text) {
		return
	}
	level, styled := w.levels[w.style]
	if w.outline > 0 {
		level, styled = w.outline, true
	}
	switch {
	case styled && level == 0:
		if w.title == "" {
			w.title = strings.ReplaceAll(text, "\n", " ")
		}
		w.writeBlock(text)
	case styled:
		w.heading(strings.ReplaceAll(text, "\n", " "), level)
	case w.list:
		w.writeListItem("- " + text)
	default:
		w.writeBlock(text)
	}
}
