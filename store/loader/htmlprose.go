package loader

import (
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
// ("text", "prose": HAProxy's documentation converter), nil otherwise.
// The layout alone does not tell: commands with comments, program output
// and configuration lines read as prose as often as wrapped paragraphs do
// (tried on the 18 eval corpora: every <pre> taken by a prose test of the
// lines was one of those).
func prosePre(n *html.Node, text string) []manLine {
	if !hasClassWord(n, "text", "prose") {
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

// prose writes a prose <pre>'s lines paragraph by paragraph: the
// unindented lines that open a paragraph, when they read as text (mostly
// prose, or one line ending a sentence or leading in: "Example:"), as
// running text, and the rest as a code block (an indented example, or a
// configuration sample written flush left).
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
		k := 0 // the unindented lines that open the paragraph
		for k < len(para) && para[k].indent == 0 {
			k++
		}
		if k > 0 && proseText(para[:k]) {
			w.out.lineBreak(2)
			w.out.inline(rejoin(para[:k], words))
			w.out.lineBreak(2)
			para = para[k:]
		}
		if len(para) > 0 {
			w.manCode(para)
		}
	}
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
