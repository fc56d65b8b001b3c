package loader

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Definition lists. Manuals write their options, settings, functions and
// parameters as <dl><dt>term</dt><dd>description</dd>…: Sphinx one
// <dl class="py function"> per function, DocBook a variablelist of
// settings, asciidoc an options list with one <dt> per spelling ("-a",
// "--all"). Each run of terms with the descriptions after it is an entry,
// written as a Section of its own (store.Section.Terms), so that chunks
// are cut between entries and a long entry's chunks name its term.

// maxTermBytes bounds a term in a heading path: a Python signature with
// all its defaults is a line of code, not a name.
const maxTermBytes = 120

// definitions walks the children of a <dl> (or of a <div> grouping some of
// its entries, which HTML allows) and opens an entry at each run of <dt>.
func (w *walker) definitions(n *html.Node) {
	open, inTerms := false, false
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && !skipped[c.DataAtom] && !hidden(c) && !w.drop[c] {
			switch c.DataAtom {
			case atom.Dt:
				if !inTerms {
					if open {
						w.endEntry()
					}
					term := w.term(c)
					if open = term != ""; open {
						w.beginEntry(term)
					}
				}
				inTerms = true
			case atom.Div:
				if open {
					w.endEntry()
				}
				open, inTerms = false, false
			case atom.Dd:
				if inTerms {
					// The terms stand apart from their description, as a
					// heading does: a description written as bare text
					// (man2html's "<dt>KillWait</dt><dd>The interval …")
					// otherwise joined the term's line into one sentence,
					// "KillWait\nThe interval …".
					w.out.lineBreak(2)
				}
				inTerms = false
			default:
				inTerms = false
			}
		}
		w.walk(c)
	}
	if open {
		w.endEntry()
	}
}

// groupsDefinitions reports an element whose children are a definition
// list's terms and descriptions.
func groupsDefinitions(n *html.Node) bool {
	return n.DataAtom == atom.Dl || n.DataAtom == atom.Div && n.Parent != nil && n.Parent.DataAtom == atom.Dl
}

// term returns the text of the <dt> run that starts at dt, the terms
// joined by ", " ("-a, --all"), shortened to maxTermBytes.
func (w *walker) term(dt *html.Node) string {
	var terms []string
	for c := dt; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode && strings.TrimFunc(c.Data, isHTMLSpace) == "" || c.Type == html.CommentNode {
			continue
		}
		if c.Type != html.ElementNode || c.DataAtom != atom.Dt {
			break
		}
		if skipped[c.DataAtom] || hidden(c) || w.drop[c] {
			continue
		}
		terms = append(terms, w.termTexts(c)...)
	}
	return shortTerm(strings.Join(terms, ", "))
}

// termTexts returns the terms of one <dt>: DocBook writes several in one,
// apart by <br> ("IMMUTABLE<br>STABLE<br>VOLATILE").
func (w *walker) termTexts(dt *html.Node) []string {
	var out []string
	var b strings.Builder
	end := func() {
		if t := collapse(b.String()); t != "" {
			out = append(out, t)
		}
		b.Reset()
	}
	var rec func(*html.Node)
	rec = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode:
				b.WriteString(c.Data)
			case c.Type != html.ElementNode || skipped[c.DataAtom] || hidden(c) || w.drop[c]:
			case c.DataAtom == atom.Br:
				end()
			default:
				rec(c)
			}
		}
	}
	rec(dt)
	end()
	return out
}

// shortTerm cuts a term longer than maxTermBytes at the last space before
// the limit and marks the cut with "…".
func shortTerm(s string) string {
	if len(s) <= maxTermBytes {
		return s
	}
	cut := maxTermBytes
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	if i := strings.LastIndexByte(s[:cut], ' '); i > maxTermBytes/2 {
		cut = i
	}
	return strings.TrimRight(s[:cut], " ,") + "…"
}

// A definition list inside an entry's description usually lists the
// values its option accepts ("mode: The interlacing mode to adopt. It
// accepts one of the following values:" over "0, send_frame / Output one
// frame for each frame.", …) and the description goes on after it ("The
// default value is send_frame."). Written as entries of their own, the
// values took that sentence into the last value's entry, where it read as
// the default of "3, send_field_nospatial" rather than of mode. Such a
// list is written as the list items a reader sees, "- 0, send_frame:
// Output one frame for each frame.", inside the entry it belongs to.

// maxValueBytes bounds the text of one value's description in a value
// list: a longer one is an entry of its own.
const maxValueBytes = 400

// isValueList reports whether dl, a definition list, lists values inside
// another entry's description: it stands in a <dd>, and each of its
// descriptions is at most one paragraph of maxValueBytes with no block
// inside it, and each term has text. A term carrying an anchor (Sphinx's
// methods and attributes of a class, "<dt id=…>") is an entry others link
// to, never a value.
func (w *walker) isValueList(dl *html.Node) bool {
	inEntry := false
	for p := dl.Parent; p != nil && !inEntry; p = p.Parent {
		inEntry = p.DataAtom == atom.Dd
	}
	if !inEntry {
		return false
	}
	items := 0
	for c := dl.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || skipped[c.DataAtom] || hidden(c) || w.drop[c] {
			continue
		}
		switch c.DataAtom {
		case atom.Dt:
			if anchored(c) || !hasText(c, w.drop) {
				return false // an empty term would read "- : …"
			}
			items++
		case atom.Dd:
			if !oneParagraph(c) || len(collapse(textOf(c, w.drop))) > maxValueBytes {
				return false
			}
		default:
			return false // a <div> grouping entries, or stray markup
		}
	}
	return items > 0
}

// anchored reports whether n or an element inside it has an id.
func anchored(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Key == "id" && a.Val != "" {
			return true
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && anchored(c) {
			return true
		}
	}
	return false
}

// oneParagraph reports whether dd holds inline content, in at most one
// <p>, and no other block.
func oneParagraph(dd *html.Node) bool {
	paras := 0
	var ok func(n *html.Node, top bool) bool
	ok = func(n *html.Node, top bool) bool {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			switch {
			case top && c.DataAtom == atom.P:
				if paras++; paras > 1 || !ok(c, false) {
					return false
				}
			case blocks[c.DataAtom] > 0 || headingLevels[c.DataAtom] > 0:
				return false
			case !ok(c, false):
				return false
			}
		}
		return true
	}
	return ok(dd, true)
}

// valueList writes a value list (isValueList) as list items: "- term:
// description", the terms of a run joined by ", ".
func (w *walker) valueList(dl *html.Node) {
	inTerms, items := false, 0
	for c := dl.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || skipped[c.DataAtom] || hidden(c) || w.drop[c] {
			continue
		}
		switch c.DataAtom {
		case atom.Dt:
			switch {
			case inTerms:
				w.out.inline(", ")
			case items > 0:
				// Items follow one another on lines of their own; the
				// first stands a blank line below the lead-in, as the
				// list's block asked.
				w.out.newlines = 1
				fallthrough
			default:
				w.out.inline("- ")
				items++
			}
			w.children(c)
			inTerms = true
		case atom.Dd:
			if inTerms && !strings.HasSuffix(strings.TrimRight(w.out.b.String(), " "), ":") {
				w.out.separator(":")
			}
			inTerms = false
			w.out.space = true
			w.out.marker = true // the paragraph stays on the item's line
			w.children(c)
		}
	}
}
