package chunker

import "strings"

// span is a half-open byte range [start, end) of the document text.
type span struct{ start, end int }

// mdHeading is one Markdown heading: its line span (for a setext heading,
// the text lines and the underline), its level 1–6 and its text.
type mdHeading struct {
	span
	level int
	text  string
}

// markdown is the structure the chunker needs from a Markdown text: the
// headings, and the fenced code blocks (whose blank lines are not paragraph
// breaks and whose '#' lines are not headings).
type markdown struct {
	headings []mdHeading
	fences   []span
}

// parseMarkdown finds ATX headings ("## Title"), setext headings (a
// paragraph underlined with '=' or '-'), and fenced code blocks, following
// CommonMark closely enough for chunking: headings inside fences, indented
// code, list items, block quotes and YAML front matter are not headings.
func parseMarkdown(text string) markdown { return parseMarkdownFrom(text, true) }

// parseMarkdownFrom is parseMarkdown for a text that is the start of a
// document (frontMatter: it may open with front matter) or a later window
// of a streamed one (SplitStream), which may not.
func parseMarkdownFrom(text string, frontMatter bool) markdown {
	var md markdown
	var (
		para         = -1 // start of the current paragraph, -1 if none
		paraSetext   bool // whether the current paragraph may become a setext heading
		fenceStart   = -1
		fenceChar    byte
		fenceLen     int
		pos          int
		prevLineStop int // end of the previous line's content
	)
	if frontMatter {
		pos = skipFrontMatter(text)
	}
	for pos < len(text) {
		lineEnd := len(text)
		if i := strings.IndexByte(text[pos:], '\n'); i >= 0 {
			lineEnd = pos + i
		}
		next := min(lineEnd+1, len(text))
		line := strings.TrimSuffix(text[pos:lineEnd], "\r")
		indent, rest := splitIndent(line)

		switch {
		case fenceStart >= 0:
			if indent < 4 && closesFence(rest, fenceChar, fenceLen) {
				md.fences = append(md.fences, span{fenceStart, lineEnd})
				fenceStart = -1
			}
		case isBlank(line):
			para = -1
		case indent >= 4:
			// Indented code, or a lazy continuation of a paragraph.
		case opensFence(rest):
			fenceStart, fenceChar, fenceLen = pos, rest[0], runLen(rest, rest[0])
			para = -1
		case atxLevel(rest) > 0:
			level := atxLevel(rest)
			md.headings = append(md.headings, mdHeading{span{pos, pos + len(line)}, level, atxText(rest[level:])})
			para = -1
		case para >= 0 && paraSetext && setextLevel(rest) > 0:
			md.headings = append(md.headings, mdHeading{span{para, pos + len(line)}, setextLevel(rest), strings.Join(strings.Fields(text[para:prevLineStop]), " ")})
			para = -1
		case para < 0 && isThematicBreak(rest):
			// A rule, not a paragraph line: it cannot be underlined.
		case isListItem(rest) || rest[0] == '>':
			// List items and quotes start a block that is not a setext heading.
			para, paraSetext = pos, false
		default:
			if para < 0 {
				para, paraSetext = pos, true
			}
		}
		prevLineStop = pos + len(line)
		pos = next
	}
	if fenceStart >= 0 {
		md.fences = append(md.fences, span{fenceStart, len(text)})
	}
	return md
}

// skipFrontMatter returns the offset after a YAML front matter block
// ("---" ... "---" or "...") at the very start of text, or 0.
func skipFrontMatter(text string) int {
	for pos, first := 0, true; pos < len(text); first = false {
		lineEnd := len(text)
		if i := strings.IndexByte(text[pos:], '\n'); i >= 0 {
			lineEnd = pos + i
		}
		t := strings.TrimRight(text[pos:lineEnd], " \t\r")
		switch {
		case first && t != "---":
			return 0
		case !first && (t == "---" || t == "..."):
			return min(lineEnd+1, len(text))
		}
		pos = lineEnd + 1
	}
	return 0
}

// splitIndent returns a line's indentation width (tabs to multiples of 4)
// and the line without it.
func splitIndent(line string) (int, string) {
	width := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case ' ':
			width++
		case '\t':
			width += 4 - width%4
		default:
			return width, line[i:]
		}
	}
	return width, ""
}

func isBlank(s string) bool { return strings.TrimLeft(s, " \t\r\n") == "" }

func runLen(s string, c byte) int {
	n := 0
	for n < len(s) && s[n] == c {
		n++
	}
	return n
}

func opensFence(rest string) bool {
	if rest == "" || (rest[0] != '`' && rest[0] != '~') {
		return false
	}
	n := runLen(rest, rest[0])
	return n >= 3 && (rest[0] == '~' || !strings.Contains(rest[n:], "`"))
}

func closesFence(rest string, c byte, n int) bool {
	k := runLen(rest, c)
	return k >= n && isBlank(rest[k:])
}

// atxLevel returns the level of an ATX heading line (indentation removed),
// or 0 if the line is not one.
func atxLevel(rest string) int {
	n := runLen(rest, '#')
	if n == 0 || n > 6 {
		return 0
	}
	if n < len(rest) && rest[n] != ' ' && rest[n] != '\t' {
		return 0
	}
	return n
}

// atxText strips an ATX heading's optional closing sequence of '#' and a
// trailing attribute block such as "{#install}" (Pandoc, Hugo, Goldmark).
func atxText(s string) string {
	s = strings.TrimSpace(s)
	t := strings.TrimRight(s, "#")
	if t == "" || strings.HasSuffix(t, " ") || strings.HasSuffix(t, "\t") {
		s = t
	}
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, "}") {
		if i := strings.LastIndex(s, " {"); i > 0 && strings.HasPrefix(s[i+2:], "#") || i > 0 && strings.HasPrefix(s[i+2:], ".") {
			s = s[:i]
		}
	}
	return strings.Join(strings.Fields(s), " ")
}

// setextLevel returns 1 for an '=' underline, 2 for a '-' underline, 0
// otherwise.
func setextLevel(rest string) int {
	t := strings.TrimRight(rest, " \t")
	if t == "" || runLen(t, t[0]) != len(t) {
		return 0
	}
	switch t[0] {
	case '=':
		return 1
	case '-':
		return 2
	}
	return 0
}

func isThematicBreak(rest string) bool {
	c := rest[0]
	if c != '-' && c != '*' && c != '_' {
		return false
	}
	n := 0
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case c:
			n++
		case ' ', '\t':
		default:
			return false
		}
	}
	return n >= 3
}

// isListItem reports whether a line (indentation removed) starts a list
// item: "- ", "* ", "+ ", "1. " or "1) ".
func isListItem(rest string) bool {
	if len(rest) >= 2 && strings.IndexByte("-*+", rest[0]) >= 0 && (rest[1] == ' ' || rest[1] == '\t') {
		return true
	}
	k := 0
	for k < len(rest) && k < 9 && rest[k] >= '0' && rest[k] <= '9' {
		k++
	}
	return k > 0 && k+1 < len(rest) && (rest[k] == '.' || rest[k] == ')') && (rest[k+1] == ' ' || rest[k+1] == '\t')
}
