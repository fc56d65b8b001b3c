package loader

import (
	"archive/zip"
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// zipParts zips the given parts (name → content) into a package: a
// .docx, .odt or .epub.
func zipParts(t testing.TB, parts map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, content := range parts {
		w, err := zw.Create(name)
		require.NoError(t, err)
		_, err = w.Write([]byte(content))
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

const wordNS = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`

func wordBody(paras ...string) string {
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ` + wordNS + `><w:body>` +
		strings.Join(paras, "") + `<w:sectPr/></w:body></w:document>`
}

func para(style, text string) string {
	ppr := ""
	if style != "" {
		ppr = `<w:pPr><w:pStyle w:val="` + style + `"/></w:pPr>`
	}
	return `<w:p>` + ppr + `<w:r><w:t xml:space="preserve">` + text + `</w:t></w:r></w:p>`
}

// German Word names its heading style ids "berschrift1" but keeps the
// English style names, which is what the loader goes by.
const testStyles = `<?xml version="1.0"?><w:styles ` + wordNS + `>
<w:style w:type="paragraph" w:styleId="Titel"><w:name w:val="Title"/></w:style>
<w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/></w:style>
<w:style w:type="paragraph" w:styleId="berschrift2"><w:name w:val="heading 2"/></w:style>
<w:style w:type="paragraph" w:styleId="Custom"><w:name w:val="My Section"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr></w:style>
</w:styles>`

func TestLoadDOCX(t *testing.T) {
	body := wordBody(
		para("Titel", "Pump Service Manual"),
		para("", "Read this manual before servicing the pump."),
		para("berschrift1", "Maintenance"),
		para("", "Replace the seal every 2,000 hours."),
		`<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>Drain the housing</w:t></w:r></w:p>`,
		`<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>Check the impeller</w:t></w:r></w:p>`,
		para("berschrift2", "Torque values"),
		`<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Bolt</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Torque</w:t></w:r></w:p></w:tc></w:tr>`+
			`<w:tr><w:tc><w:p><w:r><w:t>M8</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>25 Nm</w:t></w:r></w:p></w:tc></w:tr></w:tbl>`,
		// A tracked deletion and a field code are not text; a tab is a space.
		`<w:p><w:r><w:t>Tighten</w:t></w:r><w:del><w:r><w:delText> loosely</w:delText></w:r></w:del><w:r><w:tab/><w:t>crosswise.</w:t></w:r>`+
			`<w:r><w:instrText> PAGE \* MERGEFORMAT </w:instrText></w:r></w:p>`,
		para("Custom", "Safety"),
		`<w:p><w:r><w:t>Disconnect power.</w:t><w:br/><w:t>Wear gloves.</w:t></w:r></w:p>`,
	)
	raw := zipParts(t, map[string]string{"word/document.xml": body, "word/styles.xml": testStyles})
	path := writeFile(t, t.TempDir(), "manual.docx", raw)
	doc, err := LoadFile(path)
	require.NoError(t, err)
	require.Equal(t, "Pump Service Manual\n\n"+
		"Read this manual before servicing the pump.\n\n"+
		"Maintenance\n\n"+
		"Replace the seal every 2,000 hours.\n\n"+
		"- Drain the housing\n- Check the impeller\n\n"+
		"Torque values\n\n"+
		"Bolt | Torque\nM8 | 25 Nm\n\n"+
		"Tighten crosswise.\n\n"+
		"Safety\n\n"+
		"Disconnect power.\nWear gloves.", doc.Text)
	require.Equal(t, "Pump Service Manual", doc.Title)

	type sec struct{ heading, text string }
	var got []sec
	for _, s := range doc.Sections {
		got = append(got, sec{strings.Join(s.Heading, " > "), doc.Text[s.Start:s.End]})
	}
	require.Equal(t, []sec{
		{"Maintenance", "Maintenance\n\nReplace the seal every 2,000 hours.\n\n- Drain the housing\n- Check the impeller"},
		{"Maintenance > Torque values", "Torque values\n\nBolt | Torque\nM8 | 25 Nm\n\nTighten crosswise."},
		{"Maintenance > Safety", "Safety\n\nDisconnect power.\nWear gloves."},
	}, got)
}

func TestLoadDOCXTitles(t *testing.T) {
	dir := t.TempDir()
	core := `<?xml version="1.0"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>From Properties</dc:title></cp:coreProperties>`
	raw := zipParts(t, map[string]string{"word/document.xml": wordBody(para("berschrift1", "Heading")), "word/styles.xml": testStyles, "docProps/core.xml": core})
	doc, err := LoadFile(writeFile(t, dir, "a.docx", raw))
	require.NoError(t, err)
	require.Equal(t, "From Properties", doc.Title)

	raw = zipParts(t, map[string]string{"word/document.xml": wordBody(para("", "Just text."))})
	doc, err = LoadFile(writeFile(t, dir, "plain.docx", raw))
	require.NoError(t, err)
	require.Equal(t, "plain.docx", doc.Title, "no styles, no properties: the file name")
	require.Equal(t, "Just text.", doc.Text)
	require.Empty(t, doc.Sections)
}

func TestLoadDOCXErrors(t *testing.T) {
	dir := t.TempDir()
	for name, raw := range map[string][]byte{
		"not a zip":        []byte("this is not a word document"),
		"no document part": zipParts(t, map[string]string{"word/styles.xml": testStyles}),
		"broken XML":       zipParts(t, map[string]string{"word/document.xml": "<w:document " + wordNS + "><w:body><w:p>"}),
	} {
		_, err := LoadFile(writeFile(t, dir, strings.ReplaceAll(name, " ", "_")+".docx", raw))
		require.ErrorIs(t, err, ErrMalformed, name)
		var fe *FormatError
		require.True(t, errors.As(err, &fe), name)
		require.Equal(t, "DOCX", fe.Format)
		require.Contains(t, err.Error(), "malformed DOCX", name)
	}
}

func FuzzDOCX(f *testing.F) {
	f.Add(wordBody(para("berschrift1", "H"), para("", "text"), `<w:tbl><w:tr><w:tc><w:p><w:r><w:t>c</w:t></w:r></w:p></w:tc></w:tr></w:tbl>`))
	f.Add(`<w:document ` + wordNS + `><w:body><w:p><w:del><w:p></w:p></w:del></w:body></w:document>`)
	f.Fuzz(func(t *testing.T, body string) {
		raw := zipParts(t, map[string]string{"word/document.xml": body, "word/styles.xml": testStyles})
		d := store.Document{Source: "f.docx"}
		if err := parseDOCX(raw, &d); err != nil {
			require.ErrorIs(t, err, ErrMalformed)
			return
		}
		prev := 0
		for _, s := range d.Sections {
			require.True(t, prev <= s.Start && s.Start <= s.End && s.End <= len(d.Text), "%+v", s)
			prev = s.End
		}
	})
}

// TestLoadDOCXFromAnotherWriter reads a document written by another
// program (the docx npm package, v9: built-in heading and title styles,
// numbering, a table, runs split by formatting), not by these tests.
func TestLoadDOCXFromAnotherWriter(t *testing.T) {
	doc, err := LoadFile("testdata/service-manual.docx")
	require.NoError(t, err)
	require.Equal(t, "HX-200 Service Manual", doc.Title)
	require.Equal(t, "HX-200 Service Manual\n\n"+
		"This manual covers servicing of the HX-200 heat recovery unit.\n\n"+
		"Filters\n\nReplace the G4 filters every 6 months.\n\n"+
		"- Remove the front cover.\n- Pull out both filters.\n\n"+
		"Error codes\n\nCode | Meaning\nE4 | Condensate drain blocked\n\n"+
		"Warranty\n\nThe warranty lasts two years from commissioning.", doc.Text)
	var headings []string
	for _, s := range doc.Sections {
		headings = append(headings, strings.Join(s.Heading, " > "))
	}
	require.Equal(t, []string{"Filters", "Filters > Error codes", "Warranty"}, headings)
}
