package retrieve

import "github.com/hybridrag/hybridrag/internal/textutil"

// headings marks which sentence spans of text are heading lines
// (textutil.IsHeadingLine, and FAQ questions on a line of their own,
// textutil.IsQuestionLine), as the extractive generator reads them.
// Loaders write headings and definition list terms so, and passage windows
// must not make one a passage of its own or cut it from the text it heads.
func (sc *coverageScratch) headings(text string, spans []textutil.Span) []bool {
	sc.heads = resetSlice(sc.heads, len(spans))
	for i, sp := range spans {
		sc.heads[i] = textutil.IsHeadingLine(text, sp) || textutil.IsQuestionLine(text, sp)
	}
	// Lines with no text after them head nothing: a chunk that is one
	// short line, or ends in a list of terms, is text.
	for i := len(spans) - 1; i >= 0 && sc.heads[i]; i-- {
		sc.heads[i] = false
	}
	return sc.heads
}
