package chunker

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/store"
)

// adversarialShapes generate about size bytes of text in shapes that made
// a chunker or section builder quadratic: each must cost the same time per
// MB at every size.
var adversarialShapes = []struct {
	name string
	gen  func(size int) string
}{
	{"headings", func(size int) string {
		return repeatTo(size, func(b *strings.Builder, i int) { fmt.Fprintf(b, "# Heading %d\n", i) })
	}},
	{"nested-headings", func(size int) string {
		return repeatTo(size, func(b *strings.Builder, i int) { fmt.Fprintf(b, "%s Level %d\n", strings.Repeat("#", 1+i%6), i) })
	}},
	{"paragraph", func(size int) string {
		return repeatTo(size, func(b *strings.Builder, i int) { fmt.Fprintf(b, "Sentence %d of one paragraph runs on. ", i) })
	}},
	{"line", func(size int) string {
		return repeatTo(size, func(b *strings.Builder, i int) { fmt.Fprintf(b, "word%d ", i) })
	}},
	{"nested-list", func(size int) string {
		return repeatTo(size, func(b *strings.Builder, i int) { fmt.Fprintf(b, "%s- item %d\n", strings.Repeat("  ", i%200), i) })
	}},
	{"table", func(size int) string {
		return "| id | name | value |\n|---|---|---|\n" +
			repeatTo(size, func(b *strings.Builder, i int) { fmt.Fprintf(b, "| %d | row %d | %d.5 |\n", i, i, i*3) })
	}},
}

func repeatTo(size int, write func(*strings.Builder, int)) string {
	var b strings.Builder
	b.Grow(size + 64)
	for i := 0; b.Len() < size; i++ {
		write(&b, i)
	}
	return b.String()
}

// BenchmarkSplitShapes reports ns/MB for each adversarial shape at 1 and
// 8 MB (64 MB too with -benchtime 1x, which is what it is meant for): the
// figure must stay flat as the size grows. cpu-ns/MB is the process's CPU
// time (garbage collection included), which a loaded machine does not
// inflate as it does wall time.
func BenchmarkSplitShapes(b *testing.B) {
	sizes := []int{1 << 20, 8 << 20}
	if benchtimeIsOnce() {
		sizes = append(sizes, 64<<20)
	}
	c, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := c.Split(store.Document{ID: "warm", Text: "# warm up\n\nthe encoder."}); err != nil {
		b.Fatal(err)
	}
	for _, sh := range adversarialShapes {
		for _, size := range sizes {
			b.Run(fmt.Sprintf("%s/%dMB", sh.name, size>>20), func(b *testing.B) {
				doc := store.Document{ID: sh.name, Text: sh.gen(size)}
				b.SetBytes(int64(len(doc.Text)))
				cpu := processCPU()
				for b.Loop() {
					if _, err := c.Split(doc); err != nil {
						b.Fatal(err)
					}
				}
				cpu = processCPU() - cpu
				mb := float64(len(doc.Text)) / (1 << 20)
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/mb, "ns/MB")
				b.ReportMetric(float64(cpu)/float64(b.N)/mb, "cpu-ns/MB")
			})
		}
	}
}

// benchtimeIsOnce reports whether the run was started with -benchtime 1x.
func benchtimeIsOnce() bool {
	f := flag.Lookup("test.benchtime")
	return f != nil && f.Value.String() == "1x"
}

// BenchmarkSplitHeadingRun splits n consecutive headings ("# Heading i"),
// the shape issue 15 measured at 10k, 30k and 100k headings; ns/heading
// must not grow with n.
func BenchmarkSplitHeadingRun(b *testing.B) {
	c, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{10_000, 30_000, 100_000} {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			var s strings.Builder
			for i := range n {
				fmt.Fprintf(&s, "# Heading %d\n", i)
			}
			doc := store.Document{ID: "headings.md", Text: s.String()}
			for b.Loop() {
				if _, err := c.Split(doc); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/heading")
		})
	}
}
