package loader

import (
	"regexp"
	"strconv"
	"strings"
)

// adocListKind is the kind of list an item belongs to.
type adocListKind int

const (
	adocBullet  adocListKind = iota // "* item", "- item"
	adocOrdered                     // ". item", "1. item"
	adocCallout                     // "<1> item", under a listing
	adocLabeled                     // "term:: description"
)

// adocItem is a list item's first line.
type adocItem struct {
	kind   adocListKind
	marker string // its marker, numbers made alike ("*", "..", "1.", "<>", "::", ";;")
	num    int    // the number an ordered or callout item gives, 0 if none
	term   string // a labeled item's term
	text   string // the text after the marker (a labeled item's: after the term)
}

var (
	adocBulletItem  = regexp.MustCompile(`^[ \t]*(-|\*{1,5}|•{1,5})[ \t]+(.*)$`)
	adocOrderedItem = regexp.MustCompile(`^[ \t]*(\.{1,5}|\d{1,9}\.)[ \t]+(.*)$`)
	adocCalloutItem = regexp.MustCompile(`^<(\d{1,4}|\.)>[ \t]+(.*)$`)
	adocLabeledItem = regexp.MustCompile(`^[ \t]*([^ \t].*?)(:::{0,2}|;;)(?:[ \t]+(.*))?$`)
)

// adocListItem reads a list item's first line.
func adocListItem(l string) (adocItem, bool) {
	if m := adocBulletItem.FindStringSubmatch(l); m != nil {
		text := m[2]
		if rest, ok := strings.CutPrefix(text, "[*] "); ok {
			text = "[x] " + rest // a checked box, as "[x]" writes it
		}
		return adocItem{kind: adocBullet, marker: m[1], text: text}, true
	}
	if m := adocOrderedItem.FindStringSubmatch(l); m != nil {
		it := adocItem{kind: adocOrdered, marker: m[1], text: m[2]}
		if m[1][0] != '.' {
			it.marker = "1."
			it.num, _ = strconv.Atoi(strings.TrimSuffix(m[1], "."))
		}
		return it, true
	}
	if m := adocCalloutItem.FindStringSubmatch(l); m != nil {
		n, _ := strconv.Atoi(m[1])
		return adocItem{kind: adocCallout, marker: "<>", num: n, text: m[2]}, true
	}
	if strings.Contains(l, "::") || strings.Contains(l, ";;") {
		if m := adocLabeledItem.FindStringSubmatch(l); m != nil {
			return adocItem{kind: adocLabeled, marker: m[2], term: m[1], text: m[3]}, true
		}
	}
	return adocItem{}, false
}

func adocIsListItem(l string) bool {
	_, ok := adocListItem(l)
	return ok
}

// adocLevel is a list being read, nested in the item of the one before
// it on the stack.
type adocLevel struct {
	marker    string
	kind      adocListKind
	next      int  // the number of the next ordered item
	entry     bool // the item's definition entry is open
	described bool // the labeled item has its description
}

// list reads a list, and the lists nested in its items, to its end: a
// blank line followed by anything but another item (or a labeled item's
// description, or a literal paragraph, which belong to the item), or the
// closing line of an enclosing block. An item's marker says where it
// belongs: a marker seen before on the stack is a sibling there, a new
// one nests, as Asciidoctor reads them.
func (p *adocParser) list() {
	p.flushPrefix()
	p.depth++
	inList := p.inList
	p.inList = true
	var levels []adocLevel
lines:
	for p.i < len(p.lines) && !p.closes(p.lines[p.i]) {
		l := p.lines[p.i]
		if it, ok := adocListItem(l); ok {
			p.i++
			levels = p.item(levels, it)
			continue
		}
		switch {
		case l == "+":
			p.i++
			p.attach()
		case l == "":
			if !p.listGoesOn(levels) {
				break lines
			}
		default:
			// A delimited block or attribute list right under the item's
			// text: the item's, as if continued.
			p.attach()
		}
	}
	for k := len(levels) - 1; k >= 0; k-- {
		p.closeItem(&levels[k])
	}
	p.inList = inList
	p.depth--
	p.out.lineBreak(2)
}

// item starts the item it on the list stack levels and returns the stack.
func (p *adocParser) item(levels []adocLevel, it adocItem) []adocLevel {
	k := -1
	for x := range levels {
		if levels[x].marker == it.marker {
			k = x
			break
		}
	}
	if k >= 0 {
		for x := len(levels) - 1; x >= k; x-- {
			p.closeItem(&levels[x])
		}
		levels = levels[:k+1]
	} else {
		levels = append(levels, adocLevel{marker: it.marker, kind: it.kind, next: max(it.num, 1)})
		k = len(levels) - 1
	}
	lv := &levels[k]
	if it.kind == adocLabeled {
		p.entry(lv, it)
		return levels
	}
	marker := "-"
	switch it.kind {
	case adocOrdered:
		marker = strconv.Itoa(lv.next) + "."
		lv.next++
	case adocCallout:
		marker = "<" + strconv.Itoa(lv.next) + ">"
		lv.next++
	}
	p.out.lineBreak(1)
	p.out.inline(marker + " ")
	p.text(p.itemLines(it.text), false)
	p.out.lineBreak(1)
	return levels
}

// entry writes a labeled item as a definition entry, as manPage writes a
// tagged paragraph: its terms one a line (several terms may stand over
// one description: "-f::" then "--force::"), then the description.
func (p *adocParser) entry(lv *adocLevel, it adocItem) {
	terms := []string{it.term}
	desc := it.text
	for desc == "" && p.i < len(p.lines) {
		next, ok := adocListItem(p.lines[p.i])
		if !ok || next.kind != adocLabeled || next.marker != it.marker {
			break
		}
		terms = append(terms, next.term)
		desc = next.text
		p.i++
	}
	var texts []string
	for _, t := range terms {
		if t = strings.Join(strings.Fields(p.subst(t)), " "); t != "" {
			texts = append(texts, t)
		}
	}
	p.out.lineBreak(2)
	if len(texts) > 0 {
		p.beginEntry(shortTerm(strings.Join(texts, ", ")))
		lv.entry = true
		p.out.flush()
		p.out.b.WriteString(strings.Join(texts, "\n"))
		p.out.lineBreak(1)
	}
	lv.described = false
	p.describe(lv, desc)
}

// describe writes a labeled item's description, which starts with text
// (from the term's line) and goes on over the lines under it.
func (p *adocParser) describe(lv *adocLevel, text string) {
	if lines := p.itemLines(text); len(lines) > 0 {
		lv.described = true
		p.text(lines, false)
		p.out.lineBreak(2)
	}
}

// closeItem ends the open item of a list level.
func (p *adocParser) closeItem(lv *adocLevel) {
	if lv.entry {
		p.endEntry()
		lv.entry = false
	}
}

// itemLines returns an item's text: first (the text on the marker's
// line) and the lines under it, up to a blank line, a continuation, the
// next item or a block.
func (p *adocParser) itemLines(first string) []string {
	var lines []string
	if first != "" {
		lines = append(lines, first)
	}
	for ; p.i < len(p.lines); p.i++ {
		l := p.lines[p.i]
		if l == "" || l == "+" || p.closes(l) || adocIsListItem(l) || adocDelimiter(l) != "" || adocAttrLine(l) || adocAnchorLine(l) {
			break
		}
		if !adocComment(l) {
			lines = append(lines, l)
		}
	}
	return lines
}

// listGoesOn reads what follows a blank line inside a list and reports
// whether the list goes on: with another item, with the description of a
// labeled item that had none yet ("clean::", a blank line, then its
// text), or with a literal paragraph, which belongs to the item above it.
func (p *adocParser) listGoesOn(levels []adocLevel) bool {
	j := p.i
	for j < len(p.lines) && p.lines[j] == "" {
		j++
	}
	if j == len(p.lines) || len(levels) == 0 || p.closes(p.lines[j]) {
		return false
	}
	l := p.lines[j]
	top := &levels[len(levels)-1]
	switch {
	case adocIsListItem(l):
		p.i = j
	case top.kind == adocLabeled && !top.described && !adocComment(l) && adocDelimiter(l) == "" && !adocAttrLine(l):
		if _, _, n := p.headingAt(j); n > 0 {
			return false
		}
		p.i = j
		p.describe(top, "")
	case l[0] == ' ' || l[0] == '\t':
		p.i = j
		p.attach()
	default:
		return false
	}
	return true
}

// attach reads the block attached to the current item (after a "+" line,
// or right under its text), with the lines before it that are not blocks
// (a block title, an attribute list). A list item is left to the list.
func (p *adocParser) attach() {
	p.out.lineBreak(2)
	for p.i < len(p.lines) && !p.closes(p.lines[p.i]) && !adocIsListItem(p.lines[p.i]) {
		if !p.preamble() {
			p.readBlock()
			return
		}
	}
}
