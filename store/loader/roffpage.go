package loader

import (
	"regexp"
	"strings"
)

// roffPage lays out what a manual page's macros and text print: it fills
// text into paragraphs, opens headings and definition entries, and keeps
// no-fill regions as code. The man macros are read here, mdoc's in
// roffmdoc.go.
type roffPage struct {
	r *roffReader
	w *walker

	section     string // the section title being read, upper-cased
	headingNext int    // the level of a heading whose title is the next text (".SH" alone)
	fill        bool   // false in a no-fill region (.nf, .EX, mdoc's literal displays)
	code        []string
	synopsis    []string // the SYNOPSIS section's lines, written as one code block

	para     strings.Builder // the paragraph being filled; a NUL is a line break (.br)
	noSpace  bool            // the last text ended with "\c": the next joins it
	soft     bool            // the next paragraph goes on the next line, not after a blank one
	prefix   string          // written before the next paragraph: a list item's marker
	lastItem bool            // the paragraph written last was a list item
	fresh    bool            // the paragraph being filled began with .PP and holds only text

	rs       int // .RS depth
	entries  []roffEntry
	tags     []string // tags read for an entry whose description has not begun
	tagDepth int      // the depth of the entry the tags open
	tagNext  bool     // the next text is a tag (.TP, .TQ)
	tagText  string   // a tag's text so far, when its line ends with "\c"
	url      string   // the address of an open .UR or .MT

	table *roffTable
	lists []mdocList
	xo    *mdocOut // an mdoc item head that goes on over lines (.It … Xo … Xc)

	nameText       string // the NAME section's text: "ls - list directory contents"
	thName, thSect string // .TH's (or .Dt's) page name and section
	mdocName       string // mdoc's first .Nm
}

// roffEntry is an open tagged paragraph.
type roffEntry struct {
	depth int // the .RS depth (mdoc: the list depth) of its tag
	// section: it opened a definition entry; otherwise it is an item of a
	// list inside one, written on one line as "- tag: description".
	section bool
}

func (p *roffPage) init(r *roffReader) {
	p.r, p.w, p.fill = r, &r.w, true
}

// title is the page's title: its NAME line, else "name(section)".
func (p *roffPage) title() string {
	switch {
	case p.nameText != "":
		return p.nameText
	case p.thName != "" && p.thSect != "":
		return p.thName + "(" + p.thSect + ")"
	}
	return p.thName
}

// manMacros are the man package's macros; a page's own definition of one
// of these names is not used in its place.
var manMacros = map[string]bool{
	"TH": true, "SH": true, "SS": true, "PP": true, "LP": true, "P": true, "HP": true, "TP": true, "TQ": true,
	"IP": true, "RS": true, "RE": true, "B": true, "I": true, "SM": true, "SB": true, "BR": true, "RB": true,
	"BI": true, "IB": true, "IR": true, "RI": true, "br": true, "sp": true, "nf": true, "fi": true, "EX": true,
	"EE": true, "TS": true, "TE": true, "UR": true, "UE": true, "MT": true, "ME": true, "SY": true, "OP": true,
	"YS": true, "R": true,
}

// builtin reports a macro this reader implements.
func (p *roffPage) builtin(name string) bool { return manMacros[name] || mdocMacro(name) }

// request runs a macro of the man or mdoc package.
func (p *roffPage) request(name, args string) {
	if mdocMacro(name) {
		p.mdoc(name, args)
		return
	}
	a := roffArgs(args)
	switch name {
	case "B", "I", "SM", "SB", "R":
		if len(a) > 0 {
			p.emit(p.joined(a, " "), false)
		}
		return // the font of the next line: it keeps a term's paragraph fresh
	case "BR", "RB", "BI", "IB", "IR", "RI":
		p.emit(p.joined(a, ""), false)
		return
	case "br":
		p.lineBreak()
		return
	case "PP", "LP", "P", "HP":
		p.paragraph()
		p.closeEntries(p.rs)
		p.fresh = true
		return
	}
	fresh := p.fresh
	p.fresh = false
	switch name {
	case "TH":
		if len(a) > 0 {
			p.thName = p.r.plain(a[0])
		}
		if len(a) > 1 {
			p.thSect = p.r.plain(a[1])
		}
		if len(a) > 2 {
			setDate(&p.r.meta, p.r.plain(a[2]))
		}
		if len(a) > 3 {
			setRevision(&p.r.meta, p.r.plain(a[3]))
		}
	case "SH", "SS":
		level := 2
		if name == "SS" {
			level = 3
		}
		if len(a) == 0 {
			p.endBlocks()
			p.headingNext = level
			return
		}
		p.heading(p.joined(a, " "), level)
	case "TP", "TQ":
		p.paragraph()
		if name == "TP" && len(p.tags) == 0 {
			p.closeEntries(p.rs)
		}
		p.tagDepth, p.tagNext = p.rs, true
	case "IP":
		tag := ""
		if len(a) > 0 {
			tag = strings.TrimSpace(p.r.plain(a[0]))
		}
		p.paragraph()
		if tag == "" {
			p.openTags() // an indented paragraph that goes on with the entry
			return
		}
		if marker, ok := listMarker(tag); ok {
			p.openTags()
			p.closeEntries(p.rs)
			p.prefix = marker
			return
		}
		if len(p.tags) == 0 {
			p.closeEntries(p.rs)
		}
		p.tags, p.tagDepth = append(p.tags, tag), p.rs
	case "RS":
		p.indent(fresh)
	case "RE":
		p.paragraph()
		p.openTags()
		p.closeEntries(p.rs)
		p.rs = max(0, p.rs-1)
	case "sp":
		if len(a) == 0 || !strings.HasPrefix(a[0], "-") {
			p.paragraph()
		}
	case "nf", "EX":
		p.noFill()
	case "fi", "EE":
		p.fillMode()
	case "TS":
		p.paragraph()
		p.flushCode()
		p.table = &roffTable{tab: "\t"}
	case "TE":
		p.endTable()
	case "UR", "MT":
		p.url = ""
		if len(a) > 0 {
			p.url = p.r.plain(a[0])
		}
	case "UE", "ME":
		if p.url != "" {
			p.emit("<"+p.url+">", false)
		}
		p.url = ""
		if len(a) > 0 {
			p.emit(p.joined(a, ""), false)
			p.noSpace = false
		}
	case "SY":
		p.paragraph()
		p.emit(p.joined(a, " "), false)
	case "OP":
		p.emit("["+p.joined(a, " ")+"]", false)
	case "YS":
		p.paragraph()
	}
}

// joined returns what a macro's arguments print, joined by sep.
func (p *roffPage) joined(a []string, sep string) string {
	parts := make([]string, len(a))
	for k, s := range a {
		parts[k] = p.r.plain(s)
	}
	return strings.Join(parts, sep)
}

// listMarkerPattern matches an enumerated list's marker ("1.", "a)",
// "(iv)").
var listMarkerPattern = regexp.MustCompile(`^\(?[0-9]{1,3}[.)]$|^\(?[a-z][.)]$|^\([ivx]{1,5}\)$`)

// listMarker returns the marker a list item is written with when tag is a
// bullet or a number rather than a term.
func listMarker(tag string) (string, bool) {
	switch tag {
	case "•", "*", "-", "o", "·", "+", "–", "—", "\u25e6":
		return "- ", true
	}
	if listMarkerPattern.MatchString(tag) {
		return tag + " ", true
	}
	return "", false
}

// maxRoffTerm bounds the paragraph read as the term over an indented
// block.
const maxRoffTerm = 240

// indent runs .RS. A paragraph of a few words that opened with .PP and
// ends where the indented block begins is the term of a definition list
// as DocBook writes one (".PP", "\fIStorage=\fR", ".RS 4", its
// description, ".RE").
func (p *roffPage) indent(fresh bool) {
	text := strings.TrimSpace(p.para.String())
	if fresh && len(p.tags) == 0 && p.prefix == "" && text != "" && len(text) <= maxRoffTerm && !p.inSynopsis() &&
		!strings.HasSuffix(text, ".") && !strings.HasSuffix(text, ":") && !strings.Contains(text, ". ") {
		p.para.Reset()
		for _, t := range strings.Split(text, "\x00") {
			if t = strings.Join(strings.Fields(t), " "); t != "" {
				p.tags = append(p.tags, t)
			}
		}
		p.tagDepth = p.rs
	} else {
		p.paragraph()
		p.openTags()
	}
	p.rs++
}

func (p *roffPage) inSynopsis() bool { return p.section == "SYNOPSIS" }

// textLine reads a line of text.
func (p *roffPage) textLine(l string) {
	if p.table != nil {
		p.tableLine(l)
		return
	}
	if !p.fill {
		t, _ := p.r.roffText(l)
		p.emit(t, false)
		return
	}
	if strings.TrimSpace(l) == "" {
		p.paragraph() // a blank line
		return
	}
	if l[0] == ' ' || l[0] == '\t' {
		p.lineBreak() // a line that starts with a space breaks the line before it
	}
	t, join := p.r.roffText(l)
	p.emit(t, join)
}

// emit adds text to what is being read: a heading's title, a tag, a code
// line or the paragraph being filled.
func (p *roffPage) emit(t string, join bool) {
	switch {
	case p.xo != nil:
		p.xo.word(t)
		return
	case p.headingNext > 0:
		if t = strings.TrimSpace(t); t != "" {
			p.heading(t, p.headingNext)
		}
		return
	case p.tagNext:
		p.tagText += t
		if !join {
			if s := strings.Join(strings.Fields(p.tagText), " "); s != "" {
				p.tags = append(p.tags, s)
			}
			p.tagText, p.tagNext = "", false
		}
		return
	case !p.fill:
		p.code = append(p.code, expandTabs(t))
		return
	}
	if strings.TrimSpace(t) == "" {
		return
	}
	p.openTags()
	if p.para.Len() > 0 && !p.noSpace {
		p.para.WriteByte(' ')
	}
	p.para.WriteString(t)
	p.noSpace = join
}

// lineBreak ends the line being filled (.br).
func (p *roffPage) lineBreak() {
	if p.para.Len() > 0 {
		p.para.WriteByte(0)
		p.noSpace = true
	}
}

// paragraph writes the paragraph being filled.
func (p *roffPage) paragraph() {
	raw := p.para.String()
	p.para.Reset()
	p.noSpace = false
	var lines []string
	for _, l := range strings.Split(raw, "\x00") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return
	}
	if p.inSynopsis() && p.prefix == "" {
		p.synopsis = append(p.synopsis, lines...)
		return
	}
	if p.section == "NAME" && p.nameText == "" {
		p.nameText = strings.Join(lines, " ")
	}
	if p.prefix == "" {
		// A list DocBook draws for nroff: the marker written into the
		// text ("\h'-04'\(bu\h'+03'\c", " 1.\h'+01'\c") rather than by
		// .IP, as for troff.
		if rest, ok := strings.CutPrefix(lines[0], "• "); ok {
			p.prefix, lines[0] = "- ", rest
		} else if m, rest, ok := strings.Cut(lines[0], " "); ok && rest != "" && listMarkerPattern.MatchString(m) {
			p.prefix, lines[0] = m+" ", rest
		}
	}
	brk := 2
	if p.prefix != "" {
		if p.lastItem {
			brk = 1
		}
		lines[0] = p.prefix + lines[0]
		p.prefix, p.lastItem = "", true
	} else {
		if p.soft {
			brk = 1
		}
		p.lastItem = false
	}
	p.soft = false
	for k, l := range lines {
		if k > 0 {
			brk = 1
		}
		p.w.out.lineBreak(brk)
		p.w.out.inline(l)
	}
}

// openTags opens the entry the tags read last stand over, now that its
// description begins: a definition entry, or inside one a list item.
func (p *roffPage) openTags() {
	if len(p.tags) == 0 {
		return
	}
	tags := p.tags
	p.tags = nil
	p.paragraph()
	if p.inSynopsis() {
		p.synopsis = append(p.synopsis, tags...)
		return
	}
	if p.inEntry() {
		p.prefix = "- " + strings.Join(tags, ", ") + ": "
		p.entries = append(p.entries, roffEntry{depth: p.tagDepth})
		return
	}
	p.w.out.lineBreak(2)
	p.w.beginEntry(shortTerm(strings.Join(tags, ", ")))
	p.w.out.flush()
	p.w.out.b.WriteString(strings.Join(tags, "\n"))
	// The tags stand apart from the description, as a heading does (and
	// as the HTML walker writes a <dt> over its <dd>): on the next line,
	// "MaxAuthTries\nSpecifies the maximum …" read as one sentence, so
	// nothing said which setting the description is of.
	p.w.out.lineBreak(2)
	p.entries = append(p.entries, roffEntry{depth: p.tagDepth, section: true})
	p.lastItem = false
}

// inEntry reports an open definition entry.
func (p *roffPage) inEntry() bool {
	for _, e := range p.entries {
		if e.section {
			return true
		}
	}
	return false
}

// closeEntries ends the open entries at depth or deeper.
func (p *roffPage) closeEntries(depth int) {
	for k := len(p.entries) - 1; k >= 0 && p.entries[k].depth >= depth; k-- {
		p.paragraph()
		if p.entries[k].section {
			p.w.endEntry()
			p.w.out.lineBreak(2)
		}
		p.entries = p.entries[:k]
	}
	if len(p.entries) == 0 {
		p.prefix = ""
	}
}

// noFill starts a no-fill region, written as code.
func (p *roffPage) noFill() {
	p.paragraph()
	p.openTags()
	p.fill = false
}

// fillMode ends a no-fill region.
func (p *roffPage) fillMode() {
	p.flushCode()
	p.fill = true
}

// flushCode writes the lines of a no-fill region as a fenced code block,
// or in the synopsis as its lines.
func (p *roffPage) flushCode() {
	lines := p.code
	p.code = nil
	lines = trimBlankLines(lines)
	if len(lines) == 0 {
		return
	}
	if p.inSynopsis() {
		for _, l := range lines {
			if l = strings.TrimSpace(l); l != "" {
				p.synopsis = append(p.synopsis, l)
			}
		}
		return
	}
	para := make([]manLine, len(lines))
	for k, l := range lines {
		l = strings.TrimRight(l, " ")
		t := strings.TrimLeft(l, " ")
		para[k] = manLine{indent: len(l) - len(t), text: t}
	}
	p.w.manCode(para)
}

// endBlocks ends every open block: the paragraph, code, table, entries,
// lists and the synopsis.
func (p *roffPage) endBlocks() {
	p.paragraph()
	p.flushCode()
	p.fill = true
	p.endTable()
	p.openTags()
	p.closeEntries(0)
	p.lists, p.xo, p.rs, p.prefix, p.tagNext, p.fresh = nil, nil, 0, "", false, false
	if len(p.synopsis) > 0 {
		para := make([]manLine, len(p.synopsis))
		for k, l := range p.synopsis {
			para[k] = manLine{text: l}
		}
		p.synopsis = nil
		p.w.manCode(para)
	}
}

// heading writes a section title and opens its section.
func (p *roffPage) heading(title string, level int) {
	p.endBlocks()
	p.headingNext = 0
	title = strings.Join(strings.Fields(title), " ")
	if title == "" {
		return
	}
	p.section = strings.ToUpper(title)
	p.w.sectionWriter.heading(title, level)
}

// finish ends the page.
func (p *roffPage) finish() {
	p.headingNext = 0
	p.endBlocks()
}
