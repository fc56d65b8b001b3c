package loader

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// chapterWords returns n words of text drawn from a small vocabulary by a
// seeded generator: prose no other chapter repeats by chance.
func chapterWords(seed uint64, n int) []string {
	vocab := strings.Fields("pump valve seal motor housing inlet outlet pressure flow filter gasket bearing shaft impeller " +
		"drain vent flange bolt torque check replace clean inspect mount align tighten loosen start stop run idle " +
		"before after when while every daily weekly monthly the a of to in on with for by from until unless")
	r := rand.New(rand.NewPCG(seed, 7))
	out := make([]string, n)
	for i := range out {
		out[i] = vocab[r.IntN(len(vocab))]
	}
	return out
}

// wrap joins words into lines of at most width bytes.
func wrap(words []string, width int) []string {
	var lines []string
	var line strings.Builder
	for _, w := range words {
		if line.Len() > 0 && line.Len()+1+len(w) > width {
			lines = append(lines, line.String())
			line.Reset()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(w)
	}
	return append(lines, line.String())
}

// pdfPagesOf lays words out as a PDF's pages of 45 lines under a running
// head, each line drawn on its own.
func pdfPagesOf(words []string) []string {
	var pages []string
	lines := wrap(words, 70)
	for p := 0; p < len(lines); p += 45 {
		var page strings.Builder
		page.WriteString("BT /F1 10 Tf 12 TL 72 760 Td (Pump Station Manual) Tj T*")
		for _, l := range lines[p:min(p+45, len(lines))] {
			page.WriteString(" (" + l + ") Tj T*")
		}
		page.WriteString(" ET")
		pages = append(pages, page.String())
	}
	return pages
}

// A manual shipped as HTML chapters, a PDF and a plain-text file is
// indexed once, from its chapters: the PDF and the text, each wrapped and
// paged its own way, are passed over as other editions. A text file with
// prose of its own, and a note too short to judge, are indexed.
func TestLoadDirPassesOverOtherEditions(t *testing.T) {
	dir := t.TempDir()
	var text strings.Builder
	var pdfPages []string
	text.WriteString("PUMP STATION MANUAL\n\n")
	for c := range 3 {
		words := chapterWords(uint64(c+1), 900)
		var html strings.Builder
		fmt.Fprintf(&html, "<html><head><title>Chapter %d</title></head><body><h1>Chapter %d</h1>\n", c+1, c+1)
		for p := 0; p < len(words); p += 60 {
			fmt.Fprintf(&html, "<p>%s.</p>\n", strings.Join(words[p:min(p+60, len(words))], " "))
		}
		html.WriteString("</body></html>")
		writeFile(t, dir, fmt.Sprintf("ch%d.html", c+1), []byte(html.String()))

		fmt.Fprintf(&text, "%d. Chapter %d\n\n", c+1, c+1)
		for i, l := range wrap(words, 64) {
			text.WriteString(l + "\n")
			if i%40 == 39 {
				fmt.Fprintf(&text, "\n    Pump Station Manual, page %d\n\n", i/40+1)
			}
		}
		pdfPages = append(pdfPages, pdfPagesOf(words)...)
	}
	writeFile(t, dir, "manual.txt", []byte(text.String()))
	writeFile(t, dir, "manual.pdf", testPDF{pages: pdfPages}.bytes())
	// Compressed, a manual's text is a quarter of its size and still one.
	gz := gzipped(t, text.String())
	require.Less(t, len(gz), editionMinBytes)
	writeFile(t, dir, "guide.txt.gz", gz)
	writeFile(t, dir, "history.txt", []byte(strings.Join(wrap(chapterWords(99, 2000), 64), "\n")))
	writeFile(t, dir, "README.txt", []byte("See the chapters.\n"))

	loaded, passed := loadPassingOver(t, dir)
	require.Equal(t, []string{"README.txt", "ch1.html", "ch2.html", "ch3.html", "history.txt"}, loaded,
		"a manual's size of text waits for the pages, smallest first; a note does not")
	require.Len(t, passed, 3)
	for _, ce := range passed {
		require.True(t, ce.OtherFormat)
		require.Equal(t, 3, ce.Pages)
		require.Greater(t, ce.Repeated, 0.8)
		require.Contains(t, ce.Error(), "another edition of them")
	}
	paths := passed[0].Path + passed[1].Path + passed[2].Path
	require.Contains(t, paths, "manual.txt")
	require.Contains(t, paths, "manual.pdf")
	require.Contains(t, paths, "guide.txt.gz")

	// A folder without HTML pages keeps its PDF and text in path order.
	plain := t.TempDir()
	writeFile(t, plain, "manual.txt", []byte(text.String()))
	writeFile(t, plain, "manual.pdf", testPDF{pages: pdfPages}.bytes())
	require.Equal(t, []string{"manual.pdf", "manual.txt"}, loadedIDs(t, plain))
}

// A project's Markdown pages and the PDF built from them, a report's
// .docx and its PDF export: the PDF is passed over as another edition of
// the pages, whose headings are the author's.
func TestLoadDirPassesOverEditionsOfAuthoredPages(t *testing.T) {
	pdfOf := func(words []string) []byte { return testPDF{pages: pdfPagesOf(words)}.bytes() }

	docs := t.TempDir()
	var all []string
	for c := range 2 {
		words := chapterWords(uint64(c+11), 900)
		all = append(all, words...)
		var md strings.Builder
		fmt.Fprintf(&md, "# Chapter %d\n\n", c+1)
		for p := 0; p < len(words); p += 60 {
			fmt.Fprintf(&md, "%s.\n\n", strings.Join(words[p:min(p+60, len(words))], " "))
		}
		writeFile(t, docs, fmt.Sprintf("docs/ch%d.md", c+1), []byte(md.String()))
	}
	writeFile(t, docs, "build/manual.pdf", pdfOf(all))
	writeFile(t, docs, "build/other.pdf", pdfOf(chapterWords(77, 1800)))
	loaded, passed := loadPassingOver(t, docs)
	require.Equal(t, []string{"docs/ch1.md", "docs/ch2.md", "build/other.pdf"}, loaded)
	require.Len(t, passed, 1)
	require.Contains(t, passed[0].Path, "manual.pdf")
	require.True(t, passed[0].OtherFormat)

	report := t.TempDir()
	words := chapterWords(21, 1500)
	paras := []string{para("Titel", "Pump Station Report")}
	for p := 0; p < len(words); p += 60 {
		paras = append(paras, para("", strings.Join(words[p:min(p+60, len(words))], " ")+"."))
	}
	writeFile(t, report, "report.docx", zipParts(t, map[string]string{"word/document.xml": wordBody(paras...), "word/styles.xml": testStyles}))
	writeFile(t, report, "report.pdf", pdfOf(words))
	loaded, passed = loadPassingOver(t, report)
	require.Equal(t, []string{"report.docx"}, loaded)
	require.Len(t, passed, 1)
}
