package baseline

import (
	"strings"

	"github.com/hybridrag/hybridrag/store"
)

// ChunkChars is the largest chunk the baseline makes, in bytes of text.
const ChunkChars = 3000

// Chunk is one piece of a document as the baseline indexes it; a plain
// value.
type Chunk struct {
	DocumentID string
	Source     string
	Text       string
}

// Split cuts a document at its headings (its Sections, definition-list
// entries left out, or for text without sections, Markdown heading lines) and each heading's span into
// pieces of at most ChunkChars bytes at paragraph, then line, then word
// boundaries.
func Split(doc store.Document) []Chunk {
	var out []Chunk
	for _, span := range headingSpans(doc) {
		for _, piece := range cut(span, ChunkChars) {
			if strings.TrimSpace(piece) != "" {
				out = append(out, Chunk{DocumentID: doc.ID, Source: doc.Source, Text: piece})
			}
		}
	}
	return out
}

// headingSpans returns the text between consecutive headings, the text
// before the first heading included.
func headingSpans(doc store.Document) []string {
	text := doc.Text
	var starts []int
	for _, s := range doc.Sections {
		if s.Start > 0 && s.Start < len(text) && opensHeading(text, s) {
			starts = append(starts, s.Start)
		}
	}
	if len(doc.Sections) == 0 {
		off := 0
		for line := range strings.SplitAfterSeq(text, "\n") {
			if off > 0 && strings.HasPrefix(line, "#") {
				starts = append(starts, off)
			}
			off += len(line)
		}
	}
	var spans []string
	prev := 0
	for _, s := range starts {
		if s > prev {
			spans = append(spans, text[prev:s])
			prev = s
		}
	}
	return append(spans, text[prev:])
}

// opensHeading reports a section that starts a heading's (or a page's)
// text: not a definition-list entry (store.Section.Terms), nor the rest of
// a heading's text after an entry that held a heading of its own.
func opensHeading(text string, s store.Section) bool {
	if s.Terms > 0 {
		return false
	}
	return len(s.Heading) == 0 || strings.HasPrefix(text[s.Start:], s.Heading[len(s.Heading)-1])
}

// cut splits text into pieces of at most limit bytes, preferring the last
// paragraph break, then line break, then space before the limit.
func cut(text string, limit int) []string {
	var out []string
	for len(text) > limit {
		at := -1
		for _, sep := range []string{"\n\n", "\n", " "} {
			if i := strings.LastIndex(text[:limit], sep); i > limit/2 {
				at = i + len(sep)
				break
			}
		}
		if at < 0 {
			at = limit
			for at > 0 && !isRuneStart(text[at]) {
				at--
			}
		}
		out = append(out, text[:at])
		text = text[at:]
	}
	return append(out, text)
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
