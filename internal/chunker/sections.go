package chunker

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/store"
)

// section is a run of the text with one heading path and one page: the
// unit that is never mixed with another inside a split, only merged whole.
type section struct {
	span
	// heads are the heading lines at the start of the section (more than
	// one after heading-only sections were joined to it).
	heads   []span
	heading []string
	// outer is how many heading elements lie outside any definition-list
	// entry (store.Section.Terms): all of them, except in an entry.
	outer int
	// entry is where the outermost definition-list entry the section
	// lies in starts, or -1.
	entry int
	// parent, for a section under a heading path that holds entries (the
	// entries and the text around them), is that path; empty otherwise.
	parent string
	page   int
}

// bodyStart is where the section's text after its heading lines begins.
func (s *section) bodyStart() int {
	if len(s.heads) == 0 {
		return s.start
	}
	return s.heads[len(s.heads)-1].end
}

// mark is a structural span before the text is cut into sections: a
// Markdown heading's reach, or an entry of Document.Sections.
type mark struct {
	span
	head    span // heading line at start; empty if none
	heading []string
	terms   int
	page    int
}

// buildSections cuts the text into sections at every structural boundary.
// Headings come from Document.Sections when any of them carries a heading
// (the text is then not Markdown, e.g. extracted HTML), and from the
// Markdown in the text otherwise; pages always come from Document.Sections.
// Where spans nest, the innermost one (latest start) names the heading and
// the page. It also returns the fenced code blocks.
//
// w, when not nil, is the window of a streamed document that doc.Text
// holds: headings continue the path of the windows before it, and
// w.stack is left holding the path at its end.
func buildSections(doc store.Document, w *window) ([]section, []span, error) {
	text := doc.Text
	if err := checkSections(doc); err != nil {
		return nil, nil, err
	}
	explicit := slices.ContainsFunc(doc.Sections, func(s store.Section) bool { return len(s.Heading) > 0 })

	// Fenced code blocks (Markdown's, and HTML's <pre>, which the loader
	// fences) are kept from being cut at their blank lines either way;
	// headings come from the text only when the document has none.
	md := parseMarkdownFrom(text, w == nil || w.first)
	fences := md.fences
	var marks []mark
	if !explicit {
		var outer []mdHeading
		if w != nil {
			outer = w.stack
		}
		var stack []mdHeading
		marks, stack = markdownMarks(outer, md.headings, len(text))
		if w != nil {
			w.stack = stack
		}
	}
	for _, s := range doc.Sections {
		if s.Start == s.End {
			continue
		}
		m := mark{span: span{s.Start, s.End}, heading: s.Heading, terms: min(s.Terms, len(s.Heading)), page: s.Page}
		if len(s.Heading) > 0 {
			m.head = headingLine(text, m.span, s.Heading[len(s.Heading)-1])
		}
		marks = append(marks, m)
	}
	// Outer spans first among equal starts, so the innermost is added last.
	slices.SortStableFunc(marks, func(a, b mark) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return b.end - a.end
	})

	bounds := []int{0, len(text)}
	for _, m := range marks {
		bounds = append(bounds, m.start, m.end)
	}
	slices.Sort(bounds)
	bounds = slices.Compact(bounds)

	var (
		out    []section
		active []mark
		next   int
		// listed holds the heading paths that hold entries.
		listed = map[string]bool{}
	)
	for i := 0; i+1 < len(bounds); i++ {
		b, e := bounds[i], bounds[i+1]
		active = slices.DeleteFunc(active, func(m mark) bool { return m.end <= b })
		for next < len(marks) && marks[next].start <= b {
			active = append(active, marks[next])
			next++
		}
		sec := section{span: span{b, e}, entry: -1}
		for j := len(active) - 1; j >= 0; j-- {
			if m := active[j]; len(m.heading) > 0 {
				sec.heading = m.heading
				if m.start == b && m.head.end > m.head.start {
					sec.heads = []span{{m.head.start, min(m.head.end, e)}}
				}
				break
			}
		}
		sec.outer = len(sec.heading)
		for _, m := range active {
			if m.terms > 0 {
				// The outermost entry: its terms, and any heading inside
				// it (an admonition's "Note"), name the entry only.
				sec.outer = min(sec.outer, len(m.heading)-m.terms)
				sec.entry = m.start
				break
			}
		}
		if sec.outer > 0 {
			sec.parent = strings.Join(sec.heading[:sec.outer], "\x00")
			if sec.outer < len(sec.heading) {
				listed[sec.parent] = true
			}
		}
		for j := len(active) - 1; j >= 0; j-- {
			if active[j].page > 0 {
				sec.page = active[j].page
				break
			}
		}
		if !isSpace(text[b:e]) {
			out = append(out, sec)
		}
	}
	for i := range out {
		if !listed[out[i].parent] {
			out[i].parent = ""
		}
	}
	return joinHeadingOnly(text, out), fences, nil
}

// markdownMarks turns headings into spans that reach to the next heading,
// each carrying its full heading path. outer is the heading path in force where the text begins (a window of
// a streamed document): text before the first heading falls under it, and
// headings nest in it. It returns the path in force at the end.
func markdownMarks(outer, hs []mdHeading, textLen int) ([]mark, []mdHeading) {
	marks := make([]mark, 0, len(hs)+1)
	stack := slices.Clone(outer)
	if len(stack) > 0 {
		end := textLen
		if len(hs) > 0 {
			end = hs[0].start
		}
		if end > 0 {
			marks = append(marks, mark{span: span{0, end}, heading: headingPath(stack)})
		}
	}
	for i, h := range hs {
		for len(stack) > 0 && stack[len(stack)-1].level >= h.level {
			stack = stack[:len(stack)-1]
		}
		stack = append(stack, h)
		path := headingPath(stack)
		end := textLen
		if i+1 < len(hs) {
			end = hs[i+1].start
		}
		marks = append(marks, mark{span: span{h.start, end}, head: h.span, heading: path})
	}
	return marks, stack
}

// headingPath is the texts of a heading stack, outermost first.
func headingPath(stack []mdHeading) []string {
	var path []string
	for _, s := range stack {
		if s.text != "" {
			path = append(path, s.text)
		}
	}
	return path
}

// headingLine returns the span of a section's first line when that line is
// the section's heading text (as the HTML loader writes it), else an empty
// span.
func headingLine(text string, s span, heading string) span {
	line := text[s.start:s.end]
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	if strings.Join(strings.Fields(line), " ") != strings.Join(strings.Fields(heading), " ") {
		return span{}
	}
	return span{s.start, s.start + len(line)}
}

// joinHeadingOnly joins each section that holds nothing but its heading
// line(s) to the section after it: "# Guide" directly followed by
// "## Install" describes the install section, and a chunk holding only a
// heading would be useless. The joined section keeps the later heading path
// and the earlier page (where its text starts).
//
// A run of heading-only sections grows one heads slice: copying it for each
// heading made a run of n headings cost O(n²).
func joinHeadingOnly(text string, secs []section) []section {
	out := secs[:0]
	var carry *section
	for i := range secs {
		s := secs[i]
		if carry != nil {
			// carry.heads belongs to no emitted section (each section's
			// heads are its own slice), so appending to it is safe.
			s.start = carry.start
			s.heads = append(carry.heads, s.heads...)
			s.page = carry.page
			carry = nil
		}
		if len(s.heads) > 0 && isSpace(text[s.bodyStart():s.end]) && i+1 < len(secs) {
			carry = &s
			continue
		}
		out = append(out, s)
	}
	return out
}

// checkSections rejects Document.Sections entries that do not describe a
// span of the text between rune boundaries.
func checkSections(doc store.Document) error {
	text := doc.Text
	for i, s := range doc.Sections {
		reason := ""
		switch {
		case s.Start < 0 || s.End > len(text):
			reason = "outside the text"
		case s.Start > s.End:
			reason = "start after end"
		case !runeBoundary(text, s.Start) || !runeBoundary(text, s.End):
			reason = "offset inside a UTF-8 rune"
		case s.Page < 0:
			reason = "negative page"
		case s.Time != nil && (s.Time.Start < 0 || s.Time.End < s.Time.Start):
			reason = "time span negative or ending before it starts"
		}
		if reason != "" {
			return &SectionError{Index: i, Start: s.Start, End: s.End, Reason: reason}
		}
	}
	return nil
}

func runeBoundary(text string, i int) bool {
	return i == len(text) || utf8.RuneStart(text[i])
}
