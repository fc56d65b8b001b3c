// Command genlarge writes a large, deterministic plain-text or Markdown
// file for measuring indexing time and memory (BENCHMARKS.md, "Bounded
// memory"). The same flags always give the same bytes.
//
//	go run ./scripts/genlarge -format text -size 200MB -o /tmp/big.txt
//	go run ./scripts/genlarge -format markdown -size 200MB -o /tmp/big.md
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
)

func main() {
	format := flag.String("format", "text", "text or markdown")
	size := flag.String("size", "200MB", "approximate size: N, NKB, NMB (1000-based)")
	out := flag.String("o", "", "output file (required)")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	n, err := parseSize(*size)
	if err != nil || *out == "" || (*format != "text" && *format != "markdown") {
		fmt.Fprintln(os.Stderr, "usage: genlarge -format text|markdown -size 200MB -o FILE")
		os.Exit(2)
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	g := gen{r: rand.New(rand.NewPCG(*seed, 0x9e3779b97f4a7c15)), md: *format == "markdown"}
	written := 0
	for written < n {
		written += g.block(w)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := f.Close(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func parseSize(s string) (int, error) {
	mult := 1
	for _, u := range []struct {
		suffix string
		mult   int
	}{{"KB", 1000}, {"MB", 1000 * 1000}, {"GB", 1000 * 1000 * 1000}} {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSuffix(s, u.suffix), u.mult
			break
		}
	}
	v, err := strconv.Atoi(s)
	return v * mult, err
}

// gen writes prose from a Zipf-distributed vocabulary, so that keyword
// statistics look like a real corpus (a few frequent words, a long tail).
type gen struct {
	r     *rand.Rand
	md    bool
	n     int // blocks written, for headings
	vocab []string
	zipf  *rand.Zipf
}

func (g *gen) word() string {
	if g.vocab == nil {
		syll := []string{"ka", "lo", "mi", "ne", "su", "ta", "ri", "po", "ve", "da", "gu", "shi", "tor", "ban", "el", "qu"}
		g.vocab = make([]string, 50000)
		for i := range g.vocab {
			var b strings.Builder
			for k := 1 + g.r.IntN(4); k > 0; k-- {
				b.WriteString(syll[g.r.IntN(len(syll))])
			}
			g.vocab[i] = b.String()
		}
		g.zipf = rand.NewZipf(g.r, 1.1, 2, uint64(len(g.vocab)-1))
	}
	return g.vocab[g.zipf.Uint64()]
}

func (g *gen) sentence(b *strings.Builder) {
	n := 6 + g.r.IntN(20)
	for i := 0; i < n; i++ {
		w := g.word()
		if i == 0 {
			w = strings.ToUpper(w[:1]) + w[1:]
		} else {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	b.WriteString(". ")
}

// block writes one paragraph (Markdown: sometimes a heading, a list or a
// code fence before it) and returns the bytes written.
func (g *gen) block(w *bufio.Writer) int {
	var b strings.Builder
	g.n++
	if g.md {
		switch {
		case g.n%40 == 1:
			fmt.Fprintf(&b, "# Part %d\n\n", g.n/40+1)
		case g.n%8 == 1:
			fmt.Fprintf(&b, "## Section %d\n\n", g.n)
		case g.n%8 == 5:
			for i := 0; i < 3+g.r.IntN(4); i++ {
				b.WriteString("- ")
				g.sentence(&b)
				b.WriteString("\n")
			}
			b.WriteString("\n")
		case g.n%16 == 7:
			b.WriteString("```go\nfunc f() int { return " + strconv.Itoa(g.n) + " }\n```\n\n")
		}
	}
	for i := 0; i < 3+g.r.IntN(6); i++ {
		g.sentence(&b)
	}
	b.WriteString("\n\n")
	n, _ := w.WriteString(b.String())
	return n
}
