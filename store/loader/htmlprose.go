package loader

import (
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/net/html"
)

// Prose in <pre>. Manuals converted from plain text keep their paragraphs
// in preformatted blocks, wrapped at a fixed width (HAProxy's
// configuration.html writes every description as <pre class="text">).
// Fenced as code, their sentences were quoted as code with the line breaks
// of the original file, and an answer was never led by them. A <pre> that
// holds prose (by its class) has its unindented paragraphs written as
// running text (lines rejoined as in a manual page); its indented blocks
// (configuration examples, argument lists) stay code.

// prosePre returns the lines of a <pre> whose class says it holds text
// ("text", "prose", and "arguments" for argument lists: HAProxy's
// documentation converter), nil otherwise.
// The layout alone does not tell: commands with comments, program output
// and configuration lines read as prose as often as wrapped paragraphs do
// (tried on the 18 eval corpora: every <pre> taken by a prose test of the
// lines was one of those).
func prosePre(n *html.Node, text string) []manLine {
	if !hasClassWord(n, "text", "prose", "arguments") {
		return nil
	}
	var lines []manLine
	for _, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		l = strings.TrimRightFunc(expandTabs(l), unicode.IsSpace)
		t := strings.TrimLeft(l, " ")
		if t == "" && len(lines) == 0 {
			continue
		}
		lines = append(lines, manLine{indent: len(l) - len(t), text: t})
	}
	if len(lines) == 0 {
		return nil
	}
	return lines
}

// proseLine reports a line of running text: five or more words, mostly
// letters, and none of the marks code is written with.
func proseLine(t string) bool {
	if strings.ContainsAny(t, "{};=<>$\\|`") || len(strings.Fields(t)) < 5 {
		return false
	}
	letters, rest := 0, 0
	for _, r := range t {
		switch {
		case unicode.IsLetter(r):
			letters++
		case r != ' ':
			rest++
		}
	}
	return letters >= 4*rest
}

// hasClassWord reports whether n's class attribute holds one of words.
func hasClassWord(n *html.Node, words ...string) bool {
	for _, c := range strings.Fields(attrVal(n, "class")) {
		for _, w := range words {
			if strings.EqualFold(c, w) {
				return true
			}
		}
	}
	return false
}

// prose writes a prose <pre>'s lines paragraph by paragraph: the lines
// that open a paragraph at the text's margin (textLines), when they read
// as text (mostly prose, or one line ending a sentence or leading in:
// "Example:"), as running text or list items, and the rest as a code
// block (an indented example, or a configuration sample written flush
// left).
func (w *walker) prose(lines []manLine) {
	words := manWords(lines)
	for i := 0; i < len(lines); {
		if lines[i].text == "" {
			i++
			continue
		}
		j := i
		for j < len(lines) && lines[j].text != "" {
			j++
		}
		para := lines[i:j]
		i = j
		for len(para) > 0 {
			if tag, desc, n := proseTagged(para); n > 0 {
				// "- source: The source IP address is hashed …", as a
				// manual page's tagged paragraph is written; "- <value>
				// is the number of …" when tag and text read as one
				// sentence.
				sep := ": "
				if unicode.IsLower(rune(desc[0].text[0])) {
					sep = " "
				}
				w.out.lineBreak(2)
				w.out.inline("- " + tag + sep + rejoin(desc, words))
				w.out.lineBreak(2)
				para = para[n:]
				continue
			}
			if k := textLines(para); k > 0 && proseText(para[:k]) {
				w.out.lineBreak(2)
				for n, item := range listItems(para[:k]) {
					if n > 0 {
						w.out.lineBreak(1)
					}
					w.out.inline(rejoin(item, words))
				}
				w.out.lineBreak(2)
				para = para[k:]
			}
			if len(para) > 0 {
				w.manCode(para)
			}
			break
		}
	}
}

// proseTagged reads a tagged paragraph at the top of para: a tag, then its
// description from a column every line after it is aligned to ("  source
// The source IP address is hashed …" over lines indented to "The", or
// "<value>   is the number of times …", as HAProxy's argument lists are
// laid out). It returns the tag, the description's lines and how many
// lines of para they take; 0 when para opens with no tag or the
// description does not read as text.
func proseTagged(para []manLine) (string, []manLine, int) {
	first := para[0]
	if first.indent > proseMargin {
		return "", nil, 0
	}
	if proseListMarker.MatchString(first.text) {
		return "", nil, 0
	}
	tag, rest, _ := strings.Cut(first.text, " ")
	col := first.indent + len(tag) + 1
	if k := strings.Index(first.text, "  "); k > 0 {
		tag, rest = first.text[:k], strings.TrimLeft(first.text[k:], " ")
		col = first.indent + len(first.text) - len(rest)
		if len(para) > 1 && para[1].indent != col || len(para) == 1 && col < first.indent+8 {
			// Two spaces inside a line of text, no column: "… a TCP
			// connection.  Then …".
			return "", nil, 0
		}
	} else if len(para) < 2 || para[1].indent != col {
		return "", nil, 0 // one space after a word: a tag only if the lines below align to the text after it
	}
	if rest == "" || len(tag) > maxManTag || len(strings.Fields(tag)) > 2 || strings.ContainsAny(tag, `\|=;`) || strings.HasSuffix(tag, ".") {
		return "", nil, 0
	}
	n := 1
	for n < len(para) && para[n].indent == col {
		n++
	}
	desc := append([]manLine{{indent: col, text: rest}}, para[1:n]...)
	if !proseText(desc) {
		return "", nil, 0
	}
	return tag, desc, n
}

// proseMargin is the deepest indent a paragraph of running text opens at
// in a prose <pre>: HAProxy's converter leaves some descriptions indented
// by the two columns of its source file, while its examples are indented
// by four or more.
const proseMargin = 2

// textLines returns how many lines at the top of a paragraph could be
// running text: those at the first line's indent, when that is within
// proseMargin, and those at its hanging column, the column the text
// starts at after a list marker or a label ("- a star ('*') : this form
// …" over "    method and …", "Note : For a while …" over lines aligned
// under "For"). Cut at either column, a wrapped sentence was split into
// text and a code block.
func textLines(para []manLine) int {
	base := para[0].indent
	if base > proseMargin {
		return 0
	}
	hang := -1
	k := 1
	for ; k < len(para); k++ {
		l := para[k]
		if l.indent == base {
			hang = -1
			continue
		}
		if hang < 0 {
			hang = hangColumn(para[k-1])
		}
		if hang < 0 || l.indent != hang {
			break
		}
	}
	return k
}

// hangColumn returns the column at which a line's text starts after a
// list marker ("- ", "1. ", "b) ") or a label ending in a colon ("Note :
// "), -1 when it opens with neither.
func hangColumn(l manLine) int {
	if m := proseListMarker.FindString(l.text); m != "" {
		return l.indent + len(m)
	}
	if m := proseLabel.FindString(l.text); m != "" && len(m) < len(l.text) {
		return l.indent + len(m)
	}
	return -1
}

var (
	// proseListMarker matches a list item's marker and the spaces after it.
	proseListMarker = regexp.MustCompile(`^(?:[-*o•]|\d{1,2}[.)]|[a-z][.)]) +`)
	// proseLabel matches a short label, its colon and the spaces after it
	// ("Note : ", "Warning: ").
	proseLabel = regexp.MustCompile(`^[A-Z][A-Za-z]*(?: [A-Za-z]+)? ?: +`)
)

// listItems splits text lines into list items, each opening with a
// marker at the paragraph's indent; lines that open with no marker are
// one item.
func listItems(lines []manLine) [][]manLine {
	var items [][]manLine
	start := 0
	for k := 1; k < len(lines); k++ {
		if lines[k].indent == lines[0].indent && proseListMarker.MatchString(lines[k].text) {
			items = append(items, lines[start:k])
			start = k
		}
	}
	return append(items, lines[start:])
}

// proseText reports lines that read as text: mostly prose lines, or one
// line ending a sentence or leading in.
func proseText(lines []manLine) bool {
	prose := 0
	for _, l := range lines {
		if proseLine(l.text) {
			prose++
		}
	}
	last := lines[len(lines)-1].text
	return 2*prose >= len(lines) || len(lines) == 1 && strings.ContainsAny(last[len(last)-1:], ".:")
}
