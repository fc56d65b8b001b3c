package loader

import (
	"io"
	"os"
	"regexp"
)

// A site's author marks the pages that are not content with a robots meta
// tag ("<meta name=robots content=noindex>"): mdBook's print.html (every
// chapter again, on one page) and toc.html, rustdoc's stubs at the first
// edition's addresses, search and tag pages. Indexed, print.html alone
// doubles every passage of a book. A folder that marks most of its pages
// so (a staging site, an intranet kept out of search engines) is read
// whole: there the tag says nothing about which pages are content.

// noindexHead is how much of a page is searched for the tag: it belongs
// in the head, which comes first.
const noindexHead = 32 << 10

var (
	headEnd      = regexp.MustCompile(`(?i)</head`)
	metaTag      = regexp.MustCompile(`(?is)<meta\s[^>]*>`)
	robotsName   = regexp.MustCompile(`(?i)\bname\s*=\s*["']?(?:robots|googlebot)\b`)
	noindexValue = regexp.MustCompile(`(?i)\bcontent\s*=\s*["'][^"']*\bnoindex\b`)
)

// marksNoIndex reports whether the head of an HTML page asks robots not
// to index it.
func marksNoIndex(head []byte) bool { return hasMeta(head, robotsName, noindexValue) }

// hasMeta reports whether a meta tag in the head of an HTML page (head:
// its first bytes) matches both name and content.
func hasMeta(head []byte, name, content *regexp.Regexp) bool {
	if loc := headEnd.FindIndex(head); loc != nil {
		head = head[:loc[0]]
	}
	for _, tag := range metaTag.FindAll(head, -1) {
		if name.Match(tag) && content.Match(tag) {
			return true
		}
	}
	return false
}

// readHead returns the first noindexHead bytes of the file at p.
func readHead(p string) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, noindexHead))
}

// passOver reports whether the page at rel (slash-separated) is marked
// noindex in a folder where fewer than half the pages are.
func (s *folderScan) passOver(rel string) bool {
	return s.noindex[rel] && 2*len(s.noindex) < s.pages
}
