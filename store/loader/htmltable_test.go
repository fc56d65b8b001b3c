package loader

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Sphinx writes every table cell as a paragraph; a row still reads as one
// line, its cells separated. A row of one cell keeps its paragraphs
// (PostgreSQL's function tables: signature, description, example).
func TestLoadHTMLTableCellParagraphs(t *testing.T) {
	page := `<html><head><title>Codes</title></head><body><h1>Codes</h1>
<table><thead><tr><th><p>Directive</p></th><th><p>Meaning</p></th></tr></thead>
<tbody><tr><td><p><code>%j</code></p></td><td><p>Day of the year as a zero-padded decimal number.</p><p>Starts at 001.</p></td></tr>
<tr><td><p><code>%U</code></p></td><td><div><p>Week number of the year.</p></div></td></tr></tbody></table>
<table><tr><td><p>pg_sleep ( double precision ) → void</p><p>Sleeps for the given number of seconds.</p></td></tr></table>
</body></html>`
	path := writeFile(t, t.TempDir(), "codes.html", []byte(page))
	doc, err := LoadFile(path)
	require.NoError(t, err)
	require.Equal(t, "Codes\n\n"+
		"Directive | Meaning\n"+
		"%j | Day of the year as a zero-padded decimal number. Starts at 001.\n"+
		"%U | Week number of the year.\n\n"+
		"pg_sleep ( double precision ) → void\n\nSleeps for the given number of seconds.", doc.Text)
}

// HAProxy's "May be used in sections" tables: each cell is "yes" or "no",
// a line break and an icon, with Bootstrap 2's centring class
// "pagination-centered". The row stays one line, and the class places the
// cell rather than making it a pager; a pager is still dropped.
func TestLoadHTMLTableCellBreaksAndAlignment(t *testing.T) {
	requireHTMLTexts(t, []htmlTextCase{
		{"centred cells with line breaks",
			"<body><p>May be used in sections :</p><table><thead><tr><th>defaults</th><th>frontend</th></tr></thead>" +
				"<tr><td class=\"alert-success pagination-centered\">yes<br /><img src=\"check.png\" alt=\"yes\" /></td>" +
				"<td class=\"alert-error pagination-centered\">no<br /><img src=\"cross.png\" alt=\"no\" /></td></tr></table></body>",
			"May be used in sections :\n\ndefaults | frontend\nyes | no"},
		{"a line break in a row of one cell",
			"<body><table><tr><td>first line<br/>second line</td></tr></table></body>",
			"first line\nsecond line"},
		{"a pager is chrome",
			"<body><p>The pump stops when the tank is full.</p><div class=\"pagination pagination-centered\"><a href=\"1\">1</a> <a href=\"2\">2</a> next pages</div></body>",
			"The pump stops when the tank is full."},
	})
}
