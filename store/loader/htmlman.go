package loader

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Manual pages formatted for a terminal and wrapped in one <pre> (Postfix's
// HTML manual pages, man2html and "man | col -b" pages put on the web).
// Fenced as code, such a page was one code block: no headings, no
// sentences to quote, words hyphenated across lines ("mes-" "sage") and
// justified with runs of spaces. manPage reads the page's layout instead:
// unindented lines are section headings ("DESCRIPTION"), lines indented
// less than the body are subsection headings, a line at the body's indent
// followed by deeper lines is a tagged entry ("-d queue_id" and its
// description), paragraphs are rejoined into running text, and the
// synopsis and deeper-indented examples stay code.

// manRef matches a page reference as it heads and foots a manual page
// ("POSTSUPER(1)").
var manRef = regexp.MustCompile(`^[A-Za-z0-9_.:+@-]+\([0-9][A-Za-z0-9]*\)$`)

// manSectionHeading matches a section heading line of a manual page:
// capitals, digits and a few marks, unindented ("SEE ALSO", "CONFIGURATION
// PARAMETERS").
var manSectionHeading = regexp.MustCompile(`^[A-Z][A-Z0-9 ,/&()'-]*$`)

// maxManSubheading bounds a subsection heading line; a longer line
// indented less than the body is text.
const maxManSubheading = 60

// manLine is one line of a formatted page: its indent in columns and its
// text without the indent.
type manLine struct {
	indent int
	text   string
}

// readManPage returns the lines of text when it is a formatted manual page,
// with tabs expanded and the page's header and footer lines left out; nil
// otherwise. A page has a NAME heading and a SYNOPSIS or DESCRIPTION
// heading, unindented, and either opens with its header line
// ("POSTSUPER(1) … POSTSUPER(1)") or is long, with the line after NAME
// indented as a formatter indents text. A manual page's source or a
// pydoc snippet quoted in a guide ("NAME" over "----", or over a line
// indented by four) is code and stays so.
func readManPage(text string) []manLine {
	if !strings.Contains(text, "NAME") && strings.IndexByte(text, '\b') < 0 {
		return nil // most <pre> blocks and text files: no page, no lines split
	}
	if strings.IndexByte(text, '\b') >= 0 {
		text = overstrike.ReplaceAllString(text, "") // bold and underline for a terminal: "N\bNA\bA"
	}
	raw := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var lines []manLine
	name, body, header := -1, false, false
	for _, l := range raw {
		l = strings.TrimRightFunc(expandTabs(l), unicode.IsSpace)
		t := strings.TrimLeft(l, " ")
		switch {
		case t == "NAME" && t == l && name < 0:
			name = len(lines)
		case (t == "SYNOPSIS" || t == "DESCRIPTION") && t == l:
			body = true
		}
		if manFurniture(t) {
			// A header names the page at both ends; a reference alone
			// ("git-psuh(1)" over "====") heads a page's source.
			header = header || len(lines) == 0 && len(strings.Fields(t)) > 1
			continue
		}
		if t == "" && len(lines) == 0 {
			continue
		}
		lines = append(lines, manLine{indent: len(l) - len(t), text: t})
	}
	if name < 0 || !body {
		return nil
	}
	if !header {
		k := name + 1
		for k < len(lines) && lines[k].text == "" {
			k++
		}
		if len(lines) < minManLines || k == len(lines) || lines[k].indent < 5 {
			return nil
		}
	}
	return lines
}

// overstrike matches a character a terminal page prints over with the one
// after the backspace.
var overstrike = regexp.MustCompile(`.\x08`)

// manTitle returns the text under a page's NAME heading ("pumpctl - pump
// control program"), or "" if there is none.
func manTitle(lines []manLine) string {
	for i, l := range lines {
		if l.indent == 0 && l.text == "NAME" {
			for _, n := range lines[i+1:] {
				if n.text != "" {
					if n.indent == 0 {
						return ""
					}
					return n.text
				}
			}
		}
	}
	return ""
}

// minManLines is how long a page without a header line must be to be
// read as a manual page rather than a quoted piece of one.
const minManLines = 30

// manFurniture reports a header or footer line: page references at both
// ends ("POSTSUPER(1)   …   POSTSUPER(1)") or alone, or a footer laid out
// in columns that ends with one ("Pump 2.1      2024-01-07      PUMPCTL(8)").
func manFurniture(t string) bool {
	f := strings.Fields(t)
	if len(f) == 0 || !manRef.MatchString(f[len(f)-1]) {
		return false
	}
	return manRef.MatchString(f[0]) || strings.Contains(t, strings.Repeat(" ", 8))
}

// expandTabs replaces tabs with spaces to the next multiple of 8 columns.
func expandTabs(l string) string {
	if !strings.ContainsRune(l, '\t') {
		return l
	}
	var b strings.Builder
	col := 0
	for _, r := range l {
		if r == '\t' {
			n := 8 - col%8
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}

// manBodyIndent returns the indent of the page's running text: the
// smallest indent of at least 4 columns that two or more lines share
// (groff indents text by 7 and tagged descriptions by 14), or the smallest
// of at least 4 columns.
func manBodyIndent(lines []manLine) int {
	if in := sharedIndent(lines, 3, 2); in > 0 {
		return in
	}
	return sharedIndent(lines, 3, 1)
}

// sharedIndent returns the smallest indent deeper than floor that at least
// n non-blank lines have, 0 if none.
func sharedIndent(lines []manLine, floor, n int) int {
	count := map[int]int{}
	for _, l := range lines {
		if l.text != "" && l.indent > floor {
			count[l.indent]++
		}
	}
	best := 0
	for in, k := range count {
		if k >= n && (best == 0 || in < best) {
			best = in
		}
	}
	return best
}

// manPage writes a formatted manual page's lines (readManPage) as
// headings, entries, paragraphs and code blocks.
func (w *walker) manPage(lines []manLine) {
	body := manBodyIndent(lines)
	words := manWords(lines)
	section := ""
	entryOpen := false
	var tags []string // tags read before the one their description follows
	endEntry := func() {
		if entryOpen {
			w.endEntry()
			entryOpen = false
		}
	}
	for i := 0; i < len(lines); {
		l := lines[i]
		switch {
		case l.text == "":
			i++
			continue
		case l.indent == 0 && manSectionHeading.MatchString(l.text):
			endEntry()
			section = l.text
			w.sectionWriter.heading(l.text, 2)
			i++
			continue
		case l.indent < body && len(l.text) <= maxManSubheading:
			endEntry()
			w.sectionWriter.heading(l.text, 3)
			i++
			continue
		}
		// A paragraph: the lines up to a blank line or a heading line.
		j := i + 1
		for j < len(lines) && lines[j].text != "" && lines[j].indent >= body {
			j++
		}
		para := lines[i:j]
		i = j
		deeper := true // every line below the body's indent
		for _, p := range para {
			deeper = deeper && p.indent > body
		}
		switch {
		case section == "SYNOPSIS":
			w.manCode(para)
		case section == "SEE ALSO":
			// References, one a line ("showq(8), list mail queue"):
			// a list, not a paragraph that runs them together.
			for _, p := range para {
				w.out.lineBreak(1)
				w.out.inline("- " + p.text)
			}
		case (deeper && entryOpen && para[0].indent < body+2*manStep(lines, body) || entryOpen && para[0].indent > body) && nestedTag(para) != "":
			// A tagged paragraph inside an entry's description (the values
			// of an option: "cyrus  This server plug-in is …").
			tag := nestedTag(para)
			desc := para[1:]
			if rest := strings.TrimSpace(strings.TrimPrefix(para[0].text, tag)); rest != "" {
				desc = append([]manLine{{text: rest}}, desc...)
			}
			w.out.lineBreak(1)
			w.out.inline("- " + tag + ": " + rejoin(desc, words))
			continue
		case deeper && entryOpen && para[0].indent < body+2*manStep(lines, body) && !manPreformatted(para):
			// The entry's description goes on after a blank line.
			w.out.lineBreak(2)
			w.out.inline(rejoin(hanging(para), words))
		case deeper:
			w.manCode(para)
		case len(para) == 1 && para[0].indent == body && len(para[0].text) <= maxManTag && !strings.HasSuffix(para[0].text, ":") &&
			!strings.HasSuffix(para[0].text, ".") && nestedTag(para) == "" && manTagNext(lines, i, body):
			// One of several tags over one description ("-e queue_id",
			// then "-f queue_id" and the text both describe).
			endEntry()
			tags = append(tags, para[0].text)
			continue
		case para[0].indent == body && (len(para) > 1 && para[1].indent > body || len(para) == 1 && nestedTag(para) != ""):
			// A tagged paragraph: the tag, then its description below it
			// or after a gap on its own line ("-p     Purge old …").
			endEntry()
			term, first := manTagSplit(para)
			tags = append(tags, term)
			w.out.lineBreak(2)
			w.beginEntry(shortTerm(strings.Join(tags, ", ")))
			entryOpen = true
			w.out.flush()
			w.out.b.WriteString(strings.Join(tags, "\n"))
			tags = nil
			w.out.lineBreak(1)
			desc := para[1:]
			if first != "" {
				desc = append([]manLine{{text: first}}, desc...)
			}
			w.out.inline(rejoin(desc, words))
		default:
			endEntry()
			w.out.lineBreak(2)
			w.out.inline(rejoin(para, words))
		}
		w.out.lineBreak(2)
	}
	endEntry()
}

// manTagSplit returns a tagged paragraph's tag and the text after it on
// the tag's line, if any. The text starts at the description's column:
// "SIGHUP Upon receipt …" over lines indented 7 deeper splits after
// "SIGHUP", a tag as wide as the column less one space; otherwise a gap
// of two spaces ends the tag ("-p     Purge old …"), and without one the
// line is the tag.
func manTagSplit(para []manLine) (string, string) {
	text := para[0].text
	if len(para) > 1 {
		if off := para[1].indent - para[0].indent; off > 1 && off < len(text) && text[off-1] == ' ' && text[off] != ' ' {
			return strings.TrimSpace(text[:off]), text[off:]
		}
	}
	if k := strings.Index(text, "  "); k > 0 && k <= maxManTag {
		return text[:k], strings.TrimSpace(text[k:])
	}
	return text, ""
}

// maxManTag bounds a tag (an option, a setting with its default) in
// bytes; a longer line at the body's indent is text.
const maxManTag = 48

// manTagNext reports whether the paragraph starting at lines[i] (after
// blank lines) is a tagged one: a line at the body's indent, then a deeper
// one.
func manTagNext(lines []manLine, i, body int) bool {
	for i < len(lines) && lines[i].text == "" {
		i++
	}
	return i+1 < len(lines) && lines[i].indent == body && lines[i+1].text != "" && lines[i+1].indent > body
}

// nestedTag returns the tag of a tagged paragraph inside an entry's
// description: a tag line with the description below it, indented alike,
// or a tag and a gap up to the description's column ("cyrus  This server
// plug-in is …", "all    All the above classes."); "" otherwise. A
// command split over lines is no tag: its first line holds shell marks or
// many words. Justified text has gaps too, but not one that reaches a
// description's column (five or more columns in).
func nestedTag(para []manLine) string {
	first := para[0]
	col := -1
	tag := first.text
	if k := strings.Index(first.text, "  "); k > 0 {
		tag = first.text[:k]
		col = first.indent + len(first.text) - len(strings.TrimLeft(first.text[k:], " "))
		if col < first.indent+5 {
			return ""
		}
	}
	if len(para) > 1 {
		in := para[1].indent
		for _, p := range para[1:] {
			if p.indent != in {
				return ""
			}
		}
		if in <= first.indent || col >= 0 && col != in {
			return ""
		}
	} else if col < first.indent+7 {
		// One line: only a gap as wide as a tag column (7, groff's
		// default) says tag; the text's own double spaces are narrower.
		return ""
	}
	if len(tag) > maxManTag || len(strings.Fields(tag)) > 3 || strings.ContainsAny(tag, `\|=;`) || strings.HasSuffix(tag, ".") ||
		manListMarker.MatchString(tag) {
		return "" // a list item's marker is for hanging
	}
	return tag
}

// manListMarker matches the marker of a list item in a formatted page
// ("1)", "2.", "o", "•").
var manListMarker = regexp.MustCompile(`^(?:\d+[.)]|[a-z][.)]|[o•*·-])$`)

// manPreformatted reports a paragraph laid out by hand: a line after the
// first indented deeper than it, other than a hanging tag's continuation
// (an example command split over lines, a JSON filter).
func manPreformatted(para []manLine) bool {
	if len(para) < 2 {
		return false
	}
	_, col := hangingTag(para[0])
	for _, p := range para[1:] {
		if p.indent > para[0].indent && p.indent != col {
			return true
		}
	}
	return false
}

// hangingTag returns the tag of a paragraph whose first line starts with
// a short tag and a gap ("1)     The queue manager …", "o      The
// message …") and the column its text starts at; "", -1 otherwise.
func hangingTag(l manLine) (string, int) {
	k := strings.Index(l.text, "  ")
	if k <= 0 || k > 4 || strings.ContainsRune(l.text[:k], ' ') {
		return "", -1
	}
	rest := strings.TrimLeft(l.text[k:], " ")
	return l.text[:k], l.indent + len(l.text) - len(rest)
}

// hanging returns para with a hanging tag written as a list marker ("o"
// and "•" as "-"), so that rejoin reads "1) The queue manager …".
func hanging(para []manLine) []manLine {
	tag, _ := hangingTag(para[0])
	if tag == "" {
		return para
	}
	switch tag {
	case "o", "•", "*", "·":
		tag = "-"
	}
	return append([]manLine{{indent: para[0].indent, text: tag + " " + strings.TrimSpace(para[0].text[len(tag):])}}, para[1:]...)
}

// manStep returns how much deeper than the body a tagged description is
// indented: the smallest deeper indent two lines share, 7 if none.
func manStep(lines []manLine, body int) int {
	if in := sharedIndent(lines, body, 2); in > 0 {
		return in - body
	}
	return 7
}

// trimBlankLines returns lines without the blank (or white-space) lines
// at either end, as a code block is written.
func trimBlankLines(lines []string) []string {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// manCode writes lines as a fenced code block, less their common indent.
func (w *walker) manCode(para []manLine) {
	least := para[0].indent
	for _, p := range para {
		least = min(least, p.indent)
	}
	w.out.lineBreak(2)
	w.out.flush()
	w.out.b.WriteString("```\n")
	for k, p := range para {
		if k > 0 {
			w.out.b.WriteByte('\n')
		}
		w.out.b.WriteString(strings.Repeat(" ", p.indent-least) + p.text)
	}
	w.out.b.WriteString("\n```")
	w.out.lineBreak(2)
}

// rejoin joins a paragraph's lines into one line of text. A word the
// formatter hyphenated at a line's end ("mes-" "sage") is joined whole,
// unless the page writes it with its hyphen elsewhere ("command-line").
func rejoin(para []manLine, words map[string]bool) string {
	var b strings.Builder
	for k, p := range para {
		t := p.text
		if k > 0 {
			prev := b.String()
			if cut, ok := hyphenatedAt(prev, t); ok && !words[strings.ToLower(cut+"-"+firstWord(t))] {
				b.Reset()
				for _, h := range manHyphens {
					prev = strings.TrimSuffix(prev, h)
				}
				b.WriteString(prev)
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(t)
	}
	return b.String()
}

// hyphenatedAt reports whether text so far ends in a word broken with a
// hyphen before next, and returns the word's first part.
func hyphenatedAt(prev, next string) (string, bool) {
	hyphen := ""
	for _, h := range manHyphens {
		if strings.HasSuffix(prev, h) {
			hyphen = h
		}
	}
	if hyphen == "" || next == "" || !unicode.IsLower(rune(next[0])) {
		return "", false
	}
	body := strings.TrimSuffix(prev, hyphen)
	start := 0
	if k := strings.LastIndexFunc(body, func(r rune) bool { return !unicode.IsLetter(r) }); k >= 0 {
		_, size := utf8.DecodeRuneInString(body[k:])
		start = k + size
	}
	cut := body[start:]
	return cut, cut != ""
}

// manHyphens are the hyphens a formatter breaks words with: ASCII, and
// the Unicode hyphen groff writes in a UTF-8 locale ("time‐" "stamps").
var manHyphens = []string{"-", "\u2010"}

// firstWord returns the leading letters of s.
func firstWord(s string) string {
	end := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
	if end < 0 {
		return s
	}
	return s[:end]
}

// manWords returns the hyphenated words the page writes whole on one line
// ("command-line"), lower-cased.
func manWords(lines []manLine) map[string]bool {
	words := map[string]bool{}
	for _, l := range lines {
		for _, f := range strings.FieldsFunc(strings.ReplaceAll(l.text, "\u2010", "-"), func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) {
			f = strings.Trim(f, "-")
			if strings.Contains(f, "-") {
				words[strings.ToLower(f)] = true
			}
		}
	}
	return words
}
