package textutil

import (
	"strings"
	"unicode"
)

// maxCompoundParts bounds the hyphenated words JoinedCompound joins:
// "read-only", "built-in" and "up-to-date" are spelt joined too; longer
// chains ("end-of-file-marker") are phrases, not words.
const maxCompoundParts = 3

// JoinedCompound returns a hyphenated prose word written as one word,
// lower-cased ("readonly" for "read-only", "builtin" for "Built-in", "utf8"
// for "UTF-8"), with ok true; ok is false for any other word. Manuals spell
// the same term both ways ("readonly" in a builtin's entry, "read-only" in
// a question), and word segmentation splits the hyphenated form into parts
// that never match the joined one ("only" is even a stop word). Searching
// the joined form beside the parts lets a question's hyphenated word find
// the joined spelling. Code words (options such as "--no-verify",
// identifiers) are not compounds: CodeWord reads them.
func JoinedCompound(word string) (joined string, ok bool) {
	w := trimWrap(word)
	if strings.IndexByte(w, '-') < 0 || strings.HasPrefix(w, "-") {
		return "", false
	}
	if _, _, code := CodeWord(w); code {
		return "", false // "getHTTP-response" is read as code on both sides
	}
	parts, letters := 0, 0
	var b strings.Builder
	for part := range strings.SplitSeq(w, "-") {
		if part == "" {
			return "", false // "a--b", "well-"
		}
		for _, r := range part {
			switch {
			case unicode.IsLetter(r):
				letters++
			case unicode.IsDigit(r):
			default:
				return "", false
			}
		}
		if parts++; parts > maxCompoundParts {
			return "", false
		}
		b.WriteString(strings.ToLower(part))
	}
	if parts < 2 || letters < 2 {
		return "", false
	}
	return b.String(), true
}

// ForEachTermWord calls fn for every white-space-delimited word of text
// that keyword analysis adds terms to for side s: code words (CodeWord's
// whole and parts) and hyphenated compounds (JoinedCompound's joined form
// as whole, no parts), with the word's byte span in text.
func (s Side) ForEachTermWord(text string, fn func(start, end int, whole string, parts []string)) {
	forEachCodeWord(text, func(word string) (string, []string, bool) {
		if whole, parts, ok := s.CodeWord(word); ok {
			return whole, parts, true
		}
		joined, ok := JoinedCompound(word)
		return joined, nil, ok
	}, fn)
}
