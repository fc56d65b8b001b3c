package loader

import (
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Boilerplate removal. Documentation pages wrap their text in site chrome
// (menus, breadcrumbs, "Prev | Up | Next" bars, tables of contents, cookie
// banners, footers) that repeats on every page; indexed, it is retrieved
// and cited instead of the text. It is dropped in two linear passes:
//
//  1. measure, bottom-up: every element gets word counts (outside and
//     inside links), its prose (words in sentence-like runs of text), and
//     its headings and code blocks; on the way up, elements that are chrome
//     by structure are dropped: ARIA landmark roles, header/footer/aside
//     outside an article, main or section, and class/id hints, the weak
//     ones only where the element holds no prose. A heading is content
//     even when its text is wrapped in a hinted link (a docutils
//     "toc-backref", a VuePress "header-anchor") or its own class holds a
//     hint word (Docusaurus's "anchorWithStickyNavbar") but prose follows
//     it, and an id that anchors a heading, term or section is not a hint
//     (see anchorID).
//  2. trim, top-down: from <body> the walk follows the path into <main>
//     (or role=main) and then into the child container that holds most of
//     the page's content weight; a sibling met on that path is dropped when
//     it is small, holds links or a copyright line, and has no prose, code
//     or heading of its own. This catches generators that build their
//     navigation from plain tables and divs (DocBook's navheader/navfooter).
//
// Words are counted once per node, so both passes are linear in the size
// of the tree.

// proseWords is how many words a run of text between block boundaries
// needs, mostly outside links, to count as a sentence: navigation items,
// titles and "Prev | Up | Next" cells are shorter.
const proseWords = 10

// contentStats measures an element's subtree, chrome already dropped.
type contentStats struct {
	words     int // visible words outside links
	linkWords int // visible words inside links
	plain     int // of words, those with a letter or digit (not "|", "[", "»")
	prose     int // words in sentence-like runs
	headings  int
	code      int // <pre> blocks
	runs      int // runs of text between block boundaries
}

func (s *contentStats) add(o contentStats) {
	s.words += o.words
	s.linkWords += o.linkWords
	s.plain += o.plain
	s.prose += o.prose
	s.headings += o.headings
	s.code += o.code
	s.runs += o.runs
}

// weight is an element's share of the page's content: prose counts fully,
// any other text a little, so that pages of lists and tables still have a
// center.
func (s contentStats) weight() float64 {
	return float64(s.prose) + float64(s.words+s.linkWords)/10
}

// menuLike reports text in many short runs (menu items, "Prev | Next"
// cells) rather than sentences: at most 4 words a run on average.
func (s contentStats) menuLike() bool {
	return s.runs > 1 && s.words+s.linkWords <= 4*s.runs
}

// menuOfLinks reports a menu (menuLike) whose text outside its links is
// decoration only: texi2html's "[ << ] | [ >> ] | [Top] | [Contents]"
// cells, whose brackets and bars would otherwise outnumber the links.
func (s contentStats) menuOfLinks() bool {
	return s.menuLike() && s.linkWords > 0 && s.plain*4 <= s.linkWords
}

func (s contentStats) linkDensity() float64 {
	if s.words+s.linkWords == 0 {
		return 0
	}
	return float64(s.linkWords) / float64(s.words+s.linkWords)
}

// run counts the text run not yet closed by a block boundary: its words
// (tokens with a letter or digit) outside links and inside, and all its
// tokens.
type run struct{ words, linkWords, tokens int }

// cleaner holds the result of measuring a page.
type cleaner struct {
	stats map[*html.Node]contentStats
	drop  map[*html.Node]bool
	main  *html.Node // the first <main> or role=main element, if any
	// hinted holds the elements inside the heading being measured that
	// class or id hints dropped, to restore if they held all its text.
	hinted []hintedDrop
	// titles holds the headings that class hints dropped, until their
	// parent is measured: a heading that prose follows is content.
	titles map[*html.Node]contentStats
}

type hintedDrop struct {
	n  *html.Node
	st contentStats
	r  run
}

// place is where an element lies: inside a link, inside an article, main
// or section, inside a heading.
type place struct{ link, section, heading bool }

// cleanPage measures root and returns the set of elements to leave out.
func cleanPage(root *html.Node) map[*html.Node]bool {
	c := &cleaner{stats: map[*html.Node]contentStats{}, drop: map[*html.Node]bool{}}
	c.measure(root, place{})
	if body := findBody(root); body != nil {
		c.trim(body)
	}
	return c.drop
}

// blockBoundary reports elements that end a run of text.
func blockBoundary(a atom.Atom) bool {
	if blocks[a] > 0 || headingLevels[a] > 0 {
		return true
	}
	switch a {
	case atom.Td, atom.Th, atom.Br, atom.Caption:
		return true
	}
	return false
}

// sectioning elements make a header, footer or aside inside them part of
// the content (an article's own header holds its title).
func sectioning(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Article, atom.Main, atom.Section:
		return true
	}
	switch role(n) {
	case "main", "article":
		return true
	}
	return false
}

func (c *cleaner) measure(n *html.Node, at place) (contentStats, run) {
	var st contentStats
	var r run
	switch n.Type {
	case html.TextNode:
		// Whether a run reads as a sentence counts words only: the "," and
		// "[" "][" "]" of a Texinfo node line ("Next: Bee, Up: Top
		// [Contents][Index]") made its few words outside links a sentence.
		// The link density counts every token: the commas of "cargo(1),
		// cargo-fix(1), …" or a bibliography's "(FAQ for …)" keep such a
		// list content.
		t, w := countTokens(n.Data)
		if at.link {
			return contentStats{linkWords: t}, run{linkWords: w, tokens: t}
		}
		return contentStats{words: t, plain: w}, run{words: w, tokens: t}
	case html.ElementNode:
		if skipped[n.DataAtom] || hidden(n) {
			return st, r
		}
	}
	isElem := n.Type == html.ElementNode
	isHeading := isElem && headingLevels[n.DataAtom] > 0
	inner := at
	if isElem {
		inner.link = at.link || isLink(n)
		inner.section = at.section || sectioning(n)
		inner.heading = at.heading || isHeading
	}
	if isElem && c.main == nil && (n.DataAtom == atom.Main || role(n) == "main") {
		c.main = n
	}
	hinted := len(c.hinted)
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		cs, cr := c.measure(ch, inner)
		st.add(cs)
		r.words += cr.words
		r.linkWords += cr.linkWords
		r.tokens += cr.tokens
	}
	if !isElem {
		return st, r
	}
	if isHeading {
		c.restoreHeading(hinted, &st, &r)
	}
	if len(c.titles) > 0 {
		c.restoreTitles(n, &st)
	}
	if blockBoundary(n.DataAtom) {
		if r.words+r.linkWords >= proseWords && r.linkWords*2 < r.words+r.linkWords {
			st.prose += r.words
		}
		if r.tokens > 0 {
			st.runs++
		}
		r = run{}
	}
	if isHeading {
		st.headings++
	}
	if n.DataAtom == atom.Pre {
		st.code++
	}
	switch c.chrome(n, st, at.section) {
	case chromeByHint:
		switch {
		case at.heading:
			c.hinted = append(c.hinted, hintedDrop{n, st, r})
		case isHeading:
			if c.titles == nil {
				c.titles = map[*html.Node]contentStats{}
			}
			c.titles[n] = st
		}
		fallthrough
	case chromeByStructure:
		c.drop[n] = true
		return contentStats{}, run{}
	}
	c.stats[n] = st
	return st, r
}

// restoreHeading keeps the elements inside a heading that hints dropped
// (from c.hinted[from:]) when nothing of the heading's text is left without
// them: the text was wrapped in a link or span whose class names a
// back-reference or anchor, and it is the heading's text all the same. A
// hinted part beside other text (an "edit" link) stays dropped.
func (c *cleaner) restoreHeading(from int, st *contentStats, r *run) {
	if st.words+st.linkWords == 0 {
		for _, h := range c.hinted[from:] {
			delete(c.drop, h.n)
			c.stats[h.n] = h.st
			st.add(h.st)
			r.words += h.r.words
			r.linkWords += h.r.linkWords
			r.tokens += h.r.tokens
		}
	}
	c.hinted = c.hinted[:from]
}

// restoreTitles keeps the headings among n's children that class hints
// dropped when content follows them before the next heading (prose, code,
// or text mostly outside links such as a table of parameters): they title
// the text, whatever their class says about the theme ("anchor
// anchorWithStickyNavbar"). A hinted heading over links (a sidebar's
// title) stays dropped.
func (c *cleaner) restoreTitles(n *html.Node, st *contentStats) {
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		h, ok := c.titles[ch]
		if !ok {
			continue
		}
		delete(c.titles, ch)
		for sib := ch.NextSibling; sib != nil && (sib.Type != html.ElementNode || headingLevels[sib.DataAtom] == 0); sib = sib.NextSibling {
			if s, ok := c.stats[sib]; ok && !c.drop[sib] && (s.prose > 0 || s.code > 0 || s.words > 0 && s.linkDensity() < 0.5) {
				delete(c.drop, ch)
				c.stats[ch] = h
				st.add(h)
				break
			}
		}
	}
}

// Reasons chrome gives for dropping an element.
const (
	notChrome = iota
	chromeByStructure
	chromeByHint // class or id words alone
)

// chrome reports an element that is site chrome by its structure (its tag
// and place, its ARIA role) or by its class and id.
func (c *cleaner) chrome(n *html.Node, st contentStats, inSection bool) int {
	switch n.DataAtom {
	case atom.Html, atom.Body, atom.Main:
		return notChrome // the page itself, whatever its classes say
	}
	if r := role(n); r == "main" || r == "article" {
		return notChrome
	}
	noContent := st.prose == 0 && st.code == 0
	switch role(n) {
	case "navigation", "banner", "contentinfo", "complementary", "search",
		"menu", "menubar", "toolbar", "doc-toc", "doc-pagelist":
		return chromeByStructure
	}
	switch n.DataAtom {
	case atom.Header, atom.Footer, atom.Aside:
		if !inSection {
			return chromeByStructure // the page's banner, footer or sidebar
		}
		if noContent && (st.headings == 0 || st.linkDensity() >= 0.5) && (st.linkWords > 0 || n.DataAtom == atom.Aside) {
			return chromeByStructure // an article's link bar, or a side remark without a sentence
		}
	case atom.A:
		// Heading anchors ("¶", "#", an invisible U+200B) that Sphinx,
		// MkDocs, Docusaurus and others append.
		if st.words+st.linkWords == 1 && isAnchorMark(strings.TrimSpace(textOf(n, nil))) {
			return chromeByStructure
		}
	}
	if noContent && languageSwitcher(n) {
		return chromeByStructure
	}
	if n.DataAtom == atom.Table && noContent && st.headings == 0 && st.words <= 3 && jumpBar.MatchString(strings.Join(strings.Fields(textOf(n, c.drop)), " ")) {
		return chromeByStructure // an index's "Jump to:", its letters gone
	}
	if noContent && st.headings == 1 && st.runs <= 1 && contentsBlock(n) {
		return chromeByHint // a table of contents' title, its links gone
	}
	switch hintOf(n, anchorID(n, st)) {
	case hintStrong:
		return chromeByHint
	case hintWeak:
		if noContent {
			return chromeByHint
		}
	case hintHeader:
		if noContent && st.headings == 0 {
			return chromeByHint
		}
	}
	return notChrome
}

// contentsBlock reports an element whose class or id names a table of
// contents ("Contents_element", "SEC_Contents", "shortcontents": Texinfo's
// makeinfo, which GNU manuals and FFmpeg's are made with). "contents"
// alone is no hint (DocBook wraps every table in a div.table-contents), so
// chrome asks for it only once the block is down to one heading: its links
// were chrome, and the title "Table of Contents" would otherwise head the
// page's first chunk.
func contentsBlock(n *html.Node) bool {
	found := false
	for _, a := range n.Attr {
		if a.Key == "class" || a.Key == "id" {
			forEachWord(a.Val, func(w string) {
				found = found || w == "contents" || w == "shortcontents"
			})
		}
	}
	return found
}

// anchorID reports an element whose id is a link target derived from its
// text, not a name the site's theme gave a part of the page: generators
// give headings and terms (dt) slugs of their text ("next-steps",
// "search"), titled sections with a sentence the slug of their title
// ("copyright", "cookie-objects"), and API entries their qualified name
// ("http.cookies.Morsel", "method.next", "next()"), with characters a
// theme's ids avoid because CSS selectors must escape them. Such an id's
// words are no hint; the class's still are.
func anchorID(n *html.Node, st contentStats) bool {
	if headingLevels[n.DataAtom] > 0 || n.DataAtom == atom.Dt {
		return true
	}
	id := attrVal(n, "id")
	if id == "" {
		return false
	}
	for _, r := range id {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' {
			return true
		}
	}
	if hintOf(n, false) != hintNone {
		if st.headings > 0 && sluggedID(id, firstHeading(n)) {
			return true
		}
		// An element named after its own text: Apache's directive
		// headings wrap the name in <span id="CookieDomain">, and
		// "cookie" or "header" in it read as chrome, leaving the heading
		// "Directive".
		if text := slugOf(textOf(n, nil)); text != "" && text == slugOf(id) {
			return true
		}
	}
	if st.prose == 0 && st.code == 0 {
		return false
	}
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch.Type == html.ElementNode && headingLevels[ch.DataAtom] > 0 {
			return true
		}
	}
	return false
}

// sluggedID reports whether id spells the slug of heading's text: Sphinx
// names a section "s-session-cookie-age" after its heading
// "SESSION_COOKIE_AGE", and Django's pages wrap their content in
// "topics-pagination" after "Pagination", words that would otherwise read
// as a cookie banner and a pager and drop the section or the whole page.
func sluggedID(id string, heading *html.Node) bool {
	if heading == nil {
		return false
	}
	slug := slugOf(textOf(heading, nil))
	return slug != "" && strings.Contains(slugOf(id), slug)
}

// slugOf lower-cases s and joins its runs of letters and digits with
// hyphens.
func slugOf(s string) string {
	var b strings.Builder
	for _, f := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if b.Len() > 0 {
			b.WriteByte('-')
		}
		b.WriteString(f)
	}
	return b.String()
}

// firstHeading returns the first heading element under n, in document
// order, or nil.
func firstHeading(n *html.Node) *html.Node {
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch.Type != html.ElementNode {
			continue
		}
		if headingLevels[ch.DataAtom] > 0 {
			return ch
		}
		if h := firstHeading(ch); h != nil {
			return h
		}
	}
	return nil
}

// isAnchorMark reports the text of a heading's permalink: a glyph
// (Doxygen writes "◆" before every member's name), or nothing visible but
// format characters (Docusaurus and VitePress write a zero-width space).
func isAnchorMark(s string) bool {
	s = strings.TrimFunc(s, func(r rune) bool { return unicode.Is(unicode.Cf, r) || unicode.IsSpace(r) })
	switch s {
	case "¶", "#", "§", "🔗", "⚓", "◆", "":
		return true
	}
	return false
}

// trim follows the page's content down from body and drops the chrome
// beside that path.
func (c *cleaner) trim(body *html.Node) {
	var path []*html.Node
	if c.main != nil && !c.dropped(c.main) && c.stats[c.main].weight() >= c.stats[body].weight()/2 {
		for n := c.main; n != nil && n != body; n = n.Parent {
			path = append(path, n)
		}
		if len(path) > 0 && path[len(path)-1].Parent != body {
			path = nil // main lies outside body (a foreign-content oddity)
		}
	}
	n := body
	for i := len(path) - 1; i >= 0; i-- {
		c.trimSiblings(n, path[i])
		c.trimNotices(n, path[i])
		n = path[i]
	}
	for {
		next := c.center(n)
		if next == nil {
			c.trimEdges(n)
			return
		}
		c.trimSiblings(n, next)
		c.trimNotices(n, next)
		n = next
	}
}

// dropped reports whether n or one of its ancestors is dropped.
func (c *cleaner) dropped(n *html.Node) bool {
	for ; n != nil; n = n.Parent {
		if c.drop[n] {
			return true
		}
	}
	return false
}

// center returns the container child of n that holds more than half of
// its content weight and all of its headings, or nil. The walk stops at
// the smallest container of the page's headings, where the text begins:
// below it, a figure or table wrapper would weigh its own caption and the
// paragraph that introduces it against each other.
func (c *cleaner) center(n *html.Node) *html.Node {
	total := c.stats[n].weight()
	if total == 0 {
		return nil
	}
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch.Type != html.ElementNode || c.drop[ch] {
			continue
		}
		if st := c.stats[ch]; st.weight() > total/2 {
			if st.headings < c.stats[n].headings {
				return nil
			}
			if container(ch) {
				return ch
			}
			return nil
		}
	}
	return nil
}

// container reports elements that only group blocks; descending into a
// table, list or paragraph would weigh its rows or items against each
// other, which are all content.
func container(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Div, atom.Section, atom.Article, atom.Main, atom.Center, atom.Form, atom.Span:
		return true
	}
	return false
}

// trimSiblings drops the children of parent beside keep that are chrome by
// content: small, with no prose, code or unlinked heading, and holding
// links or a copyright line.
func (c *cleaner) trimSiblings(parent, keep *html.Node) {
	limit := c.stats[parent].weight() / 4
	for ch := parent.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch == keep || ch.Type != html.ElementNode || c.drop[ch] {
			continue
		}
		st, ok := c.stats[ch]
		if !ok || st.prose > 0 || st.code > 0 || st.weight() >= limit {
			continue
		}
		if st.headings > 0 && st.linkDensity() < 0.5 {
			continue
		}
		if st.linkWords > 0 || copyrightLine(textOf(ch, c.drop)) {
			c.drop[ch] = true
		}
	}
}

// trimNotices drops the children of parent beside keep that are small
// beside the content and open with a copyright notice, prose and all (a
// site footer's licence text).
func (c *cleaner) trimNotices(parent, keep *html.Node) {
	limit := c.stats[keep].weight() / 2
	for ch := parent.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch == keep || ch.Type != html.ElementNode || c.drop[ch] {
			continue
		}
		st, ok := c.stats[ch]
		if ok && st.code == 0 && st.headings == 0 && st.weight() < limit && copyrightStart(textOf(ch, c.drop)) {
			c.drop[ch] = true
		}
	}
}

// trimEdges drops the link bars ("Edit this page", an in-page table of
// contents) that open or close the content container: children made
// mostly of links, with no prose, code or heading, before the first and
// after the last child that is content. A heading alone (a title block) is
// neither, so a table of contents under the title still goes. With no
// content child, nothing is dropped: the links are the page.
func (c *cleaner) trimEdges(n *html.Node) {
	const (
		neutral = iota
		bar
		content
	)
	kind := func(ch *html.Node) int {
		switch ch.Type {
		case html.TextNode:
			if strings.TrimSpace(ch.Data) != "" {
				return content
			}
			return neutral
		case html.ElementNode:
		default:
			return neutral
		}
		st, ok := c.stats[ch]
		switch {
		case c.drop[ch] || !ok || st.words+st.linkWords == 0:
			return neutral
		case st.code == 0 && st.headings == 0 && st.words+st.linkWords <= 80 && copyrightNotice(textOf(ch, c.drop)):
			return bar // a legal footer, licence sentences and all
		case st.code == 0 && st.headings == 0 && st.words+st.linkWords <= 40 && generatorSignature(collapse(textOf(ch, c.drop))):
			return bar // "This document was generated … using texi2html", "Generated by Doxygen"
		case st.prose > 0 || st.code > 0:
			return content
		case st.headings == 0 && (st.linkDensity() >= 0.75 || st.linkDensity() >= 0.5 && st.menuLike() || st.menuOfLinks()):
			return bar
		case st.headings > 0 && st.linkDensity() < 0.5 && st.words <= 20*st.headings:
			return neutral // a title block
		}
		return content
	}
	var kids []*html.Node
	var kinds []int
	first, last := -1, -1
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		k := kind(ch)
		if k == content {
			if first < 0 {
				first = len(kids)
			}
			last = len(kids)
		}
		kids = append(kids, ch)
		kinds = append(kinds, k)
	}
	if first < 0 {
		return
	}
	for i, ch := range kids {
		if kinds[i] == bar && (i < first || i > last) {
			c.drop[ch] = true
		}
	}
}

// generatorNotice matches how a documentation generator signs a page:
// "This document was generated by … using texi2html 1.78a.", "Generated
// on … for FFmpeg by doxygen", "Created using Sphinx 7.2.6.", "Built with
// MkDocs …". Below the last of the content, the signature made the link
// bar above it (texi2html's "[ << ] | [ >> ] | [Top] | [Contents]") count
// as inside the content. generatorNamed is what a bare "Generated by …"
// must name to sign a page, a known generator or a version: "Generated by
// the controller, each alarm is …" is the text's own sentence.
var (
	generatorNotice = regexp.MustCompile(`(?i)^(this\s+(?:document|page|file|manual|site|documentation)\s+was\s+)?(?:generated|created|built|produced)\s+(?:on\s+.{1,60}?\s+)?(?:by|using|with)\b`)
	generatorNamed  = regexp.MustCompile(`(?i)\b(?:doxygen|sphinx|mkdocs|texi2html|makeinfo|texinfo|javadoc|jsdoc|typedoc|rustdoc|godoc|pandoc|asciidoctor|docutils|hugo|jekyll|docusaurus|vitepress|mdbook|pdoc|yard|rdoc)\b|\b\d+\.\d+`)
)

// generatorSignature reports text that is a generator's signature
// (generatorNotice): with "This document was …", or naming the tool.
func generatorSignature(text string) bool {
	m := generatorNotice.FindStringSubmatch(text)
	return m != nil && (m[1] != "" || generatorNamed.MatchString(text))
}

// copyrightLine reports a short copyright or rights notice.
func copyrightLine(s string) bool {
	s = strings.ToLower(collapse(s))
	if s == "" || countWords(s) > 40 {
		return false
	}
	return copyrightStart(s) || strings.Contains(s, "all rights reserved")
}

// copyrightNotice reports text that holds a copyright notice ("©",
// "Copyright 2024", "All rights reserved"), not just the word.
func copyrightNotice(s string) bool {
	s = strings.ToLower(s)
	return strings.Contains(s, "©") || strings.Contains(s, "all rights reserved") || copyrightYear.MatchString(s)
}

var copyrightYear = regexp.MustCompile(`copyright\s+(\(c\)\s*)?\d{4}`)

// copyrightStart reports text that opens with a copyright sign or word.
func copyrightStart(s string) bool {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.HasPrefix(s, "©") || strings.HasPrefix(s, "copyright") || strings.HasPrefix(s, "(c) ")
}

type hint int

const (
	hintNone   hint = iota
	hintStrong      // always chrome
	hintWeak        // chrome unless it holds prose or code
	hintHeader      // chrome unless it holds prose, code or a heading
)

// hintWords classify the words of class and id values ("md-sidebar",
// "topNav", "navheader"); a word alone decides, so that "nav" matches
// "md-nav__list" but not "canvas".
var hintWords = map[string]hint{
	"breadcrumb": hintStrong, "breadcrumbs": hintStrong, "cookie": hintStrong, "cookies": hintStrong,
	"consent": hintStrong, "gdpr": hintStrong, "headerlink": hintStrong, "skip": hintStrong,
	"skiplink": hintStrong, "navheader": hintStrong, "navfooter": hintStrong, "navbar": hintStrong,
	"sphinxsidebar": hintStrong, "sphinxsidebarwrapper": hintStrong, "pagination": hintStrong,
	"pager": hintStrong, "prevnext": hintStrong, "copyright": hintStrong, "legal": hintStrong,
	"footer": hintStrong, "sr": hintStrong, "visually": hintStrong, "announcement": hintStrong,
	// Sphinx's general index (genindex.html): names with numbered links
	// back to the pages ("CMP0077, [1], [2], [3]"), which retrieval found
	// and answers quoted; also its module index ("indextable
	// modindextable"), whose synopses repeat each module page's title.
	"indextable": hintStrong, "genindextable": hintStrong,
	// Doxygen's code tooltips ("ttc": a name's declaration and brief,
	// shown on hover over every use in a listing or example, so repeated on
	// page after page).
	"ttc": hintStrong,
	// Texinfo's indexes (makeinfo 7: "cp-entries-printindex"; makeinfo 6:
	// "index-cp", below) and the letters that jump into them: a list of
	// every indexed name with the section it is in, which retrieval found
	// for any question naming one ("HISTSIZE: | | Bash Variables").
	"printindex": hintStrong,

	"nav": hintWeak, "navigation": hintWeak, "menu": hintWeak, "sidebar": hintWeak, "toc": hintWeak,
	// Sphinx's toctree ("toctree-wrapper"): the links to a page's
	// subpages, the whole of contents.html. Retrieval ranked the Python
	// contents page first for "What does the with statement do?", whose
	// words its titles hold, and the answer quoted a title from it.
	"toctree": hintWeak,
	"related": hintWeak, "share": hintWeak, "social": hintWeak, "edit": hintWeak,
	"feedback": hintWeak, "search": hintWeak, "subnav": hintWeak, "topbar": hintWeak, "meta": hintWeak,
	"banner": hintWeak, "toolbar": hintWeak, "prev": hintWeak, "next": hintWeak, "previous": hintWeak,
	// Overlays a theme shows on demand, hidden by its CSS until then
	// (mdBook's keyboard-shortcut help on every page).
	"popup": hintWeak, "modal": hintWeak, "overlay": hintWeak,

	"header": hintHeader, "masthead": hintHeader,
}

// hintOf returns the strongest hint among n's class and id words, or its
// class words alone when its id is an anchor.
func hintOf(n *html.Node, anchor bool) hint {
	best := hintNone
	var contents, topic bool
	for _, a := range n.Attr {
		if a.Key != "class" && (a.Key != "id" || anchor) {
			continue
		}
		for _, token := range strings.Fields(a.Val) {
			if a.Key == "class" && cellAlignment(n, token) {
				continue
			}
			forEachWord(token, func(w string) {
				if h := hintWords[w]; h != hintNone && (best == hintNone || h < best) {
					best = h
				}
				if a.Key == "class" {
					contents = contents || w == "contents"
					topic = topic || w == "topic"
				}
			})
		}
	}
	if best == hintNone && texinfoIndex(n) {
		best = hintStrong
	}
	if contents && topic && best == hintNone {
		// Docutils' in-page table of contents (".. contents::", a
		// div.contents.topic before docutils 0.18). "contents" alone is
		// no hint: DocBook wraps every table in a div.table-contents.
		best = hintWeak
	}
	return best
}

// cellAlignment reports a table cell's class that only places its content
// ("pagination-centered": Bootstrap 2's centring class, which HAProxy's
// converter puts on every yes/no cell of its "May be used in sections"
// tables). Read as a pager, it dropped every cell of those rows.
func cellAlignment(n *html.Node, token string) bool {
	if n.DataAtom != atom.Td && n.DataAtom != atom.Th {
		return false
	}
	last := ""
	words := 0
	forEachWord(token, func(w string) { last = w; words++ })
	return words > 1 && (last == "centered" || last == "center" || last == "left" || last == "right")
}

// jumpBar matches what is left of an index's letter bar once its letters
// (links) are chrome.
var jumpBar = regexp.MustCompile(`(?i)^\s*jump\s+to\s*:?\s*$`)

// texinfoIndex reports makeinfo 6's index table ("index-cp", "index-vr":
// "index" and a two-letter index name as the whole class) or a jump
// letter into it ("summary-letter").
func texinfoIndex(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Key != "class" {
			continue
		}
		var words []string
		forEachWord(a.Val, func(w string) { words = append(words, w) })
		if len(words) == 2 && (words[0] == "index" && len(words[1]) == 2 || words[0] == "summary" && words[1] == "letter") {
			return true
		}
	}
	return false
}

// forEachWord splits class and id values into lower-case words at spaces,
// punctuation and camelCase boundaries.
func forEachWord(s string, fn func(string)) {
	start := -1
	var prev rune
	emit := func(end int) {
		if start >= 0 && end > start {
			fn(strings.ToLower(s[start:end]))
		}
		start = -1
	}
	for i, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			emit(i)
			prev = r
			continue
		}
		if start >= 0 && unicode.IsUpper(r) && unicode.IsLower(prev) {
			emit(i)
		}
		if start < 0 {
			start = i
		}
		prev = r
	}
	emit(len(s))
}

// role returns n's ARIA role, lower-cased.
// isLink reports whether n is a link: an <a> with an href. An <a> with
// only a name or id marks a place to link to ("<a name="SEC12">Pipes and
// Redirection</a>" in Texinfo and older manuals); its text is the page's.
func isLink(n *html.Node) bool {
	if n.DataAtom != atom.A {
		return false
	}
	for _, a := range n.Attr {
		if a.Key == "href" {
			return true
		}
	}
	return false
}

func role(n *html.Node) string {
	for _, a := range n.Attr {
		if a.Key == "role" {
			return strings.ToLower(strings.TrimSpace(a.Val))
		}
	}
	return ""
}

// countWords counts runs of non-space characters.
func countWords(s string) int {
	n, _ := countTokens(s)
	return n
}

// countTokens counts runs of non-space characters, and among them the
// words: those that hold a letter or a digit.
func countTokens(s string) (tokens, words int) {
	in, counted := false, false
	for _, r := range s {
		if unicode.IsSpace(r) {
			in = false
			continue
		}
		if !in {
			in, counted = true, false
			tokens++
		}
		if !counted && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			words++
			counted = true
		}
	}
	return tokens, words
}

// findBody returns the <body> element under root, or nil.
func findBody(root *html.Node) *html.Node {
	for n := root.FirstChild; n != nil; n = n.NextSibling {
		if n.Type == html.ElementNode && n.DataAtom == atom.Html {
			for b := n.FirstChild; b != nil; b = b.NextSibling {
				if b.Type == html.ElementNode && b.DataAtom == atom.Body {
					return b
				}
			}
		}
	}
	return nil
}
