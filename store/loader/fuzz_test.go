package loader

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/chunker"
	"github.com/hybridrag/hybridrag/store"
)

// FuzzParseHTML checks that any input yields valid UTF-8 text, sections
// inside it at rune boundaries and in order, and a document the chunker
// accepts.
func FuzzParseHTML(f *testing.F) {
	f.Add([]byte(page))
	f.Add([]byte("<h1>A</h1><h3>B</h3><h2>C</h2><p>x</p>"))
	f.Add([]byte("<pre>\n\n a\r\n</pre><table><tr><td><h2>T</h2></td></tr></table>"))
	f.Add([]byte("<p>caf\xe9 <br><br><br> x</p>"))
	f.Add([]byte(pumpctlPage))
	f.Add([]byte(`<div><div class="keyword">k1</div><pre class="text">a b</pre><div><h2>H</h2></div><p class="keyword">k2</p>x</div>`))
	f.Add([]byte("<pre class=\"text\">Lead in:\n    code\n\nfrontend www\nbind :80\n\nA wrapped line of prose that goes\non here.\n</pre>"))
	for _, sh := range loaderShapes {
		if sh.ext == ".html" {
			f.Add(shapeText(sh.head, sh.item, 4<<10))
		}
	}
	f.Add([]byte(strings.Repeat("<div>", 600) + "too deep")) // past x/net/html's 512 open elements
	// XHTML: self-closed elements rewritten (xhtmlSelfClosing), a comment left whole.
	f.Add([]byte(`<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><iframe src='a/b'/><!-- <div/> --><p><a id="x"/>Text<br/></p><div/></body></html>`))
	// A value list inside an entry (htmldl.go's valueList).
	f.Add([]byte(`<dl><dt>mode</dt><dd><p>Values:</p><dl><dt>0, a</dt><dt>b</dt><dd><p>One.</p></dd><dt>1</dt><dd>Two <b>x</b></dd></dl><p>Default a.</p></dd></dl>`))
	for _, pg := range generatorPages {
		raw, err := os.ReadFile(filepath.Join("testdata", "html", pg.file))
		require.NoError(f, err)
		f.Add(raw)
	}
	for _, pg := range anchorPages {
		f.Add([]byte(pg.html))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc := store.Document{ID: "f.html", Source: "f.html"}
		if err := parseHTML(raw, &doc); err != nil {
			// Only nesting deeper than the parser allows fails.
			var fe *FormatError
			require.ErrorAs(t, err, &fe)
			require.ErrorIs(t, err, ErrMalformed)
			require.Equal(t, "HTML", fe.Format)
			return
		}
		require.True(t, utf8.ValidString(doc.Text))
		requireWellFormedSections(t, doc)
		_, err := chunker.Split(doc, chunker.Options{MinTokens: 1})
		if err != nil {
			require.True(t, errors.Is(err, chunker.ErrEmptyDocument), err.Error())
		}
	})
}

// pdfSeeds are valid PDFs exercising each part of the extractor.
func pdfSeeds(tb testing.TB) [][]byte {
	key, encrypt := ownerOnlyEncryption(tb, false)
	cmap := "1 begincodespacerange <0000> <FFFF> endcodespacerange 1 beginbfchar <0001> <0048> endbfchar " +
		"1 beginbfrange <0010> <0012> <0061> endbfrange"
	return [][]byte{
		testPDF{pages: []string{textPage("Hello page one"), textPage("Hello page two")}, title: "Seed"}.bytes(),
		testPDF{pages: []string{textPage("Deflated"), "q Q"}, flate: true}.bytes(),
		testPDF{pages: []string{textPage("Locked")}, title: "Locked", key: key, trailer: encrypt}.bytes(),
		testPDF{pages: []string{"BT /F1 12 Tf 14 TL 72 720 Td [(Hel) 20 (lo) -400 (world)] TJ T* (next) ' ET " +
			"BI /W 1 /H 1 ID \x00 EI /X1 Do"},
			xobjects: "/X1 5 0 R", objects: []string{streamObject("/Subtype /Form", "BT /F1 9 Tf 1 0 0 1 9 9 Tm (form) Tj ET")}}.bytes(),
		testPDF{fonts: "/F2 5 0 R", objects: []string{
			"<< /Type /Font /Subtype /Type0 /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
			"<< /Type /Font /Subtype /CIDFontType2 /DW 1000 /W [1 [600 500] 16 18 550] >>",
			streamObject("", cmap)},
			pages: []string{"BT /F2 12 Tf 72 720 Td <000100100011> Tj ET"}}.bytes(),
	}
}

// adversarialPDFContent are page content streams in the shapes that make
// text extraction or chunking slow (issue 15): consecutive heading-like
// lines, one long paragraph of sentences, one long line without a break,
// indented list lines, and table rows, each small enough to fuzz quickly.
func adversarialPDFContent() []string {
	lines := func(n int, line func(i int) string) string {
		var b strings.Builder
		b.WriteString("BT /F1 11 Tf 13 TL 72 740 Td ")
		for i := range n {
			b.WriteString(line(i))
		}
		return b.String() + "ET"
	}
	return []string{
		lines(200, func(i int) string { return fmt.Sprintf("(Heading %d) Tj T* ", i) }),
		lines(1, func(int) string {
			return "(" + strings.Repeat("Sentence of one paragraph runs on. ", 100) + ") Tj "
		}),
		lines(1, func(int) string { return "(" + strings.Repeat("word", 1000) + ") Tj " }),
		lines(100, func(i int) string { return fmt.Sprintf("%d 0 Td (- item %d) Tj 0 -13 Td ", i%20, i) }),
		lines(300, func(i int) string { return fmt.Sprintf("[(| %d |) -250 (row %d |)] TJ T* ", i, i) }),
	}
}

// FuzzLoadPDF checks that any bytes give a document or a typed error, that
// no panic comes from this package's own code (library panics are
// recovered by design, and would hide ours), and that a document keeps the
// page-section contract and is accepted by the chunker.
func FuzzLoadPDF(f *testing.F) {
	for _, seed := range pdfSeeds(f) {
		f.Add(seed)
	}
	for _, content := range adversarialPDFContent() {
		f.Add(testPDF{pages: []string{content}, flate: true}.bytes())
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc := store.Document{ID: "f.pdf", Source: "f.pdf"}
		err := parsePDF(raw, &doc)
		if err != nil {
			require.True(t, errors.Is(err, ErrMalformed) || errors.Is(err, ErrEncrypted) || errors.Is(err, ErrNoText), err.Error())
			var pe *panicError
			if errors.As(err, &pe) {
				require.False(t, panickedInLoader(pe.stack), "panic in package loader: %v\n%s", pe.value, pe.stack)
			}
			return
		}
		requireValidPDFDocument(t, doc)
	})
}

// panickedInLoader reports whether the function that panicked, in a stack
// taken while recovering, belongs to this package.
func panickedInLoader(stack []byte) bool {
	lines := strings.Split(string(stack), "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "panic(") {
			continue
		}
		for _, fn := range lines[i+1:] {
			if fn == "" || strings.HasPrefix(fn, "\t") || strings.HasPrefix(fn, "runtime.") {
				continue
			}
			return strings.HasPrefix(fn, "github.com/hybridrag/hybridrag/store/loader.")
		}
	}
	return false
}

// requireValidPDFDocument checks the contract of a loaded PDF: valid UTF-8,
// one section per page with text, in page order, exactly covering the
// text with blank lines between, and a document the chunker accepts.
func requireValidPDFDocument(t *testing.T, doc store.Document) {
	require.True(t, utf8.ValidString(doc.Text))
	require.True(t, utf8.ValidString(doc.Title))
	require.NotContains(t, doc.Title, "\n")
	require.NotEmpty(t, doc.Sections)
	require.Zero(t, doc.Sections[0].Start)
	require.Equal(t, len(doc.Text), doc.Sections[len(doc.Sections)-1].End)
	for i, s := range doc.Sections {
		page := doc.Text[s.Start:s.End]
		require.NotEmpty(t, page)
		require.Equal(t, strings.TrimSpace(page), page)
		require.NotContains(t, page, "\n\n\n")
		if i > 0 {
			prev := doc.Sections[i-1]
			require.Greater(t, s.Page, prev.Page)
			require.Equal(t, pageSeparator, doc.Text[prev.End:s.Start])
		} else {
			require.Positive(t, s.Page)
		}
	}
	chunks, err := chunker.Split(doc, chunker.Options{MinTokens: 1})
	require.NoError(t, err)
	for _, c := range chunks {
		require.Positive(t, c.Page)
	}
}

// FuzzPDFContent fuzzes what FuzzLoadPDF rarely reaches, since almost any
// change to a whole file breaks its cross-reference offsets: a page's
// content stream and a ToUnicode CMap, inside a well-formed file. Whatever
// they hold, the result is a valid document or ErrNoText, never an error
// from the interpreter.
func FuzzPDFContent(f *testing.F) {
	f.Add([]byte(textPage("Hello page one")), []byte("1 beginbfchar <01> <0041> endbfchar"))
	f.Add([]byte("BT /F2 12 Tf 14 TL 72 720 Td <000100100011> Tj T* [<0001> -300 <0010>] TJ (x) ' 1 2 (y) \" ET"),
		[]byte("1 begincodespacerange <0000> <FFFF> endcodespacerange 1 beginbfchar <0001> <0048> endbfchar "+
			"2 beginbfrange <0010> <0012> <0061> <0020> <0021> [<0058> <D83DDE00>] endbfrange"))
	f.Add([]byte("q 2 0 0 2 10 10 cm BT /F3 10 Tf 3 Tr 5 Ts 90 Tz 2 Tc 3 Tw 1 0 0 1 9 9 Tm (abc) Tj ET Q /X1 Do "+
		"BI /W 1 /H 1 ID \x00 EI BT /F1 1 Tf 12 0 0 12 72 700 Tm (d) Tj 0 -1.2 Td (e) Tj ET"),
		[]byte("<00> <FF> [<0041>] endbfrange"))
	for _, content := range adversarialPDFContent() {
		f.Add([]byte(content), []byte("1 beginbfchar <01> <0041> endbfchar"))
	}
	f.Fuzz(func(t *testing.T, content, cmap []byte) {
		p := testPDF{
			pages:    []string{string(content), textPage("Second page")},
			fonts:    "/F2 5 0 R /F3 8 0 R",
			xobjects: "/X1 9 0 R",
			objects: []string{
				"<< /Type /Font /Subtype /Type0 /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
				"<< /Type /Font /Subtype /CIDFontType2 /DW 1000 /W [1 [600 500] 16 18 550] >>",
				streamObject("", string(cmap)),
				"<< /Type /Font /Subtype /TrueType /BaseFont /Arial /FirstChar 32 /Widths [278 278 355] " +
					"/Encoding << /Differences [33 /fi /quotedblleft] >> /ToUnicode 7 0 R >>",
				streamObject("/Subtype /Form /Matrix [1 0 0 1 0 -20]", string(content)),
			},
		}
		doc := store.Document{ID: "c.pdf", Source: "c.pdf"}
		if err := parsePDF(p.bytes(), &doc); err != nil {
			var pe *panicError
			if errors.As(err, &pe) {
				t.Fatalf("panic: %v\n%s", pe.value, pe.stack)
			}
			t.Fatalf("a well-formed file failed: %v", err)
		}
		requireValidPDFDocument(t, doc)
		require.Equal(t, 2, doc.Sections[len(doc.Sections)-1].Page)
	})
}

// requireWellFormedSections checks what the chunker relies on: sections
// within the text, on rune boundaries, heading sections in order, entries
// nested inside or after the ones before them.
func requireWellFormedSections(t *testing.T, doc store.Document) {
	t.Helper()
	prevEnd := 0
	var entries []store.Section // open entries, innermost last
	for _, s := range doc.Sections {
		require.True(t, s.Start <= s.End && s.End <= len(doc.Text), "%+v", s)
		require.True(t, s.Start == len(doc.Text) || utf8.RuneStart(doc.Text[s.Start]))
		require.True(t, s.End == len(doc.Text) || utf8.RuneStart(doc.Text[s.End]))
		require.NotEmpty(t, s.Heading)
		require.LessOrEqual(t, s.Terms, len(s.Heading))
		if s.Terms == 0 {
			require.True(t, prevEnd <= s.Start, "%+v", s)
			prevEnd = s.End
			continue
		}
		for len(entries) > 0 && entries[len(entries)-1].End <= s.Start {
			entries = entries[:len(entries)-1]
		}
		if len(entries) > 0 {
			require.LessOrEqual(t, s.End, entries[len(entries)-1].End, "%+v", s)
		}
		entries = append(entries, s)
	}
}
