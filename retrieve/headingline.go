package retrieve

import (
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// headingLineWords is the most words a heading line has: definition list
// terms ("--parallel [<jobs>], -j [<jobs>]"), titles and property names
// are short; an unpunctuated line longer than this is a table row or a
// wrapped fragment.
const headingLineWords = 12

// headings marks which sentence spans of text are heading lines: a line
// of its own (line breaks before and after, none inside), short, not a
// code fence, not ending in sentence punctuation. Loaders write headings
// and definition list terms so, and passage windows must not make one a
// passage of its own or cut it from the text it heads.
func (sc *coverageScratch) headings(text string, spans []textutil.Span) []bool {
	sc.heads = resetSlice(sc.heads, len(spans))
	for i, sp := range spans {
		sc.heads[i] = isHeadingLine(text, sp)
	}
	// Lines with no text after them head nothing: a chunk that is one
	// short line, or ends in a list of terms, is text.
	for i := len(spans) - 1; i >= 0 && sc.heads[i]; i-- {
		sc.heads[i] = false
	}
	return sc.heads
}

func isHeadingLine(text string, sp textutil.Span) bool {
	s := text[sp.Start:sp.End]
	if s == "" || strings.ContainsRune(s, '\n') || strings.HasPrefix(s, "```") || strings.HasPrefix(s, "~~~") {
		return false
	}
	if r, _ := utf8.DecodeLastRuneInString(s); strings.ContainsRune(".!?:;…", r) {
		return false
	}
	if sp.Start > 0 && text[sp.Start-1] != '\n' {
		return false
	}
	if sp.End < len(text) && text[sp.End] != '\n' {
		return false
	}
	return len(strings.Fields(s)) <= headingLineWords
}
