package loader

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
)

// Word processors (.docx, .odt) keep a document as paragraphs, some in
// table cells and list items; docx.go and odt.go read their XML and
// write what they find through these.

// tableRow gathers the paragraphs of a table row's cells.
type tableRow struct {
	cells  []string
	inCell int // depth of cells being read
}

// begin starts a row.
func (r *tableRow) begin() { r.cells = r.cells[:0] }

// openCell starts a cell of the row; closeCell ends it.
func (r *tableRow) openCell() {
	r.inCell++
	r.cells = append(r.cells, "")
}

func (r *tableRow) closeCell() { r.inCell-- }

// add puts a paragraph's text into the cell being read and reports
// whether there was one.
func (r *tableRow) add(text string) bool {
	if r.inCell <= 0 || len(r.cells) == 0 {
		return false
	}
	k := len(r.cells) - 1
	if r.cells[k] != "" {
		r.cells[k] += " "
	}
	r.cells[k] += strings.ReplaceAll(text, "\n", " ")
	return true
}

// end writes the row one line, its cells apart by " | " as the HTML
// walker writes a row, unless every cell is empty.
func (r *tableRow) end(out *textBuilder) {
	if len(r.cells) > 0 && strings.Join(r.cells, "") != "" {
		out.lineBreak(1)
		out.inline(strings.Join(r.cells, " | "))
	}
	r.cells = r.cells[:0]
}

// paragraphText returns a paragraph's text with each line's white space
// collapsed, keeping its line breaks.
func paragraphText(s string) string {
	lines := strings.Split(s, "\n")
	for i := range lines {
		lines[i] = collapse(lines[i])
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// writeBlock writes text as a paragraph of its own, as it is.
func (w *sectionWriter) writeBlock(text string) {
	w.out.lineBreak(2)
	w.out.flush()
	w.out.b.WriteString(text)
	w.out.lineBreak(2)
}

// writeListItem writes text as a list item line.
func (w *sectionWriter) writeListItem(text string) {
	w.out.lineBreak(1)
	w.out.flush()
	w.out.b.WriteString(text)
	w.out.lineBreak(1)
}

// walkXML streams an XML part to start, end (by local name) and text.
func walkXML(part []byte, start func(xml.StartElement), end func(local string), text func(xml.CharData)) error {
	d := xml.NewDecoder(bytes.NewReader(part))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			start(t)
		case xml.EndElement:
			end(t.Name.Local)
		case xml.CharData:
			text(t)
		}
	}
}
