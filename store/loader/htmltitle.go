package loader

import (
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/store"
)

// titleSeparators join a page's own title and its site's name in <title>:
// Sphinx "cmake_minimum_required — CMake 3.25.1 Documentation", mdBook
// "Unsafe Rust - The Rust Programming Language", MkDocs and Docusaurus
// "Page | Site" or "Page - Site", Hugo "Page · Site", Javadoc "Page » Site".
var titleSeparators = []string{" — ", " – ", " - ", " | ", " · ", " :: ", " » ", " • "}

// pageTitle returns the page's own title out of a <title> that appends or
// prepends its site's name: the part on one side of a separator that is
// also one of the page's headings. The site name repeated on every page
// only adds noise to Sources, prompts and the keyword index, and crowds
// the page's name out of a short display. A title with no such split (a
// DocBook "PL/Tcl — Tcl Procedural Language" whose heading is
// "Chapter 44. PL/Tcl — Tcl Procedural Language") is kept whole.
func pageTitle(title string, sections []store.Section) string {
	if title == "" || len(sections) == 0 {
		return title
	}
	headings := make(map[string]bool, len(sections))
	for _, s := range sections {
		if len(s.Heading) == 0 || s.Terms > 0 {
			continue
		}
		if k := titleKey(s.Heading[len(s.Heading)-1]); k != "" {
			headings[k] = true
		}
	}
	if headings[titleKey(title)] {
		return title
	}
	// The longest page part wins: a page title may
	// hold a separator itself ("netrc — netrc file processing — Python
	// 3.11.2 documentation").
	type split struct{ at, width int }
	var splits []split
	for _, sep := range titleSeparators {
		for i := 0; ; {
			j := strings.Index(title[i:], sep)
			if j < 0 {
				break
			}
			splits = append(splits, split{i + j, len(sep)})
			i += j + len(sep)
		}
	}
	best := ""
	for _, s := range splits { // the longest page part before a site name
		if left := title[:s.at]; headings[titleKey(left)] && len(left) > len(best) {
			best = left
		}
	}
	for _, s := range splits { // else a site name before the page's part
		if right := title[s.at+s.width:]; best == "" && headings[titleKey(right)] {
			best = right
		}
	}
	if best == "" {
		return title
	}
	return strings.TrimSpace(best)
}

// titleKey compares a title part with a heading regardless of case, spaces
// and punctuation ("unsafe" and "Unsafe", "Overview:" and "Overview").
func titleKey(s string) string { return textutil.LettersKey(s) }
