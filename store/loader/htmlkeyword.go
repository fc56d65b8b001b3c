package loader

import (
	"regexp"

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

// A reference generated from DocBook may instead head each option with a
// property box of one row: the option's name, then its properties
// ("<table><tr><td>smtp_accept_max</td><td>Use: main</td><td>Type:
// integer</td><td>Default: 20</td></tr></table>", Exim's specification).
// Such a table opens an entry named by its first cell, as a keyword block
// does. The name is written on a line of its own and the properties as a
// row below it ("smtp_accept_max" over "Use: main | Type: integer |
// Default: 20"), as a definition list's term heads its description: the
// name line heads the entry's sentences, the row states its default.

// keywordClasses are the class words that mark a keyword block: HAProxy's
// "keyword", and Doxygen's "memproto", the declaration a member's
// documentation ("memdoc") follows in its "memitem" ("char * av_strdup
// (const char *s)" over "Duplicate a string.").
var keywordClasses = []string{"keyword", "memproto"}

// holdsKeywords reports whether one of n's children is a keyword block
// or a property box.
func holdsKeywords(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if keywordBlock(c) || propertyBoxName(c) != nil {
			return true
		}
	}
	return false
}

// propertyLabel matches a cell that states one property: a capitalised
// label of a few words, a colon, a value ("Type: integer").
var propertyLabel = regexp.MustCompile(`^\p{Lu}[\p{L} ]{0,24}:\s*\S`)

// propertyBoxName returns the first cell of a table of one row whose
// other cells, two or more, each state a property, or nil. The first
// cell is a name, not a property itself.
func propertyBoxName(n *html.Node) *html.Node {
	if n.Type != html.ElementNode || n.DataAtom != atom.Table {
		return nil
	}
	var rows []*html.Node
	var collect func(*html.Node)
	collect = func(p *html.Node) {
		for c := p.FirstChild; c != nil && len(rows) < 2; c = c.NextSibling {
			switch {
			case c.Type != html.ElementNode:
			case c.DataAtom == atom.Tr:
				rows = append(rows, c)
			case c.DataAtom == atom.Tbody || c.DataAtom == atom.Thead:
				collect(c)
			}
		}
	}
	collect(n)
	if len(rows) != 1 {
		return nil
	}
	var name *html.Node
	props := 0
	for c := rows[0].FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || c.DataAtom != atom.Td && c.DataAtom != atom.Th {
			continue
		}
		text := collapse(textOf(c, nil))
		switch {
		case name == nil:
			if text == "" || len(text) > maxTermBytes || propertyLabel.MatchString(text) {
				return nil
			}
			name = c
		case propertyLabel.MatchString(text):
			props++
		default:
			return nil
		}
	}
	if props < 2 {
		return nil
	}
	return name
}

// keywordBlock reports a <div> or <p> whose class marks a keyword.
func keywordBlock(n *html.Node) bool {
	return n.Type == html.ElementNode && (n.DataAtom == atom.Div || n.DataAtom == atom.P) && hasClassWord(n, keywordClasses...)
}

// keywordEntries walks n's children, opening an entry at each keyword
// block or property box.
func (w *walker) keywordEntries(n *html.Node) {
	open := false
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		box := propertyBoxName(c)
		switch {
		case (keywordBlock(c) || box != nil) && !hidden(c) && !w.drop[c]:
			if open {
				w.endEntry()
			}
			named := c
			if box != nil {
				named, w.boxName = box, box
			}
			term := collapse(textOf(named, w.drop))
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
