package loader

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Keyword entries. A reference converted from plain text may write each
// keyword as a block of its own, marked by its class, with the keyword's
// description in the blocks after it up to the next keyword ("<div
// class="keyword">timeout connect &lt;timeout&gt;</div><pre
// class="text">Set the maximum time …</pre>…", HAProxy's configuration
// manual). Without a heading or a definition list, every chunk of such a
// page was named by its chapter only, and a keyword's description did not
// say which keyword it describes. Each keyword opens a definition entry
// (store.Section.Terms), as a <dt> does, that ends at the next keyword or
// at a block holding a heading.

// keywordClasses are the class words that mark a keyword block: HAProxy's
// "keyword", and Doxygen's "memproto", the declaration a member's
// documentation ("memdoc") follows in its "memitem" ("char * av_strdup
// (const char *s)" over "Duplicate a string.").
var keywordClasses = []string{"keyword", "memproto"}

// holdsKeywords reports whether one of n's children is a keyword block.
func holdsKeywords(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if keywordBlock(c) {
			return true
		}
	}
	return false
}

// keywordBlock reports a <div> or <p> whose class marks a keyword.
func keywordBlock(n *html.Node) bool {
	return n.Type == html.ElementNode && (n.DataAtom == atom.Div || n.DataAtom == atom.P) && hasClassWord(n, keywordClasses...)
}

// keywordEntries walks n's children, opening an entry at each keyword
// block.
func (w *walker) keywordEntries(n *html.Node) {
	open := false
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case keywordBlock(c) && !hidden(c) && !w.drop[c]:
			if open {
				w.endEntry()
			}
			term := collapse(textOf(c, w.drop))
			if open = term != ""; open {
				w.beginEntry(shortTerm(term))
			}
		case open && holdsHeading(c):
			w.endEntry() // a new chapter is no part of the keyword's entry
			open = false
		}
		w.walk(c)
	}
	if open {
		w.endEntry()
	}
}

// holdsHeading reports whether n is or holds a heading element.
func holdsHeading(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	if headingLevels[n.DataAtom] > 0 {
		return true
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if holdsHeading(c) {
			return true
		}
	}
	return false
}
