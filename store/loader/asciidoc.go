package loader

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/store"
)

// AsciiDoc (.adoc, .asciidoc): Git's manual pages and the user guides of
// many Java and Ruby projects. Read as plain text, a page is a wall of
// markup: "--force::" and "+" continuation lines, "----" fences,
// "linkgit:git-config[1]", "{attribute}" references. parseAsciiDoc reads
// the structure instead and writes it through the sectionWriter the HTML
// and manual-page readers use, so that the chunker and the answerer see
// one shape whatever the format: headings open sections, labeled-list
// entries ("--force::") are entries of their own, listings are fenced
// code, paragraphs are rejoined into running text, and inline markup is
// stripped to its text.
//
// The reader is line based and linear in the input: each line is looked
// at a bounded number of times, delimited blocks nest at most
// adocMaxDepth deep, and attribute references may add at most a budget
// of text (a reference expanding to references must not blow up).

// adocMaxDepth bounds the nesting of delimited blocks and lists; deeper
// delimiters are read as if absent.
const adocMaxDepth = 32

// adocMaxAttrValue bounds an attribute's value once its own references
// are expanded; a longer one keeps its references as written.
const adocMaxAttrValue = 4 << 10

// parseAsciiDoc fills doc.Text, doc.Sections and doc.Title (the document
// title, "" without one) from AsciiDoc text, and Metadata.Revision and
// Date from the header's :revnumber: and :revdate: or its revision line.
// text must be valid UTF-8. Its include:: lines are dropped.
func parseAsciiDoc(text string, doc *store.Document) { parseAsciiDocIn(text, doc, nil) }

// parseAsciiDocIn is parseAsciiDoc with the include:: lines followed
// through inc (include.go); a nil inc drops them.
func parseAsciiDocIn(text string, doc *store.Document, inc *includer) {
	p := &adocParser{
		lines:  adocLines(text, inc),
		attrs:  map[string]string{},
		budget: len(text) + 64<<10,
		mark:   adocMark(text),
	}
	doc.Title = p.header(&doc.Metadata)
	p.blocks()
	p.closeSection()
	doc.Text, doc.Sections = p.out.String(), p.sections
}

// adocParser reads the lines of one document.
type adocParser struct {
	sectionWriter
	lines  []string
	i      int               // the line being read
	attrs  map[string]string // attributes defined so far, by lower-cased name
	budget int               // bytes attribute references may still add
	mark   rune              // placeholder rune absent from the text; 0 if none is
	open   []string          // delimiters of the enclosing compound blocks, innermost last
	depth  int               // compound blocks and lists being read
	inList bool              // reading a list item's blocks: "+" and items end a paragraph
	block  adocAttrs         // the attribute list for the next block
	prefix string            // an admonition's label, for the next paragraph
}

// adocMark returns a private-use rune that text does not contain, to mark
// the places of literal text while the other substitutions run; 0 if text
// holds them all.
func adocMark(text string) rune {
	const first, last = 0xE000, 0xF8FF
	var used [last - first + 1]bool
	for _, r := range text {
		if r >= first && r <= last {
			used[r-first] = true
		}
	}
	for k, u := range used {
		if !u {
			return rune(first + k)
		}
	}
	return 0
}

// header reads the document header: attribute entries and comments, the
// "= Title" line (or a title over a "====" line), and the author and
// revision lines under it. It returns the title.
func (p *adocParser) header(m *store.Metadata) string {
	for p.i < len(p.lines) {
		l := p.lines[p.i]
		switch {
		case l == "" || adocComment(l):
			p.i++
		case adocDelimiter(l) == "////":
			p.skipDelimited(l)
		case p.attributeEntry():
		default:
			return p.titleLines(m)
		}
	}
	p.headerMeta(m, "", "")
	return ""
}

// titleLines reads the document title and the header lines under it, up
// to the first blank line, and returns the title.
func (p *adocParser) titleLines(m *store.Metadata) string {
	title := ""
	if text, level, n := p.headingAt(p.i); n > 0 && level == 1 {
		title = strings.Join(strings.Fields(p.subst(text)), " ")
		p.i += n
		if title != "" {
			p.heading(title, 1)
		}
	} else {
		p.headerMeta(m, "", "")
		return ""
	}
	var details []string // the author and revision lines
	for p.i < len(p.lines) && p.lines[p.i] != "" {
		switch l := p.lines[p.i]; {
		case adocComment(l):
			p.i++
		case p.attributeEntry():
		case len(details) < 2 && p.headerDetail(p.i):
			details = append(details, l)
			p.i++
		default:
			p.headerMeta(m, "", "")
			return title
		}
	}
	rev, date := "", ""
	if len(details) == 2 {
		rev, date = adocRevisionLine(details[1])
	}
	p.headerMeta(m, rev, date)
	for _, d := range details {
		p.out.lineBreak(1)
		p.out.inline(p.subst(d))
	}
	p.out.lineBreak(2)
	return title
}

// headerDetail reports whether line i under the document title may be
// its author or revision line: text, not the start of a block.
func (p *adocParser) headerDetail(i int) bool {
	l := p.lines[i]
	if _, _, n := p.headingAt(i); n > 0 {
		return false
	}
	return !adocAttrLine(l) && !adocAnchorLine(l) && !adocBlockTitle(l) && adocDelimiter(l) == "" && !adocIsListItem(l)
}

// headerMeta fills m from the header's attributes, then from its revision
// line.
func (p *adocParser) headerMeta(m *store.Metadata, rev, date string) {
	setRevision(m, p.attrs["revnumber"])
	setRevision(m, rev)
	setDate(m, p.attrs["revdate"])
	setDate(m, date)
}

// adocRevisionLine reads a header's revision line, "v1.2, 2024-06-03:
// remark" (each part optional), into its revision and date.
func adocRevisionLine(l string) (rev, date string) {
	if k := strings.Index(l, ": "); k >= 0 {
		l = l[:k]
	}
	l = strings.TrimSuffix(l, ":")
	if before, after, ok := strings.Cut(l, ","); ok {
		rev = strings.TrimLeftFunc(before, func(r rune) bool { return !unicode.IsDigit(r) })
		return strings.TrimSpace(rev), strings.TrimSpace(after)
	}
	if len(l) > 1 && (l[0] == 'v' || l[0] == 'V') && l[1] >= '0' && l[1] <= '9' {
		return l[1:], ""
	}
	return "", l
}

// Markers that only AsciiDoc writes, for telling an AsciiDoc .txt file
// (Git's documentation sources before 2.49, AsciiDoc Python's default
// extension) from plain text.
var (
	adocStrongMarker = regexp.MustCompile(`(?m)linkgit:[\w.-]+\[|^include::\S+\[|^\[(?:verse|source|listing|literal|NOTE|TIP|WARNING|IMPORTANT|CAUTION)\b|^(?:ifdef|ifndef|endif)::|^={2,5} \S`)
	adocLabeledLine  = regexp.MustCompile(`(?m)^\S[^\n]*[^:\s]::$`)
	adocTitleLine    = regexp.MustCompile(`(?m)\A(?:\s*//[^\n]*\n)*\s*(?:= \S|\S[^\n]*\n={3,}\s*$)`)
)

// looksLikeAsciiDoc reports whether a .txt file is AsciiDoc: it opens
// with a document title ("= Title", or a title over a "====" line), and it
// writes one of AsciiDoc's own markers (a linkgit: macro, an include::
// line, a [verse] or [source] block, a conditional, a "== Section" title)
// along with a labeled list ("--force::") or a second such marker. It
// reads the first markupSniff bytes.
func looksLikeAsciiDoc(text string) bool {
	text = sniffHead(text)
	if !adocTitleLine.MatchString(text) {
		return false
	}
	strong := len(adocStrongMarker.FindAllStringIndex(text, 2))
	return strong >= 2 || strong == 1 && adocLabeledLine.MatchString(text)
}
