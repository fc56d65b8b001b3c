package validate

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/internal/textutil"
)

// Span is a half-open byte range [Start, End) of the answer. It is a plain
// value, safe to copy and share.
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// segKind classifies a piece of the answer.
type segKind int

const (
	segClaim     segKind = iota // a statement that must be supported
	segStructure                // heading, lead-in, bullet or header without content
	segDecline                  // says the documentation lacks the answer
)

var (
	// sourcesHeaderRe matches a line that opens a model-written Sources
	// block: "Sources:", "**References**", "## Sources", or an inline
	// "Sources: [S1], [S2]".
	sourcesHeaderRe = regexp.MustCompile(`(?im)^[ \t]*(?:[*_#>]+[ \t]*)?(?:sources|references|citations)[ \t]*[*_]*[ \t]*:?[ \t]*[*_]*[ \t]*(?:(?:\[[^\]\n]*\]|【[^】\n]*】)[ \t,;]*)*$`)
	// answerHeaderRe matches an echoed "Answer:" header line.
	answerHeaderRe = regexp.MustCompile(`(?i)^[*_]*answer\b[^:\n]{0,60}:[*_]*$`)
	// gluedCitationRe finds a terminator with markers or a closing
	// emphasis glued to it and followed by more text ("tank.[S1] Refill",
	// "**I don't know.** The pump"), which textutil.Sentences does not
	// split.
	gluedCitationRe = regexp.MustCompile(`[.!?](?:\[[^\[\]\n]{1,64}\]|【[^【】\n]{1,64}】|\*{1,2}|_{1,2})+[ \t\n]+`)
	// listMarkerRe is a list marker on its own ("1.", "2)", "-").
	listMarkerRe = regexp.MustCompile(`^(?:\d{1,3}[.)]|[-*+•])$`)
	// listPrefixRe is the list or quote marker that starts a line.
	listPrefixRe = regexp.MustCompile(`^(?:[ \t]*(?:[-*+•>]|\d{1,3}[.)])[ \t]+)+`)
	// boldLineRe is a line that is only emphasised text, used as a heading.
	boldLineRe = regexp.MustCompile(`^(?:\*\*[^*]+\*\*|__[^_]+__):?$`)
)

// sourcesBlock returns the span of a model-written Sources block: from its
// header line to the end of the answer.
func sourcesBlock(answer string) *Span {
	loc := sourcesHeaderRe.FindStringIndex(answer)
	if loc == nil {
		return nil
	}
	return &Span{Start: loc[0], End: len(answer)}
}

// answerSpans splits the answer, up to end, into sentence spans.
// It works around two habits of textutil.Sentences: a terminator with a
// glued marker ("tank.[S1] Refill") does not end a sentence, and a numbered
// list item starting with a capital ("1. Open") is split after "1.".
func answerSpans(answer string, end int) []textutil.Span {
	var spans []textutil.Span
	for _, sp := range textutil.Sentences(answer[:end]) {
		start := sp.Start
		for _, m := range gluedCitationRe.FindAllStringIndex(answer[sp.Start:sp.End], -1) {
			cut := sp.Start + m[1]
			if cut >= sp.End {
				break
			}
			spans = append(spans, trimmed(answer, start, cut))
			start = cut
		}
		spans = append(spans, trimmed(answer, start, sp.End))
	}
	out := spans[:0]
	for k := 0; k < len(spans); k++ {
		sp := spans[k]
		if k+1 < len(spans) && listMarkerRe.MatchString(answer[sp.Start:sp.End]) &&
			!strings.Contains(answer[sp.End:spans[k+1].Start], "\n") {
			spans[k+1].Start = sp.Start
			continue
		}
		out = append(out, sp)
	}
	return out
}

// trimmed trims white space as textutil.Sentences does (every Unicode
// space, \v and \f included), so that glued-citation cuts keep the
// splitter's invariant.
func trimmed(s string, start, end int) textutil.Span {
	start, end = textutil.TrimSpan(s, start, end)
	return textutil.Span{Start: start, End: end}
}

// sentenceCore returns the text of a sentence as analysed: citation markers
// blanked out (offsets are kept), list and quote markers and Markdown
// emphasis removed.
func sentenceCore(answer string, sp textutil.Span, cits []cite.Citation) string {
	return strings.TrimSpace(strings.ReplaceAll(markedCore(answer, sp, cits), string(markerFill), " "))
}

// markedCore is sentenceCore with every byte of a citation marker replaced
// by markerFill instead of a space, so that clause splitting sees where
// markers stood.
func markedCore(answer string, sp textutil.Span, cits []cite.Citation) string {
	b := []byte(answer[sp.Start:sp.End])
	for _, c := range cits {
		for i := max(c.Start, sp.Start); i < min(c.End, sp.End); i++ {
			b[i-sp.Start] = markerFill
		}
	}
	s := listPrefixRe.ReplaceAllString(string(b), "")
	s = stripEmphasis(s)
	return strings.TrimSpace(s)
}

// classify decides whether a sentence is a claim to check. text is the
// sentence as written, core its analysed form, cited whether it carries any
// citation marker (valid or not).
func classify(text, core string, cited bool) segKind {
	t := strings.TrimSpace(text)
	switch {
	case strings.HasPrefix(t, "#"), answerHeaderRe.MatchString(t):
		return segStructure
	case IsDecline(core):
		return segDecline
	case len(textutil.ContentTerms(core)) == 0 && len(extractFacts(core)) == 0:
		return segStructure
	case !cited && (strings.HasSuffix(t, ":") || boldLineRe.MatchString(t)):
		return segStructure
	}
	return segClaim
}

// stripEmphasis removes Markdown emphasis ("**", "__", "*") and code
// backticks. A run of '*' or '_' inside a word is text, not emphasis: Go's
// "reader__size" or C's "a*b" must stay as the source writes them.
func stripEmphasis(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c == '`' {
			i++
			continue
		}
		if c != '*' && c != '_' {
			b.WriteByte(c)
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] == c {
			j++
		}
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[j:])
		inWord := i > 0 && j < len(s) && isAlnum(before) && isAlnum(after)
		if inWord || c == '_' && j-i == 1 {
			b.WriteString(s[i:j])
		}
		i = j
	}
	return b.String()
}
