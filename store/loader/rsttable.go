package loader

import (
	"encoding/csv"
	"strings"
)

// Tables are written one row a line, cells apart by " | ", as the HTML
// walker writes a <table>: the row keeps a setting's name, type and
// default together in one sentence-like line.

// row writes one table row.
func (r *rstReader) row(cells []string) {
	var kept []string
	for _, c := range cells {
		kept = append(kept, r.inline(strings.Join(strings.Fields(c), " ")))
	}
	if strings.TrimSpace(strings.Join(kept, "")) == "" {
		return
	}
	r.w.out.lineBreak(1)
	r.w.out.inline(strings.Join(kept, " | "))
}

// joinCells joins the lines of each cell.
func joinCells(cells [][]string) []string {
	out := make([]string, len(cells))
	for c, lines := range cells {
		out[c] = strings.Join(lines, " ")
	}
	return out
}

// gridTable reads a grid table ("+-----+-----+" borders, "|" between
// cells) from lines[i] on and returns the index after it. A cell that
// spans columns is read as the cells its text falls in.
func (r *rstReader) gridTable(lines []string, i int) int {
	border := lines[i]
	var cols []int // the positions of the '+' of the top border
	for k := 0; k < len(border); k++ {
		if border[k] == '+' {
			cols = append(cols, k)
		}
	}
	j := i
	for j < len(lines) && (strings.HasPrefix(lines[j], "+") || strings.HasPrefix(lines[j], "|")) {
		j++
	}
	r.w.out.lineBreak(2)
	var cells [][]string // the lines of each cell of the row being read
	for _, l := range lines[i+1 : j] {
		if strings.HasPrefix(l, "+") {
			r.row(joinCells(cells))
			cells = nil
			continue
		}
		if cells == nil {
			cells = make([][]string, len(cols)-1)
		}
		rl := []rune(l) // columns count characters, as the border's do
		for c := 0; c+1 < len(cols); c++ {
			from, to := cols[c]+1, cols[c+1]
			if from >= len(rl) {
				break
			}
			cells[c] = append(cells[c], strings.Trim(string(rl[from:min(to, len(rl))]), "| "))
		}
	}
	r.row(joinCells(cells))
	r.w.out.lineBreak(2)
	return j
}

// simpleTable reads a simple table ("=====  =====" borders, columns by
// position) from lines[i] on and returns the index after it. A row whose
// first column is blank goes on the row above it.
func (r *rstReader) simpleTable(lines []string, i int) int {
	border := lines[i]
	var starts []int
	for k := 0; k < len(border); k++ {
		if border[k] == '=' && (k == 0 || border[k-1] == ' ') {
			starts = append(starts, k)
		}
	}
	r.w.out.lineBreak(2)
	var cells [][]string // the lines of each cell of the row being read
	borders := 1
	j := i + 1
	for ; j < len(lines); j++ {
		l := lines[j]
		if rstSimpleBorder.MatchString(l) || strings.Trim(l, "= ") == "" && l != "" {
			borders++
			// The border under a header row, or the table's last border:
			// the table ends there unless rows follow.
			if borders >= 3 || j+1 == len(lines) || lines[j+1] == "" {
				j++
				break
			}
			continue
		}
		if strings.Trim(l, "- ") == "" && l != "" {
			continue // a column span underline
		}
		if l == "" {
			continue
		}
		row := make([]string, len(starts))
		rl := []rune(l) // columns count characters, as the border's do
		for c, s := range starts {
			if s >= len(rl) {
				break
			}
			end := len(rl)
			if c+1 < len(starts) {
				end = min(starts[c+1], len(rl))
			}
			row[c] = strings.TrimSpace(string(rl[s:end]))
		}
		if row[0] == "" && cells != nil {
			for c := range row {
				cells[c] = append(cells[c], row[c])
			}
			continue
		}
		r.row(joinCells(cells))
		cells = make([][]string, len(row))
		for c := range row {
			cells[c] = []string{row[c]}
		}
	}
	r.row(joinCells(cells))
	r.w.out.lineBreak(2)
	return j
}

// csvTable writes a csv-table directive's header (its :header: option)
// and rows, up to any row the CSV reader rejects.
func (r *rstReader) csvTable(header string, content []string) {
	r.w.out.lineBreak(2)
	read := func(text string) {
		cr := csv.NewReader(strings.NewReader(text))
		cr.FieldsPerRecord = -1
		cr.LazyQuotes = true
		cr.TrimLeadingSpace = true
		for {
			rec, err := cr.Read()
			if err != nil {
				return
			}
			r.row(rec)
		}
	}
	if header != "" {
		read(header)
	}
	read(strings.Join(content, "\n"))
	r.w.out.lineBreak(2)
}

// listTable writes a list-table directive: a bullet list of rows, each a
// bullet list of cells.
func (r *rstReader) listTable(content []string) {
	r.w.out.lineBreak(2)
	for _, item := range rstItems(content) {
		var cells []string
		for _, cell := range rstItems(item) {
			cells = append(cells, strings.Join(cell, " "))
		}
		r.row(cells)
	}
	r.w.out.lineBreak(2)
}

// rstItems returns the bodies of the top-level bullet items in lines,
// dedented.
func rstItems(lines []string) [][]string {
	var items [][]string
	for i := 0; i < len(lines); {
		m := rstBullet.FindString(lines[i])
		if m == "" || indentOf(lines[i]) > 0 {
			i++
			continue
		}
		end := blockEnd(lines, i+1, 1)
		item := append([]string{strings.Repeat(" ", len(m)) + lines[i][len(m):]}, lines[i+1:end]...)
		items = append(items, dedent(item))
		i = end
	}
	return items
}
