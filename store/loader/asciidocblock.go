package loader

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// blocks reads blocks up to the closing delimiter of an enclosing block
// (left for its reader) or the end of the text.
func (p *adocParser) blocks() {
	for p.i < len(p.lines) && !p.closes(p.lines[p.i]) {
		if !p.preamble() {
			p.readBlock()
		}
	}
}

// closes reports a line that closes one of the enclosing compound blocks.
func (p *adocParser) closes(l string) bool {
	for _, d := range p.open {
		if l == d {
			return true
		}
	}
	return false
}

// preamble reads one line that is not a block of its own: a blank line, a
// comment, an attribute entry, an anchor, an attribute list or a block
// title (written as a line of text before its block). It reports whether
// it read one.
func (p *adocParser) preamble() bool {
	l := p.lines[p.i]
	switch {
	case l == "" || adocComment(l) || adocAnchorLine(l):
		p.i++
	case adocDelimiter(l) == "////":
		p.skipDelimited(l)
	case p.attributeEntry():
	case adocAttrLine(l):
		p.block.merge(parseAdocAttrs(l[1 : len(l)-1]))
		p.i++
	case adocBlockTitle(l):
		p.i++
		if t := p.subst(l[1:]); strings.TrimSpace(t) != "" {
			p.flushPrefix()
			p.out.inline(t)
			p.out.lineBreak(2)
		}
	default:
		return false
	}
	return true
}

// readBlock reads one block, always past at least one line.
func (p *adocParser) readBlock() {
	start := p.i
	a := p.block
	p.block = adocAttrs{}
	p.readBlockWith(a)
	if p.i == start {
		p.i++
	}
}

// readBlockWith reads the block at the current line, with its attribute
// list a.
func (p *adocParser) readBlockWith(a adocAttrs) {
	l := p.lines[p.i]
	if text, level, n := p.headingAt(p.i); n > 0 {
		p.i += n
		p.prefix = ""
		if t := p.subst(text); strings.TrimSpace(t) != "" {
			p.heading(strings.Join(strings.Fields(t), " "), level)
		}
		return
	}
	if d := adocDelimiter(l); d != "" {
		p.delimited(d, a)
		return
	}
	switch {
	case adocBreak(l):
		p.i++
		return
	case adocBlockMacro.MatchString(l):
		p.blockMacro(l)
		return
	}
	if _, ok := adocListItem(l); ok && p.depth < adocMaxDepth {
		p.list()
		return
	}
	p.paragraph(a)
}

// delimited reads a delimited block that starts at the current line with
// delimiter d.
func (p *adocParser) delimited(d string, a adocAttrs) {
	switch {
	case d == "////" || d == "++++" || a.style == "comment" || a.style == "pass" || a.style == "stem":
		// Comments, and raw HTML or math passed through to the output:
		// not text to read.
		p.skipDelimited(p.lines[p.i])
	case d == "----" || d == "...." || d == "```" || a.style == "source" || a.style == "listing" || a.style == "literal":
		p.code(p.delimitedLines(d))
	case a.style == "verse":
		p.verse(p.delimitedLines(d))
	case d == "|===" || d == "!===" || d == ",===" || d == ":===":
		p.table(d, a)
	default:
		p.compound(a)
	}
}

// adocDelimiter returns the kind of block delimiter l is ("----",
// "....", "====", "****", "____", "++++", "////", "--", "```", or a
// table's "|===", "!===", ",===", ":==="), "" for none.
func adocDelimiter(l string) string {
	if l == "--" {
		return l
	}
	if strings.HasPrefix(l, "```") {
		return "```"
	}
	if len(l) < 4 {
		return ""
	}
	c := l[0]
	if strings.IndexByte("|!,:", c) >= 0 && strings.Trim(l[1:], "=") == "" {
		return l[:1] + "==="
	}
	if strings.IndexByte("-.=*_+/", c) >= 0 && strings.Trim(l, l[:1]) == "" {
		return l[:4]
	}
	return ""
}

// delimitedLines returns the lines of the delimited block that starts at
// the current line, up to its closing line (the same as the opening one),
// and moves past it. A fence closes with "```" whatever language it opened
// with.
func (p *adocParser) delimitedLines(d string) []string {
	closer := p.lines[p.i]
	if d == "```" {
		closer = "```"
	}
	p.i++
	start := p.i
	for p.i < len(p.lines) && p.lines[p.i] != closer {
		p.i++
	}
	lines := p.lines[start:p.i]
	if p.i < len(p.lines) {
		p.i++
	}
	return lines
}

// skipDelimited moves past the delimited block that opens with line
// delim.
func (p *adocParser) skipDelimited(delim string) {
	p.delimitedLines(adocDelimiter(delim))
}

// compound reads a sidebar, example, quote or open block: blocks of its
// own, to its closing line. An admonition's label ("[NOTE]" over "====")
// heads its first paragraph.
func (p *adocParser) compound(a adocAttrs) {
	delim := p.lines[p.i]
	p.i++
	if p.depth >= adocMaxDepth {
		return // too deep: the content is read as if the delimiter were absent
	}
	p.depth++
	p.open = append(p.open, delim)
	inList := p.inList
	p.inList = false
	if label := adocAdmonition(a.style); label != "" {
		p.prefix = label + ": "
	}
	p.blocks()
	p.prefix = ""
	p.inList = inList
	p.open = p.open[:len(p.open)-1]
	p.depth--
	if p.i < len(p.lines) && p.lines[p.i] == delim {
		p.i++
	}
	p.attribution(a)
	p.out.lineBreak(2)
}

// attribution writes the author and source of a quote ("[quote, Author,
// Source]") after it.
func (p *adocParser) attribution(a adocAttrs) {
	if a.style != "quote" && a.style != "verse" || a.second == "" {
		return
	}
	who := a.second
	if a.third != "" {
		who += ", " + a.third
	}
	p.out.lineBreak(2)
	p.out.inline("— " + p.subst(who))
	p.out.lineBreak(2)
}

// adocAdmonition returns the label of an admonition style ("NOTE"), "" for
// any other style.
func adocAdmonition(style string) string {
	switch style {
	case "note", "tip", "important", "warning", "caution":
		return strings.ToUpper(style)
	}
	return ""
}

// flushPrefix writes a pending admonition label as a line of its own,
// before a block that is not a paragraph.
func (p *adocParser) flushPrefix() {
	if p.prefix != "" {
		p.out.inline(strings.TrimSpace(p.prefix))
		p.out.lineBreak(2)
		p.prefix = ""
	}
}

// code writes lines as a fenced code block, as manCode does: less their
// common indent and the blank lines around them.
func (p *adocParser) code(lines []string) {
	lines = trimBlankLines(lines)
	if len(lines) == 0 {
		return
	}
	p.flushPrefix()
	p.out.lineBreak(2)
	p.out.flush()
	p.out.b.WriteString("```\n")
	p.out.b.WriteString(strings.Join(adocDedent(lines), "\n"))
	p.out.b.WriteString("\n```")
	p.out.lineBreak(2)
}

// verse writes a verse (Git's synopses are verse paragraphs: one command
// form a line) as a code block, each line's markup stripped.
func (p *adocParser) verse(lines []string) {
	lines = adocDedent(lines)
	out := make([]string, len(lines))
	for k, l := range lines {
		body := strings.TrimLeft(l, " ")
		out[k] = l[:len(l)-len(body)] + strings.TrimSpace(p.substWith(body, false))
	}
	p.code(out)
}

// adocDedent expands tabs and removes the indent all non-blank lines
// share.
func adocDedent(lines []string) []string {
	out := make([]string, len(lines))
	least := -1
	for k, l := range lines {
		out[k] = expandTabs(l)
		if t := strings.TrimLeft(out[k], " "); t != "" {
			if in := len(out[k]) - len(t); least < 0 || in < least {
				least = in
			}
		}
	}
	for k, l := range out {
		out[k] = l[min(max(least, 0), len(l)):]
	}
	return out
}

// paragraph reads a paragraph (with the style of its attribute list a):
// running text, or a code block when indented or styled so.
func (p *adocParser) paragraph(a adocAttrs) {
	first := p.lines[p.i]
	indented := first[0] == ' ' || first[0] == '\t'
	if strings.HasPrefix(first, ">") && !indented {
		p.quoted()
		return
	}
	lines := p.paragraphLines()
	switch {
	case a.style == "comment" || a.style == "pass" || a.style == "stem":
	case a.style == "source" || a.style == "listing" || a.style == "literal" || indented && a.style != "normal":
		p.code(lines)
	case a.style == "verse":
		p.verse(lines)
	default:
		if label := adocAdmonition(a.style); label != "" {
			p.prefix = label + ": "
		}
		p.text(lines, a.hardbreaks)
		p.out.lineBreak(2)
		p.attribution(a)
	}
}

// paragraphLines returns the lines of the paragraph at the current line,
// less comments: up to a blank line, a delimiter, an attribute list or
// anchor, or (in a list) a list item or continuation.
func (p *adocParser) paragraphLines() []string {
	lines := []string{p.lines[p.i]}
	for p.i++; p.i < len(p.lines); p.i++ {
		l := p.lines[p.i]
		if l == "" || p.closes(l) || adocDelimiter(l) != "" || adocAttrLine(l) || adocAnchorLine(l) {
			break
		}
		if p.inList && (l == "+" || adocIsListItem(l)) {
			break
		}
		if !adocComment(l) {
			lines = append(lines, l)
		}
	}
	return lines
}

// quoted reads a Markdown-style quote ("> text" lines) as a paragraph.
func (p *adocParser) quoted() {
	var lines []string
	for ; p.i < len(p.lines) && strings.HasPrefix(p.lines[p.i], ">"); p.i++ {
		lines = append(lines, strings.TrimPrefix(p.lines[p.i][1:], " "))
	}
	p.text(lines, false)
	p.out.lineBreak(2)
}

// text writes lines as running text: joined with spaces, their markup
// stripped; a line ending in " +" (or every line, with hardbreaks) ends a
// line of the text. A pending admonition label comes first.
func (p *adocParser) text(lines []string, hardbreaks bool) {
	var run []string
	first := true
	write := func() {
		t := strings.TrimSpace(p.subst(strings.Join(run, "\n")))
		run = run[:0]
		if first && p.prefix != "" {
			t = p.prefix + t
			p.prefix = ""
		}
		if t == "" {
			return
		}
		if !first {
			p.out.lineBreak(1)
		}
		first = false
		p.out.inline(t)
	}
	for _, l := range lines {
		l = strings.TrimLeft(l, " \t")
		if body, ok := strings.CutSuffix(l, " +"); ok || hardbreaks {
			run = append(run, body)
			write()
			continue
		}
		run = append(run, l)
	}
	if len(run) > 0 || first && p.prefix != "" {
		write()
	}
}

// adocBreak reports a line that only breaks the page or the flow: a
// thematic break (three apostrophes or more, Markdown's "---", "* * *")
// or a page break ("<<<").
func adocBreak(l string) bool {
	if l == "<<<" || len(l) >= 3 && strings.Trim(l, "'") == "" {
		return true
	}
	switch strings.ReplaceAll(l, " ", "") {
	case "---", "***", "___":
		return len(l) <= 5
	}
	return false
}

// adocBlockMacro matches a block macro line ("image::file.png[Alt]",
// "toc::[]", "video::id[youtube]").
var adocBlockMacro = regexp.MustCompile(`^([A-Za-z0-9_][\w-]*)::(\S*?)\[(.*)\]$`)

// blockMacro writes the alternative text of an image; other block macros
// (a table of contents, a video) have no text to read.
func (p *adocParser) blockMacro(l string) {
	p.i++
	m := adocBlockMacro.FindStringSubmatch(l)
	if m == nil || m[1] != "image" {
		return
	}
	if alt := p.subst(parseAdocAttrs(m[3]).altText()); strings.TrimSpace(alt) != "" {
		p.flushPrefix()
		p.out.inline(alt)
		p.out.lineBreak(2)
	}
}

// headingAt returns the section title at line i, its level (1 for the
// document title "= T", 2 for "== T"…) and how many lines it takes (0 for
// none): a "=" or Markdown "#" line, or a title over an underline of "=",
// "-", "~", "^" or "+" as long as the title, give or take two.
func (p *adocParser) headingAt(i int) (string, int, int) {
	l := p.lines[i]
	if l != "" && (l[0] == '=' || l[0] == '#') {
		marks := len(l) - len(strings.TrimLeft(l, l[:1]))
		if marks <= 6 && marks < len(l) && (l[marks] == ' ' || l[marks] == '\t') {
			text := strings.TrimSpace(l[marks:])
			if l[0] == '=' {
				// The symmetric form closes with its marks: "== Title ==".
				if k := strings.LastIndex(text, " "+l[:marks]); k >= 0 && k+1+marks == len(text) {
					text = strings.TrimSpace(text[:k])
				}
			}
			if text != "" {
				return text, marks, 1
			}
		}
	}
	if i+1 >= len(p.lines) || !adocSetextTitle(l) {
		return "", 0, 0
	}
	u := p.lines[i+1]
	if len(u) < 2 || strings.Trim(u, u[:1]) != "" {
		return "", 0, 0
	}
	level := strings.IndexByte("=-~^+", u[0]) + 1
	if level == 0 {
		return "", 0, 0
	}
	if n := utf8.RuneCountInString(l); n-len(u) > 2 || len(u)-n > 2 {
		return "", 0, 0
	}
	return strings.TrimSpace(l), level, 2
}

// adocSetextTitle reports a line that may be a section title over an
// underline: it starts with a letter, a digit or inline markup (not with
// block markup, white space or a list marker) and does not end in a colon
// ("Run:" over "----" introduces a listing).
func adocSetextTitle(l string) bool {
	if l == "" || strings.HasSuffix(l, ":") {
		return false
	}
	r, _ := utf8.DecodeRuneInString(l)
	if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("`'\"(_{", r) {
		return false
	}
	return !adocIsListItem(l)
}

// adocComment reports a comment line ("// text"); "////" opens a comment
// block instead.
func adocComment(l string) bool {
	return strings.HasPrefix(l, "//") && (len(l) == 2 || l[2] != '/')
}

// adocAnchorLine reports a block anchor line ("[[install]]").
func adocAnchorLine(l string) bool {
	return strings.HasPrefix(l, "[[") && strings.HasSuffix(l, "]]") && !strings.ContainsAny(l[2:len(l)-2], "[]")
}

// adocAttrLine reports a block attribute list line ("[source,go]",
// "[NOTE]", "[cols="1,2"]", "[#id.role]").
func adocAttrLine(l string) bool {
	if len(l) < 2 || l[0] != '[' || l[len(l)-1] != ']' {
		return false
	}
	if len(l) == 2 {
		return true
	}
	c := l[1]
	return adocWord(c) || strings.IndexByte(`#.%{,"'`, c) >= 0
}

// adocBlockTitle reports a block title line (".Example output"): one dot,
// then neither a space nor another dot.
func adocBlockTitle(l string) bool {
	return len(l) >= 2 && l[0] == '.' && l[1] != ' ' && l[1] != '\t' && l[1] != '.'
}
