package loader

import (
	"bytes"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/net/html/charset"

	"github.com/hybridrag/hybridrag/store"
)

// skipped elements hold no visible text (or, for nav, only site chrome
// that would pollute retrieval).
var skipped = map[atom.Atom]bool{
	atom.Head: true, atom.Script: true, atom.Style: true, atom.Noscript: true,
	atom.Template: true, atom.Nav: true, atom.Svg: true, atom.Canvas: true,
	atom.Iframe: true, atom.Object: true, atom.Embed: true, atom.Select: true,
	atom.Button: true,
}

// blocks are elements rendered on their own lines: 1 = new line, 2 = blank
// line (a paragraph break for the chunker).
var blocks = map[atom.Atom]int{
	atom.Address: 2, atom.Article: 2, atom.Aside: 2, atom.Blockquote: 2, atom.Body: 2,
	atom.Caption: 2, atom.Center: 2, atom.Details: 2, atom.Dialog: 2, atom.Div: 2,
	atom.Dl: 2, atom.Fieldset: 2, atom.Figcaption: 2, atom.Figure: 2, atom.Footer: 2,
	atom.Form: 2, atom.Header: 2, atom.Hgroup: 2, atom.Hr: 2, atom.Main: 2, atom.Ol: 2,
	atom.P: 2, atom.Pre: 2, atom.Section: 2, atom.Summary: 2, atom.Table: 2, atom.Ul: 2,
	atom.Li: 1, atom.Dt: 1, atom.Dd: 1, atom.Tr: 1, atom.Thead: 1, atom.Tbody: 1, atom.Tfoot: 1,
	atom.Legend: 1,
}

var headingLevels = map[atom.Atom]int{
	atom.H1: 1, atom.H2: 2, atom.H3: 3, atom.H4: 4, atom.H5: 5, atom.H6: 6,
}

// parseHTML fills doc.Text with the visible text of an HTML page and
// doc.Sections with one section per heading, spanning from the heading's
// own line to the end of the text before the next heading, and one per
// definition-list entry nested inside it (htmldl.go).
func parseHTML(raw []byte, doc *store.Document) error {
	if !utf8.Valid(raw) {
		// Honour a declared or sniffed charset (meta tag, BOM) for legacy pages.
		enc, _, _ := charset.DetermineEncoding(raw, "text/html")
		if dec, err := enc.NewDecoder().Bytes(raw); err == nil {
			raw = dec
		}
	}
	root, err := html.Parse(bytes.NewReader(xhtmlSelfClosing(raw)))
	if err != nil {
		// x/net/html fails only on elements nested deeper than it allows
		// (512 open elements); such a page cannot be read as a tree.
		return &FormatError{Path: doc.Source, Format: "HTML", Err: ErrMalformed, Cause: err}
	}
	w := walker{drop: cleanPage(root)}
	w.walk(root)
	w.closeSection()
	doc.Text = w.out.String()
	if countWords(doc.Text) <= redirectMaxWords {
		// Indexed, a stub's few words ("Redirecting to…") and title
		// compete with the page it points to.
		if to := redirectTarget(root, filepath.Base(doc.Source)); to != "" {
			return &RedirectError{Path: doc.Source, Target: to}
		}
	}
	doc.Sections = w.sections
	if t := findTitle(root); t != nil {
		doc.Title = pageTitle(collapse(textOf(t, nil)), w.sections)
	}
	if doc.Title == "" {
		doc.Title = w.firstH1
	}
	htmlMeta(root, raw, &doc.Metadata)
	if lang := pageLanguage(root); lang != "" {
		if doc.Metadata.Extra == nil {
			doc.Metadata.Extra = map[string]string{}
		}
		doc.Metadata.Extra[store.LanguageKey] = lang
	}
	return nil
}

// walker turns the parsed tree into text and sections.
type walker struct {
	sectionWriter
	drop  map[*html.Node]bool // boilerplate to leave out (cleanPage)
	pre   int                 // depth of <pre> elements
	lists []int
	cells int // cells written in the current table row
	// flat: inside a cell of a row of several, where paragraphs join the
	// row's line (cellsOf).
	flat int
	// boxName is the name cell of the property box being walked
	// (htmlkeyword.go): written as a line of its own, the entry's name
	// above its properties' row.
	boxName *html.Node
}

func (w *walker) walk(n *html.Node) {
	switch n.Type {
	case html.TextNode:
		s := strings.ToValidUTF8(n.Data, "\uFFFD")
		if w.pre > 0 {
			w.out.verbatim(s)
		} else {
			w.out.code = inLiteral(n)
			w.out.inline(s)
		}
		return
	case html.ElementNode:
	default:
		w.children(n)
		return
	}
	if skipped[n.DataAtom] || hidden(n) || w.drop[n] {
		return
	}
	if level := headingLevels[n.DataAtom]; level > 0 {
		w.heading(n, level)
		return
	}
	switch n.DataAtom {
	case atom.Br:
		if w.flat > 0 {
			// A line break in a cell of a row of several ("yes<br/><img>"
			// in HAProxy's tables) would split the row's line.
			if w.out.newlines == 0 {
				w.out.space = true
			}
			return
		}
		w.out.newlines = min(2, w.out.newlines+1)
		w.out.space = false
		return
	case atom.Img, atom.Input, atom.Wbr:
		return
	case atom.Td, atom.Th:
		if n == w.boxName {
			w.children(n)
			w.out.lineBreak(2)
			return
		}
		if w.cells > 0 && !inSignatureTable(n) {
			w.out.separator(" |")
		}
		w.cells++
		if cellsOf(n.Parent) > 1 {
			w.flat++
			defer func() { w.flat-- }()
		}
		w.children(n)
		return
	}
	brk := blocks[n.DataAtom]
	if (n.DataAtom == atom.Ul || n.DataAtom == atom.Ol) && len(w.lists) > 0 {
		brk = 1 // a nested list continues its item's list
	}
	if w.flat > 0 && (n.DataAtom == atom.P || n.DataAtom == atom.Div) {
		// Sphinx writes every cell as a paragraph ("<td><p>%j</p></td>
		// <td><p>Day of the year …</p></td>"): the row stays one line,
		// "%j | Day of the year …", as it reads, and a cell's paragraphs
		// join with a space. A row of one cell (PostgreSQL's function
		// tables: signature, description, example) keeps its paragraphs.
		brk = 0
		if w.out.newlines == 0 {
			w.out.space = true
		}
	}
	if brk > 0 && !(w.out.marker && (n.DataAtom == atom.P || n.DataAtom == atom.Div)) {
		// A list item's first paragraph stays on its marker's line
		// ("<li><p>First, …</p></li>", as Sphinx and Markdown write
		// loose lists): "- First, …", not a lone "-".
		w.out.lineBreak(brk)
	}
	switch n.DataAtom {
	case atom.Pre:
		text := ""
		if w.pre == 0 {
			text = textOf(n, w.drop)
			if lines := readManPage(text); lines != nil {
				w.manPage(lines) // a manual page formatted for a terminal (htmlman.go)
				return
			}
			if lines := prosePre(n, text); lines != nil {
				w.prose(lines) // paragraphs wrapped at a fixed width (htmlprose.go)
				return
			}
		}
		// Preformatted text is fenced as in Markdown, so that sentence
		// splitting, quoting and prompts keep a code block in one piece.
		if w.pre == 0 && strings.TrimSpace(text) != "" {
			w.out.flush()
			w.out.b.WriteString("```")
			w.out.newlines = 1
			defer func() {
				w.out.newlines = 1
				w.out.flush()
				w.out.b.WriteString("```")
			}()
		}
		w.pre++
		defer func() { w.pre-- }()
	case atom.Ul:
		w.lists = append(w.lists, 0)
		defer func() { w.lists = w.lists[:len(w.lists)-1] }()
	case atom.Ol:
		w.lists = append(w.lists, 1)
		defer func() { w.lists = w.lists[:len(w.lists)-1] }()
	case atom.Tr:
		saved := w.cells
		w.cells = 0
		defer func() { w.cells = saved }()
	case atom.Li:
		// An item whose text was all chrome (a table of contents' links)
		// would leave a bare "-" line.
		if !hasText(n, w.drop) {
			return
		}
		w.listMarker()
	}
	switch {
	case n.DataAtom == atom.Dl && w.isValueList(n):
		w.valueList(n) // htmldl.go
	case groupsDefinitions(n):
		w.definitions(n)
	case holdsKeywords(n):
		w.keywordEntries(n) // htmlkeyword.go
	default:
		w.children(n)
	}
	if brk > 0 {
		w.out.lineBreak(brk)
	}
}

// cellsOf counts the cells of a table row.
func cellsOf(tr *html.Node) int {
	n := 0
	if tr == nil {
		return 0
	}
	for c := tr.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && (c.DataAtom == atom.Td || c.DataAtom == atom.Th) {
			n++
		}
	}
	return n
}

func (w *walker) children(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		w.walk(c)
	}
}

// listMarker writes "- " or "N. " before a list item, as a browser renders
// it, so that the chunker's sentence splitter sees list items.
func (w *walker) listMarker() {
	if len(w.lists) == 0 {
		return
	}
	k := len(w.lists) - 1
	marker := "-"
	if w.lists[k] > 0 {
		marker = strconv.Itoa(w.lists[k]) + "."
		w.lists[k]++
	}
	w.out.inline(marker + " ")
	w.out.marker = true
}

// heading writes a heading element's text and opens its section.
func (w *walker) heading(n *html.Node, level int) {
	if text := collapse(textOf(n, w.drop)); text != "" {
		w.sectionWriter.heading(text, level)
	}
}

// hidden reports elements the page hides from readers.
func hidden(n *html.Node) bool {
	for _, a := range n.Attr {
		switch strings.ToLower(a.Key) {
		case "hidden":
			return true
		case "aria-hidden":
			if strings.EqualFold(strings.TrimSpace(a.Val), "true") {
				return true
			}
		case "style":
			style := strings.ToLower(strings.Join(strings.Fields(a.Val), ""))
			if strings.Contains(style, "display:none") || strings.Contains(style, "visibility:hidden") {
				return true
			}
		}
	}
	return false
}

// textOf returns the visible text inside n, leaving out the elements in
// drop.
func textOf(n *html.Node, drop map[*html.Node]bool) string {
	var b strings.Builder
	eachText(n, drop, func(s string) bool {
		b.WriteString(s)
		return true
	})
	return b.String()
}

// hasText reports whether n holds visible text other than white space,
// leaving out the elements in drop; it stops at the first such text.
func hasText(n *html.Node, drop map[*html.Node]bool) bool {
	found := false
	eachText(n, drop, func(s string) bool {
		found = strings.TrimSpace(s) != ""
		return !found
	})
	return found
}

// eachText calls fn with the visible text inside n in order (a space for
// each <br>), leaving out the elements in drop, until fn returns false. It
// reports whether fn never did.
func eachText(n *html.Node, drop map[*html.Node]bool, fn func(string) bool) bool {
	switch {
	case n.Type == html.TextNode:
		return fn(n.Data)
	case n.Type != html.ElementNode:
	case skipped[n.DataAtom] || hidden(n) || drop[n]:
		return true
	case n.DataAtom == atom.Br:
		if !fn(" ") {
			return false
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if !eachText(c, drop, fn) {
			return false
		}
	}
	return true
}

// findTitle returns the page's HTML <title> element (not an SVG title), or
// nil.
func findTitle(n *html.Node) *html.Node {
	if n.Type == html.ElementNode && n.DataAtom == atom.Title && n.Namespace == "" {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if t := findTitle(c); t != nil {
			return t
		}
	}
	return nil
}

func collapse(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToValidUTF8(s, "\uFFFD"), isHTMLSpace), " ")
}

// inLiteral reports whether a text node is code written inline: inside
// code, tt, kbd or samp, or an element whose class marks a literal
// (Sphinx's "pre", "descname", "descclassname").
func inLiteral(n *html.Node) bool {
	for p := n.Parent; p != nil && p.Type == html.ElementNode; p = p.Parent {
		switch p.DataAtom {
		case atom.Code, atom.Tt, atom.Kbd, atom.Samp:
			return true
		case atom.P, atom.Div, atom.Dt, atom.Dd, atom.Li, atom.Td, atom.Th, atom.Body:
			return false
		}
		literal := false
		forEachWord(attrVal(p, "class"), func(w string) {
			literal = literal || w == "pre" || w == "descname" || w == "descclassname"
		})
		if literal {
			return true
		}
	}
	return false
}

// inSignatureTable reports whether the cell n is in a table that lays out
// one declaration (Doxygen's "memname": return type and name, "(", each
// parameter's type and name, ")"), which reads as one line of code, not as
// a row of cells.
func inSignatureTable(n *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Type == html.ElementNode && p.DataAtom == atom.Table {
			return hasClassWord(p, "memname")
		}
	}
	return false
}
