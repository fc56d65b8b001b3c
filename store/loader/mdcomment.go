package loader

import (
	"regexp"
	"strings"
)

// HTML comments and empty anchors in Markdown. A Markdown page renders
// neither: "<!-- This file is maintained within the docker/cli GitHub
// repository … -->" opens each of Docker's command references, and "###
// <a name="mount"></a> Add bind mounts …" marks a heading as a link
// target. Left in, the comment was indexed and quoted as the page's text,
// and the anchor's tag was part of the heading that names every sentence
// under it. Code (fenced blocks, indented blocks, code spans) keeps both:
// a page about HTML writes them as examples.

// emptyAnchor matches an <a> element holding nothing but a name or id.
var emptyAnchor = regexp.MustCompile(`(?i)<a\s+(?:name|id)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)\s*>\s*</a>[ \t]*`)

// maxCommentLines bounds how far a comment's close is looked for: an
// unclosed "<!--" is text, not the rest of the page.
const maxCommentLines = 200

// withoutHTMLComments removes the HTML comments and empty anchors of a
// Markdown document outside its code. A line left empty by a comment
// stays, as a paragraph break.
func withoutHTMLComments(text string) string {
	if !strings.Contains(text, "<!--") && !strings.Contains(text, "</a>") && !strings.Contains(text, "</A>") {
		return text
	}
	lines := strings.Split(text, "\n")
	var f mdFence
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if f.code(l) || indentedCode(lines, i) {
			continue
		}
		for {
			at := outsideCodeSpan(l, "<!--")
			if at < 0 {
				break
			}
			end, last := commentEnd(lines, i, l, at)
			if end < 0 {
				break
			}
			if last == i {
				l = l[:at] + l[end:]
				continue
			}
			// The comment runs over the lines up to last: they go, what
			// follows its close joins this line.
			rest := lines[last][end:]
			for k := i + 1; k <= last; k++ {
				lines[k] = ""
			}
			l = l[:at] + rest
		}
		lines[i] = withoutEmptyAnchors(l)
	}
	return strings.Join(lines, "\n")
}

// withoutEmptyAnchors removes the empty anchors of line l that stand
// outside its code spans.
func withoutEmptyAnchors(l string) string {
	if !strings.Contains(l, "</") {
		return l
	}
	var b strings.Builder
	last := 0
	for _, m := range emptyAnchor.FindAllStringIndex(l, -1) {
		if !inCodeSpan(l, m[0]) {
			b.WriteString(l[last:m[0]])
			last = m[1]
		}
	}
	if last == 0 {
		return l
	}
	b.WriteString(l[last:])
	return b.String()
}

// commentEnd finds the close of the comment opening at byte at of line l
// (lines[i]): the offset just past "-->" and the line it is on, or -1
// when there is none within maxCommentLines.
func commentEnd(lines []string, i int, l string, at int) (int, int) {
	if j := strings.Index(l[at+4:], "-->"); j >= 0 {
		return at + 4 + j + 3, i
	}
	for k := i + 1; k < len(lines) && k <= i+maxCommentLines; k++ {
		if j := strings.Index(lines[k], "-->"); j >= 0 {
			return j + 3, k
		}
	}
	return -1, -1
}

// outsideCodeSpan returns the first index of sub in l that is not inside a
// code span, or -1.
func outsideCodeSpan(l, sub string) int {
	for from := 0; ; {
		j := strings.Index(l[from:], sub)
		if j < 0 {
			return -1
		}
		if !inCodeSpan(l, from+j) {
			return from + j
		}
		from += j + len(sub)
	}
}

// inCodeSpan reports whether byte at of line l is inside a code span: an
// odd number of backticks before it.
func inCodeSpan(l string, at int) bool {
	return at >= 0 && strings.Count(l[:at], "`")%2 == 1
}

// indentedCode reports whether lines[i] belongs to an indented code block:
// four spaces or a tab in, after a blank line or another such line.
func indentedCode(lines []string, i int) bool {
	l := lines[i]
	if !strings.HasPrefix(l, "    ") && !strings.HasPrefix(l, "\t") || strings.TrimSpace(l) == "" {
		return false
	}
	for k := i - 1; k >= 0; k-- {
		p := lines[k]
		if strings.TrimSpace(p) == "" {
			return true
		}
		if !strings.HasPrefix(p, "    ") && !strings.HasPrefix(p, "\t") {
			return false
		}
	}
	return true
}
