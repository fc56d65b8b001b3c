// Command loaderheadings lists the headings of a folder's HTML pages that
// the loader's text does not hold: a check that site-chrome removal
// (store/loader/htmlclean.go) keeps every section of the content. It found
// the Django pages and Apache directive headings whose ids read as a pager,
// a cookie banner or a page header (BENCHMARKS.md, fifteenth session).
// Navigation headings ("Previous topic", "Table of Contents") are expected
// in its output; a content heading is a defect.
//
//	go run ./scripts/loaderheadings /usr/share/doc/apache2-doc/manual/en
package main

import (
	"errors"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/hybridrag/hybridrag/store/loader"
)

var (
	headingElem = regexp.MustCompile(`(?is)<h([1-6])\b[^>]*>(.*?)</h[1-6]>`)
	tag         = regexp.MustCompile(`(?s)<[^>]+>`)
	space       = regexp.MustCompile(`\s+`)
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: loaderheadings DIR")
		os.Exit(2)
	}
	root := os.Args[1]
	missing := map[string][]string{} // heading → pages
	pages := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
			return err
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		doc, err := loader.LoadFile(path)
		if err != nil {
			var redirect *loader.RedirectError
			if errors.As(err, &redirect) {
				return nil
			}
			fmt.Fprintf(os.Stderr, "%s: %v\n", path, err)
			return nil
		}
		pages++
		text := space.ReplaceAllString(doc.Text, " ")
		rel, _ := filepath.Rel(root, path)
		for _, m := range headingElem.FindAllStringSubmatch(string(raw), -1) {
			h := html.UnescapeString(tag.ReplaceAllString(m[2], ""))
			// Permalink glyphs: Sphinx's "¶", Node's trailing "#".
			h = strings.TrimSpace(space.ReplaceAllString(strings.ReplaceAll(h, "¶", ""), " "))
			h = strings.TrimSpace(strings.TrimSuffix(h, "#"))
			if len([]rune(h)) >= 4 && !strings.Contains(text, h) {
				missing[h] = append(missing[h], rel)
			}
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	headings := make([]string, 0, len(missing))
	for h := range missing {
		headings = append(headings, h)
	}
	sort.Slice(headings, func(i, j int) bool { return len(missing[headings[i]]) > len(missing[headings[j]]) })
	fmt.Printf("%d pages, %d headings missing from the loader's text\n", pages, len(headings))
	for _, h := range headings {
		fmt.Printf("%5d  %q  (%s)\n", len(missing[h]), h, missing[h][0])
	}
}
