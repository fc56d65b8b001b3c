package loader

import "strings"

// textBuilder writes extracted HTML text. Separators are kept pending and
// written only before the next text, so the result has no leading or
// trailing white space, no trailing spaces on lines, at most one blank line
// in a row, and offsets taken during the walk stay valid.
type textBuilder struct {
	b        strings.Builder
	newlines int  // pending line breaks (more than 2 only inside <pre>)
	space    bool // pending space
	// marker: a list marker was the last thing written, so the item's
	// first paragraph continues its line.
	marker bool
	// code: the text being written is inside code markup (literal);
	// lastCode: the text written last was.
	code, lastCode bool
}

// lineBreak asks for n line breaks (1: new line, 2: blank line) before the
// next text.
func (t *textBuilder) lineBreak(n int) {
	t.newlines = min(2, max(t.newlines, n))
	t.space = false
}

// flush writes the pending separator and returns the offset where the next
// text starts.
func (t *textBuilder) flush() int {
	if t.b.Len() > 0 {
		switch {
		case t.newlines > 0:
			t.b.WriteString(strings.Repeat("\n", t.newlines))
		case t.space:
			t.b.WriteByte(' ')
		}
	}
	t.newlines, t.space, t.marker = 0, false, false
	return t.b.Len()
}

// next returns the offset where the next text will start, after the
// pending separator.
func (t *textBuilder) next() int {
	n := t.b.Len()
	if n > 0 {
		switch {
		case t.newlines > 0:
			n += t.newlines
		case t.space:
			n++
		}
	}
	return n
}

// inline writes flowing text, collapsing runs of HTML white space (but not
// no-break spaces) to one space.
func (t *textBuilder) inline(s string) {
	words := strings.FieldsFunc(s, isHTMLSpace)
	if len(words) == 0 {
		if s != "" && t.newlines == 0 {
			t.space = true
		}
		return
	}
	if isHTMLSpace(rune(s[0])) && t.newlines == 0 || t.glued(words[0]) {
		t.space = true
	}
	t.flush()
	defer func() { t.lastCode = t.code }()
	t.b.WriteString(strings.Join(words, " "))
	t.space = isHTMLSpace(rune(s[len(s)-1]))
}

// glued reports whether next, the first word of a text node, starts a new
// sentence or label right after the previous node's text with nothing
// between: generated references style adjacent elements apart, with no
// space in the markup ("idle socket.<strong>Default:</strong>",
// "<span>Added in: v8.1.0</span><span>Deprecated since: v10.0.0</span>"),
// and read glued, "socket.Default" and "v8.1.0Deprecated" are one word.
//
// Code written against code is never glued: a signature's module path and
// name are adjacent literals ("storage.fallback.", "FallbackStorage"), one
// name.
func (t *textBuilder) glued(next string) bool {
	if t.space || t.newlines > 0 || t.b.Len() == 0 || len(next) < 2 || t.code && t.lastCode {
		return false
	}
	s := t.b.String()
	last := s[len(s)-1]
	if !strings.ContainsRune(".!?;:", rune(last)) && (last < '0' || last > '9') {
		return false
	}
	return next[0] >= 'A' && next[0] <= 'Z' && next[1] >= 'a' && next[1] <= 'z'
}

// verbatim writes preformatted text as it is; its trailing line breaks stay
// pending so that a following block does not add blank lines to them.
func (t *textBuilder) verbatim(s string) {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	body := strings.TrimRight(s, "\n")
	if body != "" {
		t.flush()
		t.b.WriteString(body)
	}
	t.newlines += len(s) - len(body)
}

// separator writes s (a table cell separator) after the current text.
func (t *textBuilder) separator(s string) {
	t.space = false
	t.flush()
	t.b.WriteString(s)
	t.space = true
}

func (t *textBuilder) len() int { return t.b.Len() }

func (t *textBuilder) String() string { return t.b.String() }

// isHTMLSpace reports ASCII white space as HTML defines it; a no-break
// space is text.
func isHTMLSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f'
}
