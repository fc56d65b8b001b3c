package extractive

import (
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// introducesSyntax reports whether the sentence spans[i] of text, with its
// words, is a section's definition that introduces its syntax: it leads with
// the section's heading (articles and numbering aside) and a code block
// follows it. Language references open a construct's section that way ("8.2.
// The while statement" / "The while statement is used for repeated execution
// as long as an expression is true:" / the grammar), and the colon would
// otherwise make it a lead-in, skipped as announcing rather than stating.
func introducesSyntax(text string, spans []quotable, i int, words []string, heading string) bool {
	if i+1 >= len(spans) || !strings.HasPrefix(text[spans[i+1].Start:], "```") {
		return false
	}
	name := textutil.Words(heading)
	for len(name) > 0 && (articles[name[0]] || isNumbering(name[0])) {
		name = name[1:]
	}
	for len(words) > 0 && articles[words[0]] {
		words = words[1:]
	}
	if len(name) == 0 || len(words) <= len(name) {
		return false
	}
	for k, w := range name {
		if textutil.Stem(w) != textutil.Stem(words[k]) {
			return false
		}
	}
	return true
}

// isNumbering reports a section number as Words reads it ("8.2", "7").
func isNumbering(w string) bool {
	return strings.Trim(w, "0123456789.") == ""
}
