package chunker

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/internal/tokens"
	"github.com/hybridrag/hybridrag/store"
)

// benchMarkdown generates about size bytes of Markdown with nested
// headings, paragraphs, lists, tables and code blocks.
func benchMarkdown(size int) string {
	var b strings.Builder
	for s := 0; b.Len() < size; s++ {
		fmt.Fprintf(&b, "# Chapter %d\n\nThis chapter describes subsystem %d of the plant. ", s, s)
		for sub := range 4 {
			fmt.Fprintf(&b, "\n\n## Section %d.%d\n\n", s, sub)
			for p := range 3 + sub {
				for k := range 5 {
					fmt.Fprintf(&b, "Paragraph %d sentence %d explains how valve V-%d is opened at %d.%d bar before the pump starts. ", p, k, s*10+sub, k, p)
				}
				b.WriteString("\n\n")
			}
			b.WriteString("- check the seal\n- check the gauge\n- record the reading\n\n| step | value |\n|---|---|\n| 1 | 3.5 bar |\n\n")
			b.WriteString("```sh\n# restart the service\nsystemctl restart pump\n```\n")
		}
	}
	return b.String()
}

// BenchmarkSplit measures chunking throughput (MB/s) on about 1 MB of
// Markdown with the default options.
func BenchmarkSplit(b *testing.B) {
	doc := store.Document{ID: "bench.md", Text: benchMarkdown(1 << 20)}
	c, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := c.Split(doc); err != nil { // loads the encoder outside the timing
		b.Fatal(err)
	}
	b.SetBytes(int64(len(doc.Text)))
	b.ReportAllocs()
	for b.Loop() {
		chunks, err := c.Split(doc)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(chunks)), "chunks")
	}
}

// BenchmarkCountBaseline is one plain cl100k count of the same text: the
// floor BenchmarkSplit is compared against (it counts each part about twice).
func BenchmarkCountBaseline(b *testing.B) {
	text := benchMarkdown(1 << 20)
	if _, err := tokens.Count(text); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := tokens.Count(text); err != nil {
			b.Fatal(err)
		}
	}
}
