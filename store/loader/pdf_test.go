package loader

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/chunker"
	"github.com/hybridrag/hybridrag/internal/errprefix"
	"github.com/hybridrag/hybridrag/store"
)

func loadPDF(t *testing.T, name string, raw []byte) (store.Document, error) {
	t.Helper()
	return LoadFile(writeFile(t, t.TempDir(), name, raw))
}

// requirePages checks that doc has one section per given page, each
// spanning exactly that page's text, pages joined by a blank line.
func requirePages(t *testing.T, doc store.Document, pages map[int]string) {
	t.Helper()
	require.Len(t, doc.Sections, len(pages))
	var texts []string
	prev := 0
	for _, s := range doc.Sections {
		require.Greater(t, s.Page, prev, "pages in order")
		prev = s.Page
		require.Equal(t, pages[s.Page], doc.Text[s.Start:s.End], "page %d", s.Page)
		require.Empty(t, s.Heading)
		texts = append(texts, pages[s.Page])
	}
	require.Equal(t, strings.Join(texts, "\n\n"), doc.Text)
}

func TestLoadPDFPages(t *testing.T) {
	cases := []struct {
		name      string
		file      string
		pdf       testPDF
		wantTitle string
		pages     map[int]string
	}{
		{"two pages with a title", "manual.pdf",
			testPDF{pages: []string{textPage("Hello page one"), textPage("Hello page two")}, title: "Pump Manual"},
			"Pump Manual", map[int]string{1: "Hello page one", 2: "Hello page two"}},
		{"no title: the file name", "notes.PDF",
			testPDF{pages: []string{textPage("Only page")}},
			"notes.PDF", map[int]string{1: "Only page"}},
		{"UTF-16 title on several lines", "t.pdf",
			testPDF{pages: []string{textPage("x")}, title: "\xfe\xff\x00M\x00a\x00n\x00u\x00e\x00l\x00\n\x00 \x00\xe9\x00t\x00\xe9"},
			"Manuel été", map[int]string{1: "x"}},
		{"a blank page keeps the page numbers of the others", "gap.pdf",
			testPDF{pages: []string{textPage("First"), "q 0 0 1 rg 0 0 10 10 re f Q", textPage("Third")}},
			"gap.pdf", map[int]string{1: "First", 3: "Third"}},
		{"compressed content streams", "flate.pdf",
			testPDF{pages: []string{textPage("Deflated one"), textPage("Deflated two")}, flate: true},
			"flate.pdf", map[int]string{1: "Deflated one", 2: "Deflated two"}},
		{"PDF 2.0 header", "v2.pdf",
			testPDF{header: "%PDF-2.0", pages: []string{textPage("Version two")}},
			"v2.pdf", map[int]string{1: "Version two"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := writeFile(t, t.TempDir(), c.file, c.pdf.bytes())
			doc, err := LoadFile(path)
			require.NoError(t, err)
			require.Equal(t, path, doc.Source)
			require.Equal(t, filepath.ToSlash(path), doc.ID)
			require.Equal(t, c.wantTitle, doc.Title)
			requirePages(t, doc, c.pages)
		})
	}
}

func TestLoadPDFEncryptedWithoutUserPassword(t *testing.T) {
	key, trailer := ownerOnlyEncryption(t, false)
	p := testPDF{pages: []string{textPage("Secret one"), textPage("Secret two")}, title: "Locked Manual", key: key, trailer: trailer}
	doc, err := loadPDF(t, "locked.pdf", p.bytes())
	require.NoError(t, err)
	require.Equal(t, "Locked Manual", doc.Title)
	requirePages(t, doc, map[int]string{1: "Secret one", 2: "Secret two"})
}

// TestLoadPDFLayout checks how shown strings become words and lines: the
// extractor sees glyph positions, not spaces and line breaks.
func TestLoadPDFLayout(t *testing.T) {
	const (
		courier  = "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>"
		winAnsi  = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
		standard = "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /StandardEncoding >>"
		type0    = "<< /Type /Font /Subtype /Type0 /BaseFont /Test /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>"
		cidFont  = "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Test /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 1000 /W [1 [600 500] 16 18 550] >>"
		cmap     = "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CMapName /Test def\n" +
			"1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n" +
			"2 beginbfchar\n<0001> <0048>\n<0003> <FB01>\nendbfchar\n" +
			"2 beginbfrange\n<0010> <0012> <0061>\n<0020> <0021> [<0058> <D83DDE00>]\nendbfrange\n" +
			"endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend"
	)
	var (
		form = streamObject("/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Matrix [1 0 0 1 0 -20]",
			"BT /F1 12 Tf 72 700 Td (In a form) Tj ET")
		loopForm = streamObject("/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> /XObject << /X1 5 0 R >> >>",
			"BT /F1 12 Tf 72 700 Td (Loop) Tj ET /X1 Do")
		lzwForm = streamObject("/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Filter /LZWDecode", "x")
	)
	cases := []struct {
		name    string
		pdf     testPDF
		want    string
		wantErr error
	}{
		{"one string", testPDF{pages: []string{textPage("Hello page one")}}, "Hello page one", nil},
		{"runs of spaces collapse", testPDF{pages: []string{"BT /F1 12 Tf 72 720 Td (  Hello \t   page   one  ) Tj ET"}}, "Hello page one", nil},
		{"Td to the next line", testPDF{pages: []string{"BT /F1 12 Tf 72 720 Td (Line one) Tj 0 -14 Td (Line two) Tj ET"}}, "Line one\nLine two", nil},
		{"T* and ' use the leading", testPDF{pages: []string{"BT /F1 12 Tf 14 TL 72 720 Td (a) Tj T* (b) Tj (c) ' 1 2 (d) \" ET"}}, "a\nb\nc\nd", nil},
		{"Tm places each line", testPDF{pages: []string{"BT /F1 12 Tf 1 0 0 1 72 720 Tm (Top) Tj 1 0 0 1 72 700 Tm (Bottom) Tj ET"}}, "Top\nBottom", nil},
		{"separate text objects on one line", testPDF{pages: []string{"BT /F1 12 Tf 72 720 Td (Hello) Tj ET BT /F1 12 Tf 120 720 Td (world) Tj ET"}}, "Hello world", nil},
		{"TJ: kerning joins, a wide adjustment separates", testPDF{pages: []string{"BT /F1 12 Tf 72 720 Td [(Hel) 20 (lo) -400 (wor) -30 (ld)] TJ ET"}}, "Hello world", nil},
		{"a superscript stays on its line", testPDF{pages: []string{"BT /F1 12 Tf 72 720 Td (x) Tj 4 Ts (2) Tj 0 Ts ( = 4) Tj ET"}}, "x2 = 4", nil},
		{"scaled text space: lines judged in font units", testPDF{pages: []string{"BT /F1 1 Tf 12 0 0 12 72 720 Tm (Big) Tj 0 -1.2 Td (text) Tj ET"}}, "Big\ntext", nil},
		{"measured widths: adjacent runs join", testPDF{fonts: "/F2 5 0 R", objects: []string{courier},
			pages: []string{"BT /F2 12 Tf 72 720 Td (Hello) Tj 36 0 Td (world) Tj ET"}}, "Helloworld", nil},
		{"measured widths: a gap is a space", testPDF{fonts: "/F2 5 0 R", objects: []string{courier},
			pages: []string{"BT /F2 12 Tf 72 720 Td (Hello) Tj 43 0 Td (world) Tj ET"}}, "Hello world", nil},
		{"WinAnsi encoding", testPDF{fonts: "/F2 5 0 R", objects: []string{winAnsi},
			pages: []string{"BT /F2 12 Tf 72 720 Td (caf\\351 \\223quoted\\224) Tj ET"}}, "café “quoted”", nil},
		{"an encoding the library does not know reads as Latin-1", testPDF{fonts: "/F2 5 0 R", objects: []string{standard},
			pages: []string{"BT /F2 12 Tf 72 720 Td (na\\357ve \\000\\001) Tj ET"}}, "naïve", nil},
		{"composite font through its ToUnicode CMap", testPDF{fonts: "/F2 5 0 R", objects: []string{type0, cidFont, streamObject("", cmap)},
			pages: []string{"BT /F2 12 Tf 72 720 Td <000100100011> Tj 0 -14 Td <0003006C00200021> Tj ET"}}, "Hab\nfiX😀", nil},
		{"form XObject", testPDF{xobjects: "/X1 5 0 R", objects: []string{form},
			pages: []string{"BT /F1 12 Tf 72 720 Td (Before) Tj ET /X1 Do BT /F1 12 Tf 72 600 Td (After) Tj ET"}}, "Before\nIn a form\nAfter", nil},
		{"a form that draws itself stops", testPDF{xobjects: "/X1 5 0 R", objects: []string{loopForm}, pages: []string{"/X1 Do"}},
			strings.TrimSpace(strings.Repeat("Loop ", maxFormDepth)), nil},
		{"inline image data is skipped", testPDF{pages: []string{"BI /W 2 /H 2 /CS /G /BPC 8 ID \x00\xff[<(\x01 EI\nBT /F1 12 Tf 72 720 Td (After image) Tj ET"}}, "After image", nil},
		{"content cut inside an array ends there", testPDF{pages: []string{"BT /F1 12 Tf 72 720 Td (Kept) Tj [(lost"}}, "Kept", nil},
		{"content cut inside a hex string ends there", testPDF{pages: []string{"BT /F1 12 Tf 72 720 Td (Kept) Tj <4142"}}, "Kept", nil},
		{"unknown escapes and stray delimiters are skipped", testPDF{pages: []string{"BT /F1 12 Tf 72 720 Td (a\\qb) Tj ] >> } ) (c) Tj ET"}}, "aqbc", nil},
		{"an undefined font reads as Latin-1", testPDF{pages: []string{"BT /F9 12 Tf 72 720 Td (caf\\351) Tj ET"}}, "café", nil},
		{"a stream with an unsupported filter", testPDF{objects: []string{lzwForm},
			xobjects: "/X1 5 0 R", pages: []string{"/X1 Do"}}, "", ErrMalformed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc, err := loadPDF(t, "layout.pdf", c.pdf.bytes())
			if c.wantErr != nil {
				require.ErrorIs(t, err, c.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, c.want, doc.Text)
			require.Equal(t, []store.Section{{Start: 0, End: len(c.want), Page: 1}}, doc.Sections)
		})
	}
}

func TestLoadPDFErrors(t *testing.T) {
	valid := testPDF{pages: []string{textPage("Hello page one"), textPage("Hello page two")}}.bytes()
	_, needsPassword := ownerOnlyEncryption(t, true)
	encrypted := testPDF{pages: []string{textPage("x")}, trailer: needsPassword}.bytes()
	aes256 := testPDF{pages: []string{textPage("x")}, trailer: "/Encrypt << /Filter /Standard /V 5 /R 6 /Length 256 " +
		"/O <00> /U <00> /P -4 >> /ID [<30313233> <30313233>] "}.bytes()
	cyclic := pdfFile("%PDF-1.4", []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
		"<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>",
		streamObject("", textPage("loop")),
	}, "")
	noPages := pdfFile("%PDF-1.4", []string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"}, "")
	noPageTree := pdfFile("%PDF-1.4", []string{"<< /Type /Catalog >>"}, "")

	cases := []struct {
		name string
		raw  []byte
		want error
		page int
		msg  string
	}{
		{"empty file", nil, ErrMalformed, 0, "malformed PDF"},
		{"garbage", []byte("this is not a PDF at all, just some words"), ErrMalformed, 0, "not a PDF"},
		{"HTML named .pdf", []byte("<html><body>%PDF-1.4</body></html>"), ErrMalformed, 0, ""},
		{"truncated", valid[:len(valid)/2], ErrMalformed, 0, ""},
		{"startxref points nowhere", append(valid[:bytes.LastIndex(valid, []byte("startxref")):bytes.LastIndex(valid, []byte("startxref"))],
			[]byte("startxref\n99\n%%EOF\n")...), ErrMalformed, 0, "cross-reference"},
		{"needs a user password", encrypted, ErrEncrypted, 0, "needs a password"},
		{"AES-256 encryption", aes256, ErrEncrypted, 0, "encrypt"},
		{"scanned pages only", testPDF{pages: []string{"q 612 0 0 792 0 0 cm /Im1 Do Q", "q 612 0 0 792 0 0 cm /Im2 Do Q"}}.bytes(),
			ErrNoText, 0, "none of its 2 pages has a text layer"},
		{"text that maps to nothing", testPDF{pages: []string{"BT /F1 12 Tf 72 720 Td (\\000\\001  ) Tj ET"}}.bytes(), ErrNoText, 0, "OCR"},
		{"no pages", noPages, ErrNoText, 0, "none of its 0 pages"},
		{"no page tree", noPageTree, ErrMalformed, 0, "no page tree"},
		{"cyclic page tree", cyclic, ErrMalformed, 0, "cycle"},
		{"cross-reference subsection far out", bytes.Replace(valid, []byte("xref\n0 9\n"), []byte("xref\n2000000000 9\n"), 1),
			ErrMalformed, 0, "reaches object"},
		{"cross-reference sections in a loop", prevLoop(valid), ErrMalformed, 0, "loop"},
		{"undecodable content stream", testPDF{pages: []string{textPage("x")}, filter: "/Filter /FlateDecode"}.bytes(),
			ErrMalformed, 1, "on page 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := writeFile(t, t.TempDir(), "bad.pdf", c.raw)
			doc, err := LoadFile(path)
			require.ErrorIs(t, err, c.want)
			require.Equal(t, store.Document{}, doc)
			var fe *FormatError
			require.True(t, errors.As(err, &fe), "%T", err)
			require.Equal(t, path, fe.Path)
			require.Equal(t, "PDF", fe.Format)
			require.Equal(t, c.page, fe.Page)
			require.Regexp(t, "^loader: ", err.Error())
			require.Contains(t, err.Error(), path)
			require.Contains(t, err.Error(), c.msg)
			require.Empty(t, errprefix.Repeated(err.Error()), err.Error())
			for _, other := range []error{ErrMalformed, ErrEncrypted, ErrNoText} {
				if other != c.want {
					require.NotErrorIs(t, err, other)
				}
			}
		})
	}
}

// prevLoop makes the trailer of a PDF name its own cross-reference table as
// the previous one, which would make the library read it forever.
func prevLoop(raw []byte) []byte {
	i := bytes.LastIndex(raw, []byte("startxref\n"))
	off := bytes.Fields(raw[i+len("startxref\n"):])[0]
	return bytes.Replace(raw, []byte("/Info 4 0 R"), append([]byte("/Info 4 0 R /Prev "), off...), 1)
}

// TestLoadPDFTruncatedEverywhere cuts a valid PDF at many offsets: every
// cut is a typed error or, where the cut leaves a readable file, a
// document; never a panic.
func TestLoadPDFTruncatedEverywhere(t *testing.T) {
	valid := testPDF{pages: []string{textPage("Hello page one"), textPage("Hello page two")}, flate: true}.bytes()
	for cut := 0; cut <= len(valid)-len("%%EOF\n"); cut += 7 {
		doc := store.Document{ID: "t.pdf", Source: "t.pdf"}
		err := parsePDF(valid[:cut], &doc)
		require.Error(t, err, "cut at %d", cut) // the %%EOF marker is gone
		require.ErrorIs(t, err, ErrMalformed, "cut at %d: %v", cut, err)
		require.Empty(t, errprefix.Repeated(err.Error()), err.Error())
	}
	// Cutting only the stream data leaves a file whose lengths lie.
	for cut := 1; cut < 20; cut++ {
		raw := strings.Replace(string(testPDF{pages: []string{textPage("Hello page one")}}.bytes()), "(Hello page one) Tj ET", "(Hello page one) Tj ET"[:cut], 1)
		doc := store.Document{ID: "t.pdf", Source: "t.pdf"}
		err := parsePDF([]byte(raw), &doc)
		if err != nil {
			require.True(t, errors.Is(err, ErrMalformed) || errors.Is(err, ErrNoText), "cut %d: %v", cut, err)
			continue
		}
		require.True(t, utf8.ValidString(doc.Text))
	}
}

func TestLoadPDFThenChunk(t *testing.T) {
	sentences := func(page string) string {
		var b strings.Builder
		for i := range 6 {
			fmt.Fprintf(&b, "(The %s page explains step %d of the pump service.) Tj 0 -14 Td ", page, i)
		}
		return "BT /F1 12 Tf 72 720 Td " + b.String() + "ET"
	}
	raw := testPDF{pages: []string{sentences("first"), sentences("second")}, title: "Pump Service"}.bytes()
	doc, err := loadPDF(t, "service.pdf", raw)
	require.NoError(t, err)
	require.Len(t, doc.Sections, 2)
	require.Equal(t, 6, strings.Count(doc.Text[doc.Sections[0].Start:doc.Sections[0].End], "\n")+1, "one line per Td")

	chunks, err := chunker.Split(doc, chunker.Options{MinTokens: 1})
	require.NoError(t, err)
	require.Len(t, chunks, 2)
	for i, c := range chunks {
		require.Equal(t, i+1, c.Page)
		require.Equal(t, doc.Text[c.Start:c.End], c.Text)
		require.Equal(t, "Pump Service", c.Title)
		require.Contains(t, c.Text, []string{"first", "second"}[i])
		require.NotContains(t, c.Text, []string{"second", "first"}[i])
	}

	merged, err := chunker.Split(doc, chunker.Options{})
	require.NoError(t, err)
	require.Len(t, merged, 1)
	require.Equal(t, 1, merged[0].Page, "a merged chunk carries its first page")
}

func TestLoadDirIncludesPDF(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.md", []byte("# A\n\ntext"))
	writeFile(t, dir, "b.pdf", testPDF{pages: []string{textPage("PDF text")}}.bytes())
	var got []string
	require.NoError(t, LoadDir(dir, func(d store.Document) error { got = append(got, d.Text); return nil }))
	require.Equal(t, []string{"# A\n\ntext", "PDF text"}, got)
}

func TestLoadPDFConcurrent(t *testing.T) {
	path := writeFile(t, t.TempDir(), "c.pdf", testPDF{pages: []string{textPage("Same text"), textPage("Page two")}}.bytes())
	var wg sync.WaitGroup
	docs := make([]store.Document, 4)
	errs := make([]error, 4)
	for i := range docs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			docs[i], errs[i] = LoadFile(path)
		}()
	}
	wg.Wait()
	for i := range docs {
		require.NoError(t, errs[i])
		require.Equal(t, docs[0], docs[i])
	}
}

func TestNormalizePDFText(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", ""},
		{"  a   b\t\tc  ", "a b c"},
		{"line one   \n   line two", "line one\nline two"},
		{"a\r\nb\rc", "a\nb\nc"},
		{"a\n\n\n\n\nb", "a\n\nb"},
		{"\n\n  a\n\n", "a"},
		{"bad \xff byte", "bad \uFFFD byte"},
		{"nul\x00 and \x07 bell", "nul and bell"},
		{"\ufb01nd the \ufb02ow", "find the flow"},
		{"no\u00a0break\u202f\u3000space", "no break space"},
		{"\u202f \u2003", ""},
		{"\ufeffbom", "bom"},
	}
	for _, c := range cases {
		require.Equal(t, c.want, normalizePDFText(c.in), "%q", c.in)
	}
}
