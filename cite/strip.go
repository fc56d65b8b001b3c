package cite

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// StripMarkers removes the markers of ex's citations (valid or not) from
// answer, the text ex was extracted from, and tidies the seams: the space
// before a marker goes ("tank [S1]." → "tank."), runs of spaces collapse to
// one, separators between adjacent markers ("[S1], [S2]") and parentheses
// left empty ("hot ([S1])." → "hot.") disappear, and a line that started
// with a marker does not start with a space. Citations whose span does not
// hold their Marker in answer are ignored, so a stale Extraction cannot
// corrupt the text.
func StripMarkers(answer string, ex Extraction) string {
	spans := markerSpans(answer, ex)
	if len(spans) == 0 {
		return answer
	}
	out := make([]byte, 0, len(answer))
	prev, pending := 0, false
	for k, sp := range spans {
		seg := answer[prev:sp.start]
		if pending && k > 0 && strings.Trim(seg, " \t,;") == "" {
			seg = "" // only separators between two markers
		}
		out, pending = appendSeam(out, seg, pending)
		out = trimRightHorizontal(out)
		pending = true
		prev = sp.end
	}
	out, _ = appendSeam(out, answer[prev:], pending)
	return string(out)
}

type span struct{ start, end int }

// markerSpans returns the distinct marker spans of ex that are consistent
// with answer, sorted and non-overlapping.
func markerSpans(answer string, ex Extraction) []span {
	var spans []span
	for _, c := range ex.Citations {
		if c.Start >= 0 && c.Start < c.End && c.End <= len(answer) && answer[c.Start:c.End] == c.Marker {
			spans = append(spans, span{c.Start, c.End})
		}
	}
	slices.SortFunc(spans, func(a, b span) int { return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end)) })
	out := spans[:0]
	for _, s := range spans {
		if len(out) > 0 && s.start < out[len(out)-1].end {
			continue
		}
		out = append(out, s)
	}
	return out
}

// appendSeam appends the text that follows a removed marker (when pending)
// or plain text. It reports whether a seam is still pending, which is the
// case when seg was only horizontal white space.
func appendSeam(out []byte, seg string, pending bool) ([]byte, bool) {
	if !pending {
		return append(out, seg...), false
	}
	rest := strings.TrimLeft(seg, " \t")
	if rest == "" {
		return out, true
	}
	hadSpace := len(rest) < len(seg)
	if len(out) > 0 && out[len(out)-1] == '(' && rest[0] == ')' {
		out = trimRightHorizontal(out[:len(out)-1])
		rest = rest[1:]
		if rest == "" {
			return out, true
		}
		hadSpace = rest[0] == ' ' || rest[0] == '\t'
		rest = strings.TrimLeft(rest, " \t")
		if rest == "" {
			return out, true
		}
	}
	first, _ := utf8.DecodeRuneInString(rest)
	switch {
	case len(out) == 0 || out[len(out)-1] == '\n':
	case strings.ContainsRune(".,;:!?)]}»”’\n\r", first):
	case hadSpace || wordChar(lastRune(out)) && wordChar(first):
		out = append(out, ' ')
	}
	return append(out, rest...), false
}

func trimRightHorizontal(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	return b
}

func lastRune(b []byte) rune {
	r, _ := utf8.DecodeLastRune(b)
	return r
}

func wordChar(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
