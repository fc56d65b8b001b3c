package loader

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// adocCell is a cell of a table: its text and how many columns and rows
// it spans.
type adocCell struct {
	text       string
	cols, rows int
	line       int // the line its separator is on
}

// table writes a table one row a line, the cells apart by " | " as the
// HTML walker writes them.
func (p *adocParser) table(d string, a adocAttrs) {
	lines := p.delimitedLines(d)
	var rows [][]string
	switch {
	case d == ",===" || a.format == "csv" || a.format == "tsv":
		sep := byte(',')
		if a.format == "tsv" {
			sep = '\t'
		}
		rows = adocDelimitedRows(lines, adocSeparator(a, sep), true)
	case d == ":===" || a.format == "dsv":
		rows = adocDelimitedRows(lines, adocSeparator(a, ':'), false)
	default:
		rows = adocCellRows(adocCells(lines, adocSeparator(a, d[0])), a.cols)
	}
	if len(rows) == 0 {
		return
	}
	p.flushPrefix()
	p.out.lineBreak(2)
	for _, row := range rows {
		p.out.lineBreak(1)
		for k, c := range row {
			if k > 0 {
				p.out.separator(" |")
			}
			if t := strings.TrimSpace(p.subst(c)); t != "" {
				p.out.inline(t)
			}
		}
	}
	p.out.lineBreak(2)
}

// adocSeparator returns a table's cell separator: its separator= if one
// ASCII character, else def.
func adocSeparator(a adocAttrs, def byte) byte {
	if s := a.separator; s == `\t` {
		return '\t'
	} else if len(s) == 1 && s[0] < utf8.RuneSelf && s[0] != '\n' {
		return s[0]
	}
	return def
}

// adocCellSpec matches a cell specifier before a separator: a duplication
// ("3*"), a span ("2+", ".3+", "2.3+"), an alignment and a style ("a",
// "m").
var adocCellSpec = regexp.MustCompile(`^(?:(\d{1,4})\*)?(?:(\d{1,4})?(?:\.(\d{1,4}))?\+)?(?:[<^>]?\.?[<^>]?)?[adehlmsv]?$`)

// adocCells splits the lines of a table in "|cell|cell" form into cells.
// Text before the first separator of a line goes on the cell before it (a
// cell may take several lines); a specifier stands right before a
// separator, after white space or at the line's start.
func adocCells(lines []string, sep byte) []adocCell {
	var cells []adocCell
	var cell adocCell
	var text strings.Builder
	open := false
	end := func(seg string) {
		if open {
			text.WriteString(seg)
			cell.text = text.String()
			cells = append(cells, cell)
			text.Reset()
		}
	}
	for n, l := range lines {
		first, start := true, 0
		for i := 0; i < len(l); i++ {
			if l[i] != sep || i > 0 && l[i-1] == '\\' {
				continue
			}
			seg, spec := l[start:i], ""
			if first {
				if t := strings.TrimSpace(seg); adocCellSpec.MatchString(t) {
					seg, spec = "", t
				}
			} else if k := strings.LastIndexAny(seg, " \t"); k >= 0 && k+1 < len(seg) && adocCellSpec.MatchString(seg[k+1:]) {
				seg, spec = seg[:k], seg[k+1:]
			}
			end(adocUnescapeSep(seg, sep))
			cell = adocNewCell(spec, n)
			open, first, start = true, false, i+1
		}
		if open {
			text.WriteString(adocUnescapeSep(l[start:], sep))
			text.WriteByte('\n')
		}
	}
	end("")
	return cells
}

// adocUnescapeSep removes the backslash before escaped separators.
func adocUnescapeSep(s string, sep byte) string {
	return strings.ReplaceAll(s, `\`+string(rune(sep)), string(rune(sep)))
}

// adocNewCell returns an empty cell with the spans its specifier gives;
// a duplicated cell ("3*|x") is written once, spanning the columns of its
// copies.
func adocNewCell(spec string, line int) adocCell {
	c := adocCell{cols: 1, rows: 1, line: line}
	m := adocCellSpec.FindStringSubmatch(spec)
	if m == nil {
		return c
	}
	num := func(s string) int {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return 1
		}
		return n
	}
	c.cols = num(m[1]) * num(m[2])
	c.rows = num(m[3])
	return c
}

// adocMaxHeld bounds the cells of rows above that span into a row.
const adocMaxHeld = 64

// adocCellRows groups cells into rows of ncols columns (the columns of the
// first line's cells when ncols is 0), leaving out the columns that cells
// of rows above span into.
func adocCellRows(cells []adocCell, ncols int) [][]string {
	if len(cells) == 0 {
		return nil
	}
	if ncols <= 0 {
		for _, c := range cells {
			if c.line != cells[0].line {
				break
			}
			ncols += c.cols
		}
	}
	type hold struct{ cols, rows int } // rows: how many rows below it still spans
	var (
		rows  [][]string
		row   []string
		holds []hold
		used  int
	)
	free := ncols
	for _, c := range cells {
		row = append(row, c.text)
		used += c.cols
		if c.rows > 1 && len(holds) < adocMaxHeld {
			holds = append(holds, hold{c.cols, c.rows - 1})
		}
		if used < free {
			continue
		}
		rows = append(rows, row)
		row, used = nil, 0
		taken := 0
		kept := holds[:0]
		for _, h := range holds {
			taken += h.cols
			if h.rows > 1 {
				kept = append(kept, hold{h.cols, h.rows - 1})
			}
		}
		holds = kept
		free = max(1, ncols-taken)
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	return rows
}

// adocDelimitedRows reads the rows of a CSV (quotes true) or DSV table:
// one a line.
func adocDelimitedRows(lines []string, sep byte, quotes bool) [][]string {
	var rows [][]string
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			rows = append(rows, adocSplitRow(l, sep, quotes))
		}
	}
	return rows
}

// adocSplitRow splits a CSV or DSV line into cells: CSV quotes a cell
// holding the separator ("a, b"), DSV escapes it with a backslash.
func adocSplitRow(l string, sep byte, quotes bool) []string {
	var cells []string
	var b strings.Builder
	quoted := false
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case quotes && c == '"':
			if quoted && i+1 < len(l) && l[i+1] == '"' {
				b.WriteByte('"')
				i++
			} else {
				quoted = !quoted
			}
		case !quotes && c == '\\' && i+1 < len(l) && l[i+1] == sep:
			b.WriteByte(sep)
			i++
		case c == sep && !quoted:
			cells = append(cells, b.String())
			b.Reset()
		default:
			b.WriteByte(c)
		}
	}
	return append(cells, b.String())
}
