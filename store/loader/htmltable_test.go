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
