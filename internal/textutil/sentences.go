package textutil

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Span is a half-open byte range [Start, End) of a text.
type Span struct{ Start, End int }

// abbreviations end with a period but rarely end a sentence.
var abbreviations = map[string]bool{
	"e.g": true, "i.e": true, "etc": true, "vs": true, "cf": true, "al": true,
	"dr": true, "mr": true, "mrs": true, "ms": true, "prof": true, "sr": true, "jr": true, "st": true,
	"fig": true, "figs": true, "eq": true, "no": true, "nos": true, "vol": true, "pp": true, "p": true,
	"approx": true, "ca": true, "inc": true, "ltd": true, "co": true, "corp": true, "dept": true,
	"jan": true, "feb": true, "mar": true, "apr": true, "jun": true, "jul": true, "aug": true,
	"sep": true, "sept": true, "oct": true, "nov": true, "dec": true, "sec": true, "ch": true, "ref": true,
	"min": true, "max": true, "resp": true, "u.s": true, "e.u": true,
}

// IsAbbreviation reports whether word (as written before its period,
// any case) is an abbreviation that rarely ends a sentence ("e.g", "etc",
// "approx").
func IsAbbreviation(word string) bool { return abbreviations[strings.ToLower(word)] }

// beforeNumber are the abbreviations that stand before a number ("No. 5",
// "Fig. 3", "p. 12", "max. 20"); without one after them they are words
// that end a sentence as often as any other: "The argument must be yes or
// no. The default is no.", "Defaults to 100 ms. Set it …".
var beforeNumber = map[string]bool{
	"no": true, "nos": true, "fig": true, "figs": true, "eq": true, "p": true, "pp": true, "vol": true,
	"sec": true, "ch": true, "ref": true, "min": true, "max": true, "ms": true,
}

// digitFollows reports whether a digit follows i after spaces or tabs.
func digitFollows(text string, i int) bool {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i < len(text) && text[i] >= '0' && text[i] <= '9'
}

// Sentences splits text into sentences and returns their spans with
// surrounding white space trimmed. A sentence ends at '.', '!' or '?'
// followed by white space (closing quotes and brackets stay with it), at a
// blank line, or at a line break before a Markdown list item or heading.
// A fenced code block (``` or ~~~ lines) is one piece, whatever periods
// and blank lines it holds. Citation markers written after the full stop
// ("Done. [S1]") stay with the sentence they follow. Abbreviations, initials and decimals do not end a
// sentence.
func Sentences(text string) []Span { return AppendSentences(nil, text) }

// AppendSentences is Sentences appending the spans to spans, so that a
// caller splitting many texts reuses one slice.
func AppendSentences(spans []Span, text string) []Span {
	start := 0
	emit := func(end int) {
		s, e := TrimSpan(text, start, end)
		if e > s {
			spans = append(spans, Span{s, e})
		}
		start = end
	}
	fenced := false // a fence line was seen
	for i := 0; i < len(text); {
		if (i == 0 || text[i-1] == '\n') && IsFence(text[i:]) {
			if !fenced && closesBefore(text, i) {
				// The close of a block opened before the text begins (a
				// chunk cut inside a code block): alone, it is no opening
				// of one that would run to the end over the prose after.
				emit(i)
				i = lineEnd(text, i)
				emit(i)
				fenced = true
				continue
			}
			fenced = true
			// A fenced code block is one piece: its periods and blank
			// lines do not end sentences. Unclosed, it runs to the end.
			emit(i)
			i = markersLineEnd(text, fenceEnd(text, i))
			emit(i)
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\n':
			next := i + size
			if breaksAtNewline(text, next) {
				emit(next)
			}
			i = next
			continue
		case r == '.' || r == '!' || r == '?' || r == '…' || r == '。':
			end := i + size
			// Runs of terminators ("?!", "...") end together.
			for end < len(text) && strings.ContainsRune(".!?…", rune(text[end])) {
				end++
			}
			// Closing quotes and brackets belong to the sentence.
			for end < len(text) {
				c, sz := utf8.DecodeRuneInString(text[end:])
				if !strings.ContainsRune("\"')]}»”’", c) {
					break
				}
				end += sz
			}
			if end < len(text) && !isSpace(text, end) {
				// "Done.[S1] Next" still ends a sentence, with the marker.
				if text[end] != '[' || absorbCitations(text, end) == end {
					i = end
					continue
				}
			}
			if r == '.' && (!endsSentence(text, start, i) || listElision(text, i, end)) || r == '!' && end == i+1 && macroBang(text, i) || operatorMark(text, r, i, end) ||
				valueTrailerAt(text, end) || quotedTerminator(text, i, end) || quotedExclamation(text, r, i, end) {
				i = end
				continue
			}
			end = absorbCitations(text, end)
			emit(end)
			i = end
			continue
		}
		i += size
	}
	emit(len(text))
	return spans
}

// listElision reports whether the dots from i (end: past them and the
// brackets closing after them) elide the rest of a list rather than end a
// sentence: after a comma, with the sentence going on in lower case or
// punctuation, as synopses in prose write a repeatable item ("SELECT
// DISTINCT ON ( expression [, ...] ) keeps only the first row …").
func listElision(text string, i, end int) bool {
	j := i
	for j > 0 && (text[j-1] == ' ' || text[j-1] == '\t') {
		j--
	}
	if j == 0 || text[j-1] != ',' || end < i+3 || text[i:i+3] != "..." {
		return false
	}
	k := end
	for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
		k++
	}
	if k == len(text) || text[k] == '\n' {
		return false
	}
	r, _ := utf8.DecodeRuneInString(text[k:])
	return !unicode.IsUpper(r)
}

// macroBang reports whether the '!' at i ends a name rather than a
// sentence: glued to the identifier before it and followed, on the same
// line, by a lower-case word. Rust's macros are named so ("the println!
// output", "vec! creates").
func macroBang(text string, i int) bool {
	if i == 0 || !isIdentByte(text[i-1]) {
		return false
	}
	return lowerWordFollows(text, i+1)
}

// operatorMark reports whether the '?' or '!' at i is an operator named
// in the sentence rather than its end: standing alone after a space and
// followed, on the same line, by a lower-case word. Rust's book writes
// "the ? operator can only be used in functions whose return type …".
func operatorMark(text string, r rune, i, end int) bool {
	if r != '?' && r != '!' || end != i+1 || i == 0 || text[i-1] != ' ' {
		return false
	}
	return lowerWordFollows(text, end)
}

// quotedExclamation reports whether the '!' or '?' at i ends a quoted
// word inside a sentence rather than the sentence: closed by a quote
// (its run ends at end) and followed, on the same line, by a lower-case
// word. `a subject composed of "fixup!" followed by the subject line`.
func quotedExclamation(text string, r rune, i, end int) bool {
	if r != '!' && r != '?' {
		return false
	}
	if q, _ := utf8.DecodeLastRuneInString(text[:end]); !strings.ContainsRune("\"'”’»", q) {
		return false
	}
	return lowerWordFollows(text, end)
}

// lowerWordFollows reports whether, after the spaces or tabs that start
// at end (at least one), a lower-case letter goes on the same line: the
// mark before end did not end the sentence.
func lowerWordFollows(text string, end int) bool {
	j := end
	for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
		j++
	}
	if j == end || j >= len(text) {
		return false
	}
	next, _ := utf8.DecodeRuneInString(text[j:])
	return unicode.IsLower(next)
}

// isIdentByte reports an ASCII letter, digit or underscore.
func isIdentByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b|0x20 >= 'a' && b|0x20 <= 'z'
}

// quotedTerminator reports whether the terminator run at i, whose run with
// its closing quotes ends at end, is quoted on its own: "then '.' will be
// returned", `the "?" placeholder`, "resolving '..' and '.' segments". It
// is a literal the sentence talks about, not the sentence's end.
func quotedTerminator(text string, i, end int) bool {
	if i == 0 || i+1 >= len(text) {
		return false
	}
	j := i
	for j < len(text) && strings.IndexByte(".?!", text[j]) >= 0 {
		j++
	}
	q := text[i-1]
	return (q == '\'' || q == '"' || q == '`') && j < len(text) && text[j] == q && (i < 2 || isSpace(text, i-2) || text[i-2] == '(') && end == j+1
}

// valueTrailer is a default stated at the end of a description's line, as
// API references write an option: "- delay <number> The number of
// milliseconds to wait. Default: 1." Split off, the figure would lose what
// it is the default of, and the description its default; so a line that
// ends in one is not split into sentences.
var valueTrailer = regexp.MustCompile(`(?:^|[.!?)][ \t])[ \t]*Defaults?(?:[ \t]+value)?(?:[ \t]*:|[ \t]+to[ \t])[ \t]*\S[^\n]{0,79}$`)

// valueTrailerAt reports whether the line after a sentence ending at end
// (at most 240 bytes more) ends in a valueTrailer.
func valueTrailerAt(text string, end int) bool {
	rest := text[end:]
	if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl]
	}
	// The substring test spares the regular expression nearly every line:
	// this runs at every sentence end of every source, question and answer.
	if rest == "" || len(rest) > 240 {
		return false
	}
	return strings.Contains(rest, "Default") && valueTrailer.MatchString(rest) ||
		strings.Contains(rest, "efault)") && defaultTrailer.MatchString(rest)
}

// defaultTrailer is the mark that ends a list item's line when that item
// is the default choice: "- longest: The duration of the longest input.
// (default)". Split off, the mark is a sentence too short to quote, and
// the choice loses what says it is the default.
var defaultTrailer = regexp.MustCompile(`^[ \t]*\((?:[Tt]he[ \t]+)?[Dd]efault\)[ \t]*$`)

// IsFence reports whether line (text from a line start) opens or closes a
// Markdown code fence: up to three spaces, then ``` or ~~~.
func IsFence(line string) bool {
	line = strings.TrimLeft(line, " ")
	return strings.HasPrefix(line, "```") || strings.HasPrefix(line, "~~~")
}

// closesBefore reports whether the fence line at start, the text's first,
// closes a block opened before the text begins rather than opening one: it
// is bare ("```", no language), follows a line of text directly and is
// followed by a blank line or the end, as a closing fence is and an
// opening one is not, and the text holds an odd number of fence lines, so
// that one of them has no partner.
func closesBefore(text string, start int) bool {
	line := strings.TrimSpace(text[start:lineEnd(text, start)])
	if line != strings.Repeat(line[:1], len(line)) || start < 2 || text[start-2] == '\n' {
		return false
	}
	next := lineEnd(text, start)
	if strings.TrimSpace(text[next:lineEnd(text, next)]) != "" {
		return false
	}
	n := 0
	for i := 0; i < len(text); i = lineEnd(text, i) {
		if IsFence(text[i:lineEnd(text, i)]) {
			n++
		}
	}
	return n%2 == 1
}

// lineEnd returns the offset just past the line holding i (its '\n'), or
// len(text).
func lineEnd(text string, i int) int {
	if j := strings.IndexByte(text[i:], '\n'); j >= 0 {
		return i + j + 1
	}
	return len(text)
}

// fenceEnd returns the offset just past the line that closes the fence
// opening at start (same character, at least as long), or len(text).
func fenceEnd(text string, start int) int {
	open := strings.TrimLeft(text[start:], " ")
	n := 0
	for n < len(open) && open[n] == open[0] {
		n++
	}
	marker := open[:n]
	i := strings.IndexByte(text[start:], '\n')
	if i < 0 {
		return len(text)
	}
	i += start + 1
	for i < len(text) {
		j := strings.IndexByte(text[i:], '\n')
		line := text[i:]
		if j >= 0 {
			line = text[i : i+j]
		}
		if t := strings.TrimSpace(line); strings.HasPrefix(strings.TrimLeft(line, " "), marker) && OnlyMarkers(strings.TrimLeft(t, marker[:1])) {
			if j < 0 {
				return len(text)
			}
			return i + j + 1
		}
		if j < 0 {
			break
		}
		i += j + 1
	}
	return len(text)
}

// OnlyMarkers reports whether s is empty or holds citation markers only
// ("[S1]", "[S1][S2]"). A model citing a code block writes its marker
// after the closing fence ("``` [S1]"); CommonMark would not close the
// fence there, but reading the rest of the answer as code would hide its
// sentences, each with its own citations, inside one piece.
func OnlyMarkers(s string) bool {
	return strings.TrimSpace(s[absorbCitations(s, 0):]) == ""
}

// markersLineEnd extends a code block ending at end over the next line
// when that line holds citation markers only ("```\n[S1]"): the markers
// cite the block, and a piece of markers alone would cite nothing.
func markersLineEnd(text string, end int) int {
	if end == 0 || end >= len(text) || text[end-1] != '\n' {
		return end
	}
	j := strings.IndexByte(text[end:], '\n')
	line := text[end:]
	if j >= 0 {
		line = text[end : end+j]
	}
	if strings.TrimSpace(line) == "" || !OnlyMarkers(line) {
		return end
	}
	if j < 0 {
		return len(text)
	}
	return end + j + 1
}

// breaksAtNewline reports whether a line break before offset next ends a
// sentence: a blank line, a list item, a heading, or a table row follows.
func breaksAtNewline(text string, next int) bool {
	j := next
	for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r') {
		j++
	}
	if j >= len(text) || text[j] == '\n' {
		return true
	}
	rest := text[j:]
	switch rest[0] {
	case '#', '|', '>':
		return true
	case '-', '*', '+':
		return len(rest) > 1 && rest[1] == ' '
	}
	// Between two rows of a property box, or of a table; the line before
	// is found only when this one is a row.
	if label, row := IsLabelRow(rest), tableRow(rest); label || row {
		prev := text[strings.LastIndexByte(text[:next-1], '\n')+1:]
		if label && IsLabelRow(prev) || row && tableRow(prev) {
			return true
		}
	}
	// Numbered list item: "12. " or "3) ".
	k := 0
	for k < len(rest) && rest[k] >= '0' && rest[k] <= '9' {
		k++
	}
	return k > 0 && k+1 < len(rest) && (rest[k] == '.' || rest[k] == ')') && rest[k+1] == ' '
}

// IsLabelRow reports whether line is a row of a label–value table as
// loaders write one ("Default: | KeepAliveTimeout 5", "Type | integer"): a
// capitalised label of letters, digits, "_", "-" and spaces (at most 31
// bytes), an optional colon, "|" and a value. Each row of a reference
// page's property box states one fact; read as one sentence, a box whose
// "Override: | None" row holds a negation would make every other row's
// quote look negated, so Sentences splits between two such rows. One such
// line alone may be prose ("Into grep | less"). Only the first line of
// line is read.
func IsLabelRow(line string) bool {
	if line == "" || line[0] < 'A' || line[0] > 'Z' {
		return false
	}
	k := 1
	for k < len(line) && k <= 30 && labelByte(line[k]) {
		k++
	}
	if k < len(line) && line[k] == ':' {
		k++
	}
	for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
		k++
	}
	if k >= len(line) || line[k] != '|' {
		return false
	}
	k++
	for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
		k++
	}
	return k < len(line) && line[k] != '\n' && line[k] != '\r'
}

// tableRow reports whether the first line of line holds a cell separator
// as loaders write table rows ("%j | Day of the year as a zero-padded
// decimal number. | 001, 002, …, 366"). Between two such lines Sentences
// splits: a row is read alone, not run into the next row's cells from its
// last full stop. One such line alone may be prose.
func tableRow(line string) bool {
	if nl := strings.IndexByte(line, '\n'); nl >= 0 {
		line = line[:nl]
	}
	return strings.Contains(line, " | ") || strings.HasSuffix(line, " |")
}

func labelByte(c byte) bool {
	return c == ' ' || c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// endsSentence decides whether the period at dot ends a sentence, looking
// at the word before it and the text after it.
func endsSentence(text string, start, dot int) bool {
	ws := dot
	for ws > start {
		r, size := utf8.DecodeLastRuneInString(text[:ws])
		if unicode.IsSpace(r) || r == '(' || r == '"' || r == '[' {
			break
		}
		ws -= size
	}
	word := strings.ToLower(text[ws:dot])
	if abbreviations[word] && (!beforeNumber[word] || digitFollows(text, dot+1)) {
		return false
	}
	// Dots opening a bracket, words after them, stand for what is left
	// out: "find_package(... QUIET) will also be listed." ("[...]" alone
	// still ends one.)
	if word == "" && dot > 0 && strings.IndexByte("([{", text[dot-1]) >= 0 {
		j := dot
		for j < len(text) && text[j] == '.' {
			j++
		}
		if j < len(text) && strings.IndexByte(")]}", text[j]) < 0 {
			return false
		}
	}
	// "1." opening a line is a list number.
	if isDigits(word) && len(word) <= 3 && atLineStart(text, ws) {
		return false
	}
	// A single letter ("J. Smith") is an initial.
	if utf8.RuneCountInString(word) == 1 {
		if r, _ := utf8.DecodeRuneInString(word); unicode.IsLetter(r) {
			return false
		}
	}
	// A lower-case continuation means the sentence goes on.
	j := dot + 1
	for j < len(text) && IsSpaceByte(text[j]) && text[j] != '\n' {
		j++
	}
	if j < len(text) {
		r, _ := utf8.DecodeRuneInString(text[j:])
		if unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// absorbCitations extends end over citation markers that follow a full stop.
func absorbCitations(text string, end int) int {
	for {
		j := end
		for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		if j >= len(text) || text[j] != '[' {
			return end
		}
		k := strings.IndexByte(text[j:], ']')
		if k < 0 || k > 64 || strings.ContainsAny(text[j+1:j+k], "\n[") {
			return end
		}
		// "[text](url)" is a Markdown link, and "![alt](url)" an image:
		// neither ends a sentence as a citation marker would.
		if j+k+1 < len(text) && text[j+k+1] == '(' {
			return end
		}
		end = j + k + 1
	}
}

func isSpace(text string, i int) bool {
	r, _ := utf8.DecodeRuneInString(text[i:])
	return unicode.IsSpace(r)
}

// IsSpaceByte reports whether b is an ASCII space, tab, newline or
// carriage return.
func IsSpaceByte(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// TrimSpan moves the byte range [s, e) of text inward past Unicode white
// space.
func TrimSpan(text string, s, e int) (int, int) {
	for s < e {
		r, size := utf8.DecodeRuneInString(text[s:e])
		if !unicode.IsSpace(r) {
			break
		}
		s += size
	}
	for e > s {
		r, size := utf8.DecodeLastRuneInString(text[s:e])
		if !unicode.IsSpace(r) {
			break
		}
		e -= size
	}
	return s, e
}

func isDigits(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return w != ""
}

// atLineStart reports whether only spaces precede offset i on its line.
func atLineStart(text string, i int) bool {
	for i > 0 {
		c := text[i-1]
		if c == '\n' {
			return true
		}
		if c != ' ' && c != '\t' {
			return false
		}
		i--
	}
	return true
}
