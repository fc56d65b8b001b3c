package loader

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/store"
)

// loaderShapes are adversarial inputs for the text, Markdown, HTML,
// reStructuredText and AsciiDoc loaders (the chunker's own shapes are in internal/chunker): each must
// cost the same time per MB at every size.
var loaderShapes = []struct {
	name, ext string
	head      string // written once before the repeated part
	item      func(i int) string
}{
	{"md-headings", ".md", "", func(i int) string { return fmt.Sprintf("# Heading %d\n", i) }},
	{"md-paragraph", ".md", "", func(i int) string { return fmt.Sprintf("Sentence %d of one paragraph runs on. ", i) }},
	{"md-nested-list", ".md", "", func(i int) string { return fmt.Sprintf("%s- item %d\n", strings.Repeat("  ", i%200), i) }},
	{"md-table", ".md", "| id | name |\n|---|---|\n", func(i int) string { return fmt.Sprintf("| %d | row %d |\n", i, i) }},
	{"txt-line", ".txt", "", func(i int) string { return fmt.Sprintf("word%d ", i) }},
	{"html-headings", ".html", "<html><body>", func(i int) string { return fmt.Sprintf("<h%d>Heading %d</h%d>", 1+i%6, i, 1+i%6) }},
	{"html-paragraph", ".html", "<html><body><p>", func(i int) string { return fmt.Sprintf("Sentence %d of one paragraph runs on. ", i) }},
	{"html-line", ".html", "<html><body><pre>", func(i int) string { return fmt.Sprintf("word%d ", i) }},
	// x/net/html rejects more than 512 open elements, so nesting goes to
	// htmlNest levels and closes again, over and over.
	{"html-nested-list", ".html", "<html><body>", func(i int) string {
		return nestOrClose(i, fmt.Sprintf("<ul><li>item %d", i), "</li></ul>")
	}},
	{"html-nested-div", ".html", "<html><body>", func(i int) string {
		return nestOrClose(i, fmt.Sprintf("<div>block %d", i), "</div>")
	}},
	{"html-table", ".html", "<html><body><table>", func(i int) string { return fmt.Sprintf("<tr><td>%d</td><td>row %d</td></tr>", i, i) }},
	{"rst-headings", ".rst", "", func(i int) string { return fmt.Sprintf("Heading %d\n%s\n\n", i, strings.Repeat("=-~^"[i%4:i%4+1], 12)) }},
	{"rst-paragraph", ".rst", "", func(i int) string { return fmt.Sprintf("Sentence %d of *one* ``paragraph`` :func:`runs` on.\n", i) }},
	{"rst-staircase", ".rst", "", func(i int) string { return fmt.Sprintf("%sline %d\n\n", strings.Repeat(" ", i), i) }},
	{"rst-nested-list", ".rst", "", func(i int) string { return fmt.Sprintf("%s* item %d\n\n", strings.Repeat("  ", i%200), i) }},
	{"rst-definitions", ".rst", "", func(i int) string { return fmt.Sprintf(".. function:: f%d(x)\n\n   Returns %d.\n\n", i, i) }},
	{"rst-grid-cell", ".rst", "+------+\n", func(i int) string { return fmt.Sprintf("| w%d |\n", i%1000) }},
	{"rst-simple-table", ".rst", "=====  =====\n", func(i int) string { return fmt.Sprintf("       r%d\n", i%1000) }},
	{"adoc-headings", ".adoc", "= Title\n\n", func(i int) string { return fmt.Sprintf("%s Heading %d\n\n", strings.Repeat("=", 2+i%4), i) }},
	{"adoc-paragraph", ".adoc", "", func(i int) string {
		return fmt.Sprintf("Sentence %d of *one* `paragraph` linkgit:git-%d[1] runs on.\n", i, i)
	}},
	{"adoc-entries", ".adoc", "", func(i int) string { return fmt.Sprintf("--opt-%d::\n\tDoes %d.\n+\nMore.\n\n", i, i) }},
	{"adoc-nested-list", ".adoc", "", func(i int) string { return fmt.Sprintf("%s item %d\n", strings.Repeat("*", 1+i%5), i) }},
	{"adoc-table", ".adoc", "|===\n", func(i int) string { return fmt.Sprintf("|%d |row %d\n", i, i) }},
}

const htmlNest = 200

// nestOrClose opens one level for the first htmlNest items of each round,
// then closes them all.
func nestOrClose(i int, open, close string) string {
	if i%(htmlNest+1) == htmlNest {
		return strings.Repeat(close, htmlNest)
	}
	return open
}

func shapeText(head string, item func(int) string, size int) []byte {
	var b strings.Builder
	b.Grow(size + 64)
	b.WriteString(head)
	for i := 0; b.Len() < size; i++ {
		b.WriteString(item(i))
	}
	return []byte(b.String())
}

// loadRaw runs the loader LoadFile would choose for ext on raw.
func loadRaw(raw []byte, ext string) (store.Document, error) {
	doc := store.Document{ID: "shape" + ext, Source: "shape" + ext}
	var err error
	switch ext {
	case ".html":
		err = parseHTML(raw, &doc)
	case ".rst":
		err = readMarkup(raw, doc.Source, &doc, parseRST)
	case ".adoc":
		err = readMarkup(raw, doc.Source, &doc, parseAsciiDoc)
	default:
		err = readText(raw, doc.Source, ext == ".md", &doc, nil)
	}
	return doc, err
}

// BenchmarkLoadShapes reports ns/MB for each shape at 1 and 8 MB (and 64
// MB with -benchtime 1x): the figure must stay flat as the size grows.
// cpu-ns/MB is the process's CPU time, which a loaded machine does not
// inflate as it does wall time.
func BenchmarkLoadShapes(b *testing.B) {
	sizes := []int{1 << 20, 8 << 20}
	if f := flag.Lookup("test.benchtime"); f != nil && f.Value.String() == "1x" {
		sizes = append(sizes, 64<<20)
	}
	for _, sh := range loaderShapes {
		for _, size := range sizes {
			b.Run(fmt.Sprintf("%s/%dMB", sh.name, size>>20), func(b *testing.B) {
				raw := shapeText(sh.head, sh.item, size)
				b.SetBytes(int64(len(raw)))
				cpu := processCPU()
				for b.Loop() {
					if _, err := loadRaw(raw, sh.ext); err != nil {
						b.Fatal(err)
					}
				}
				cpu = processCPU() - cpu
				mb := float64(len(raw)) / (1 << 20)
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/mb, "ns/MB")
				b.ReportMetric(float64(cpu)/float64(b.N)/mb, "cpu-ns/MB")
			})
		}
	}
}
