package loader

import (
	"regexp"
	"strings"
)

// Tables of a manual page (tbl(1): ".TS", options, format lines, data,
// ".TE") are written a row a line, cells joined by " | ", as the HTML
// walker writes table rows.

// roffTable is a table being read.
type roffTable struct {
	tab   string // the cell separator: a tab unless the options name another
	data  bool   // past the format lines
	first bool   // past the first line (which may hold the options)
	rows  int
	row   []string         // cells of a row whose text block (T{ … T}) is open
	block *strings.Builder // the open text block, nil if none
}

// tblTab matches the tab option ("tab(:)").
var tblTab = regexp.MustCompile(`tab\s*\((.)\)`)

func (p *roffPage) inTable() bool { return p.table != nil }

// tableLine reads a line between .TS and .TE.
func (p *roffPage) tableLine(l string) {
	t := p.table
	if !t.data {
		s := strings.TrimSpace(l)
		if !t.first && strings.HasSuffix(s, ";") {
			if m := tblTab.FindStringSubmatch(s); m != nil {
				t.tab = m[1]
			}
			t.first = true
			return
		}
		t.first = true
		if strings.HasSuffix(s, ".") {
			t.data = true
		}
		return
	}
	if t.block != nil {
		if rest, ok := strings.CutPrefix(l, "T}"); ok {
			t.row = append(t.row, strings.Join(strings.Fields(t.block.String()), " "))
			t.block = nil
			p.tableCells(strings.TrimPrefix(rest, t.tab))
			return
		}
		if len(l) > 0 && (l[0] == '.' || l[0] == '\'') {
			return // a request inside a text block (.br, .sp)
		}
		t.block.WriteString(" " + p.r.plain(l))
		return
	}
	switch s := strings.TrimSpace(l); {
	case s == ".T&":
		t.data = false
		t.first = true
		return
	case s == "_" || s == "=" || s == `\_` || s == "" || s[0] == '.' || s[0] == '\'':
		return
	}
	p.tableCells(l)
}

// tableCells reads a data line's cells into the row; the row is written
// unless a text block opened in it goes on.
func (p *roffPage) tableCells(l string) {
	t := p.table
	if l != "" {
		for _, c := range strings.Split(l, t.tab) {
			if c == "T{" || strings.HasSuffix(c, "T{") && strings.TrimSpace(strings.TrimSuffix(c, "T{")) == "" {
				t.block = &strings.Builder{}
				return
			}
			if c == "_" || c == "=" || c == `\^` {
				c = ""
			}
			t.row = append(t.row, strings.TrimSpace(p.r.plain(c)))
		}
	}
	p.tableRow()
}

// tableRow writes the row read.
func (p *roffPage) tableRow() {
	t := p.table
	cells := t.row
	t.row = nil
	for len(cells) > 0 && cells[len(cells)-1] == "" {
		cells = cells[:len(cells)-1]
	}
	if len(cells) == 0 {
		return
	}
	p.openTags()
	brk := 1
	if t.rows == 0 {
		brk = 2
	}
	t.rows++
	p.w.out.lineBreak(brk)
	p.w.out.inline(strings.Join(cells, " | "))
}

// endTable ends the table being read (.TE).
func (p *roffPage) endTable() {
	if p.table == nil {
		return
	}
	if p.table.block != nil {
		p.table.row = append(p.table.row, strings.Join(strings.Fields(p.table.block.String()), " "))
		p.table.block = nil
	}
	if len(p.table.row) > 0 {
		p.tableRow()
	}
	p.table = nil
	p.w.out.lineBreak(2)
}
