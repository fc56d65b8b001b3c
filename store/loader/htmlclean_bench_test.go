package loader

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/hybridrag/hybridrag/store"
)

// pgDocs returns the pages of a PostgreSQL HTML manual (Debian package
// postgresql-doc-15, or $HYBRIDRAG_PGDOCS), every step-th of them, or
// skips: the benchmarks measure on real generator output, and no test
// depends on it.
func pgDocs(b *testing.B, step int) (names []string, pages [][]byte) {
	dir := os.Getenv("HYBRIDRAG_PGDOCS")
	if dir == "" {
		dir = "/usr/share/doc/postgresql-doc-15/html"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.html"))
	if len(files) == 0 {
		b.Skip("no PostgreSQL HTML manual: apt-get install postgresql-doc-15 or set HYBRIDRAG_PGDOCS")
	}
	for i, f := range files {
		if i%step != 0 {
			continue
		}
		raw, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		names, pages = append(names, filepath.Base(f)), append(pages, raw)
	}
	return names, pages
}

// uncleaned is the loader's text without boilerplate removal: the walk
// alone, as before it existed.
func uncleaned(raw []byte) string {
	root, err := html.Parse(bytes.NewReader(raw))
	if err != nil {
		return ""
	}
	w := walker{}
	w.walk(root)
	return w.out.String()
}

// BenchmarkHTMLCleanPG loads every 10th page of the manual, uncleaned (the
// baseline) and as LoadFile does (cleaning and date extraction included).
func BenchmarkHTMLCleanPG(b *testing.B) {
	_, pages := pgDocs(b, 10)
	b.Run("uncleaned", func(b *testing.B) {
		for b.Loop() {
			for _, raw := range pages {
				_ = uncleaned(raw)
			}
		}
	})
	b.Run("cleaned", func(b *testing.B) {
		for b.Loop() {
			for _, raw := range pages {
				doc := store.Document{}
				if err := parseHTML(raw, &doc); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// BenchmarkHTMLCleanPGQuality reports, over the whole manual, the share of
// pages whose text still holds the navigation words before and after
// cleaning, and the share of content blocks (p, pre and td outside the
// navheader/navfooter tables and the in-page tables of contents) whose
// text survives.
func BenchmarkHTMLCleanPGQuality(b *testing.B) {
	_, pages := pgDocs(b, 1)
	nav := map[string]*regexp.Regexp{}
	for _, w := range []string{"Prev", "Home"} {
		nav[w] = regexp.MustCompile(`\b` + w + `\b`)
	}
	marks := strings.NewReplacer("§", "", "¶", "")
	for b.Loop() {
		withNav := map[string][2]int{}
		var blocks, keptBefore, keptAfter int
		for _, raw := range pages {
			before := uncleaned(raw)
			doc := store.Document{}
			if err := parseHTML(raw, &doc); err != nil {
				b.Fatal(err)
			}
			for w, re := range nav {
				c := withNav[w]
				if re.MatchString(before) {
					c[0]++
				}
				if re.MatchString(doc.Text) {
					c[1]++
				}
				withNav[w] = c
			}
			flatBefore, flatAfter := collapse(marks.Replace(before)), collapse(marks.Replace(doc.Text))
			root, _ := html.Parse(bytes.NewReader(raw))
			var visit func(n *html.Node, skip bool)
			visit = func(n *html.Node, skip bool) {
				if n.Type == html.ElementNode {
					switch attrVal(n, "class") {
					case "navheader", "navfooter", "toc":
						skip = true
					}
					if !skip && (n.Data == "p" || n.Data == "pre" || n.Data == "td") {
						if s := collapse(marks.Replace(textOf(n, nil))); s != "" {
							blocks++
							if strings.Contains(flatBefore, s) {
								keptBefore++
							}
							if strings.Contains(flatAfter, s) {
								keptAfter++
							}
						}
						return
					}
				}
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					visit(c, skip)
				}
			}
			visit(root, false)
		}
		n := float64(len(pages))
		b.ReportMetric(float64(withNav["Prev"][0])/n, "Prev-pages-before")
		b.ReportMetric(float64(withNav["Prev"][1])/n, "Prev-pages-after")
		b.ReportMetric(float64(withNav["Home"][0])/n, "Home-pages-before")
		b.ReportMetric(float64(withNav["Home"][1])/n, "Home-pages-after")
		b.ReportMetric(float64(keptBefore)/float64(blocks), "blocks-kept-before")
		b.ReportMetric(float64(keptAfter)/float64(blocks), "blocks-kept-after")
	}
}
