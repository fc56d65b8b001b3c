package extractive

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// quoteText returns the text of chosen[i] as the answer quotes it: a list
// item keeps its marker ("- ", "* ", "+ ", "• ", "2. ", "3) ") only next
// to another item of the same source, where the answer reads as a list;
// alone, the marker would open a sentence as stray punctuation, and a
// number would say the answer starts in the middle of a list.
func quoteText(chosen []*candidate, i int) string {
	c := chosen[i]
	text := c.text
	if !c.code {
		text = tidyRow(unwrapped(text, c.midLine))
	}
	n := itemMarkerLen(text)
	if n == 0 {
		return text
	}
	for _, j := range []int{i - 1, i + 1} {
		if j >= 0 && j < len(chosen) && chosen[j].source == c.source && itemMarkerLen(chosen[j].text) > 0 {
			return text
		}
	}
	return text[n:]
}

// unwrapped joins the lines of a sentence that its source wrapped at a
// fixed width (Markdown written at 80 columns: "… the daemon will\nwait
// indefinitely …"), as a renderer would: a line goes on the one before it
// when the one before is as long as a wrapped line of prose, or ends in a
// comma, a colon or an open bracket and the line starts in lower case (or
// with code, a link, a figure). A term over its description ("-t
// timelimit" over "Maximum number of seconds …", "git branch -D <branch>"
// over "delete the branch …") keeps its break, as do columns laid out
// with spaces and a line that opens a list item, a table row, a quotation
// or a heading. midLine says the sentence starts after other text on its
// line, so that its first line is no term however short.
func unwrapped(text string, midLine bool) string {
	if !strings.Contains(text, "\n") {
		return text
	}
	lines := strings.Split(text, "\n")
	var b strings.Builder
	b.WriteString(lines[0])
	prev := lines[0]
	for k, l := range lines[1:] {
		t := strings.TrimLeft(l, " \t")
		p := strings.TrimSpace(prev)
		hardBreak := strings.HasSuffix(prev, "  ") // Markdown's line break
		prev = l
		if t == "" || p == "" {
			b.WriteString("\n" + l)
			continue
		}
		// A line as short as a term, not ending in a stop word, is a term
		// unless it is the end of a longer one (the sentence's first line
		// after other text) or leads on (a comma, a colon, an open
		// bracket) to a line that continues it.
		few := len(strings.Fields(p)) <= textutil.HeadingLineWords && !endsInStopword(p)
		term := few && !(k == 0 && midLine) && !strings.ContainsAny(p[len(p)-1:], ",;:([") || few && !continuesLine(t)
		if term || hardBreak || strings.HasSuffix(p, "\\") || strings.HasSuffix(p, "|") ||
			itemMarkerLen(t) > 0 || strings.ContainsAny(t[:1], "|>#") || textutil.IsFence(t) ||
			strings.Contains(p, "   ") || strings.Contains(t, "   ") {
			b.WriteString("\n" + l)
			continue
		}
		b.WriteString(" " + t)
	}
	return b.String()
}

// tidyRow returns a Markdown table row as the table shows it: without its
// outer pipes and the spaces that pad its cells to the column's width
// ("| `--privileged` | Give extended privileges to this container      |").
func tidyRow(text string) string {
	t := strings.TrimSpace(text)
	if len(t) < 3 || !textutil.IsPipeRow(t) || strings.Contains(t, "\n") {
		return text
	}
	return strings.Join(strings.Fields(strings.TrimSpace(t[1:len(t)-1])), " ")
}

// endsInStopword reports a line ending in a word no term or title ends
// in ("… inside the container an" over "HTTP service is listening …").
func endsInStopword(p string) bool {
	f := strings.Fields(p)
	return len(f) > 0 && textutil.IsStopword(strings.ToLower(f[len(f)-1]))
}

// continuesLine reports a line that reads as the rest of the one before:
// it starts in lower case, or with code, a link, a bracket or a figure.
func continuesLine(t string) bool {
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsLower(r) || unicode.IsDigit(r) || strings.ContainsRune("`[(\"'", r)
}

// itemMarkerLen returns the length of the list marker, with the spaces
// after it, that s opens with, or 0. A marker alone is not one: nothing
// would be left to quote.
func itemMarkerLen(s string) int {
	n := 0
	for n < len(s) && n < 3 && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	switch {
	case n > 0:
		if n+1 >= len(s) || s[n] != '.' && s[n] != ')' || s[n+1] != ' ' {
			return 0
		}
		n++
	case strings.HasPrefix(s, "• "):
		n = len("•")
	case len(s) > 1 && strings.ContainsRune("-*+", rune(s[0])) && s[1] == ' ':
		n = 1
	default:
		return 0
	}
	for n < len(s) && (s[n] == ' ' || s[n] == '\t') {
		n++
	}
	if n == len(s) {
		return 0
	}
	return n
}
