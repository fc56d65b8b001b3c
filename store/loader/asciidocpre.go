package loader

import (
	"regexp"
	"strconv"
	"strings"
)

// The AsciiDoc preprocessor runs over lines before the parser sees them:
// include:: lines are replaced by what they include, and conditionals
// (ifdef, ifndef, ifeval … endif) keep or drop the lines they enclose.
// Conditionals are evaluated against the attributes defined so far,
// entries applied as their lines pass, as Asciidoctor's reader does:
// git-log.txt sets ":git-log: 1" and then includes rev-list-options.txt,
// whose "ifdef::git-rev-list[]" parts belong to another page. Kept, both
// branches would give a page text it does not show, and contradict it.

// adocDirective matches a preprocessor directive line.
var adocDirective = regexp.MustCompile(`^(include|ifdef|ifndef|ifeval|endif)::([^\[]*)\[(.*)\]$`)

// adocConditionAttrs are the attributes Asciidoctor defines for an HTML
// conversion, which conditionals test ("ifdef::backend-html5[]").
var adocConditionAttrs = []string{"asciidoctor", "backend-html5", "basebackend-html", "doctype-article", "htmlsyntax-html"}

// adocPre is the preprocessor's state over one document and its includes.
type adocPre struct {
	attrs map[string]string // defined so far, by lower-cased name
	conds []bool            // each open conditional: whether it keeps its lines
}

// adocLines splits text into lines without trailing white space and
// applies the preprocessor: an include:: line is replaced by the lines
// inc reads for it (its lines=, tag= or tags= selection, its sections
// moved by leveloffset=), or dropped; conditionals keep or drop their
// lines; a one-line "ifdef::attr[text]" gives its text when it holds.
// An escaped directive ("\include::…") is text, for subst to unescape.
func adocLines(text string, inc *includer) []string {
	p := &adocPre{attrs: map[string]string{}}
	for _, a := range adocConditionAttrs {
		p.attrs[a] = ""
	}
	return p.lines(text, inc)
}

// active reports whether every open conditional keeps its lines.
func (p *adocPre) active() bool {
	for _, c := range p.conds {
		if !c {
			return false
		}
	}
	return true
}

func (p *adocPre) lines(text string, inc *includer) []string {
	lines := strings.Split(text, "\n")
	out := lines[:0:0]
	for _, l := range lines {
		l = strings.TrimRight(l, " \t\r")
		if m := adocDirective.FindStringSubmatch(l); m != nil {
			switch kind, target, body := m[1], m[2], m[3]; kind {
			case "ifdef", "ifndef":
				if strings.TrimSpace(body) != "" { // the one-line form
					if p.active() && p.holds(kind, target) {
						out = append(out, body)
					}
					continue
				}
				p.conds = append(p.conds, p.holds(kind, target))
			case "ifeval":
				p.conds = append(p.conds, p.eval(body))
			case "endif":
				if len(p.conds) > 0 {
					p.conds = p.conds[:len(p.conds)-1]
				}
			case "include":
				if p.active() {
					out = append(out, p.include(target, body, inc)...)
				}
			}
			continue
		}
		if !p.active() {
			continue
		}
		if len(l) > 0 && l[0] == ':' {
			p.define(l)
		}
		out = append(out, l)
	}
	return out
}

// define applies an attribute entry line (":name: value", ":name!:").
func (p *adocPre) define(l string) {
	m := adocAttrEntry.FindStringSubmatch(l)
	if m == nil {
		return
	}
	name := strings.ToLower(m[2])
	if m[1] == "!" || m[3] == "!" {
		delete(p.attrs, name)
		return
	}
	p.attrs[name] = m[4]
	if name == "doctype" {
		for k := range p.attrs {
			if strings.HasPrefix(k, "doctype-") {
				delete(p.attrs, k)
			}
		}
		p.attrs["doctype-"+strings.ToLower(strings.TrimSpace(m[4]))] = ""
	}
}

// holds evaluates "ifdef::a,b[]" (any defined), "ifdef::a+b[]" (all
// defined) and their ifndef negations as Asciidoctor does: ifndef with
// ',' keeps its lines when none is defined, with '+' unless all are.
func (p *adocPre) holds(kind, target string) bool {
	sep := ","
	if strings.Contains(target, "+") {
		sep = "+"
	}
	defined := 0
	names := strings.Split(target, sep)
	for _, n := range names {
		if _, ok := p.attrs[strings.ToLower(strings.TrimSpace(n))]; ok {
			defined++
		}
	}
	any, all := defined > 0, defined == len(names)
	switch {
	case kind == "ifdef" && sep == ",":
		return any
	case kind == "ifdef":
		return all
	case sep == ",":
		return !any
	}
	return !all
}

// adocEvalExpr matches an ifeval expression: two operands, quoted or not,
// around a comparison.
var adocEvalExpr = regexp.MustCompile(`^\s*("[^"]*"|'[^']*'|[^\s=!<>]+)\s*(==|!=|<=|>=|<|>)\s*("[^"]*"|'[^']*'|[^\s=!<>]+)\s*$`)

// eval evaluates an ifeval expression ("{sectnumlevels} == 3",
// "\"{backend}\" != \"pdf\""). One it cannot read keeps its lines, as the
// reader did before it evaluated any.
func (p *adocPre) eval(expr string) bool {
	m := adocEvalExpr.FindStringSubmatch(p.expand(expr))
	if m == nil {
		return true
	}
	a, b := adocOperand(m[1]), adocOperand(m[3])
	c := strings.Compare(a, b)
	if x, err := strconv.ParseFloat(a, 64); err == nil {
		if y, err := strconv.ParseFloat(b, 64); err == nil {
			c = 0
			if x < y {
				c = -1
			} else if x > y {
				c = 1
			}
		}
	}
	switch m[2] {
	case "==":
		return c == 0
	case "!=":
		return c != 0
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	}
	return c >= 0
}

// adocOperand unquotes an ifeval operand.
func adocOperand(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// expand replaces references to attributes defined so far with their
// values (one pass: a value's own references are not expanded again).
func (p *adocPre) expand(s string) string {
	if !strings.Contains(s, "{") {
		return s
	}
	return adocAttrRef.ReplaceAllStringFunc(s, func(ref string) string {
		if v, ok := p.attrs[strings.ToLower(ref[1:len(ref)-1])]; ok {
			return v
		}
		return ref
	})
}

// include returns the lines an include:: directive brings in (target and
// attrs as written), or none when inc does not follow it. Attribute
// references in the target are expanded with the attributes defined so
// far ("include::{partialsdir}/x.adoc[]"); one still unknown is not
// followed.
func (p *adocPre) include(target, attrs string, inc *includer) []string {
	target = strings.TrimSpace(p.expand(target))
	if inc == nil || strings.Contains(target, "{") {
		return nil
	}
	text, next, ok := inc.read(target)
	if !ok {
		return nil
	}
	var ranges string
	var tags []string
	offset := 0
	for _, part := range adocSplitAttrs(attrs) {
		key, value, _ := strings.Cut(part, "=")
		value = adocUnquote(value)
		switch strings.TrimSpace(key) {
		case "lines":
			ranges = value
		case "tag", "tags":
			tags = append(tags, strings.Split(value, ";")...)
		case "leveloffset":
			offset, _ = strconv.Atoi(strings.TrimPrefix(value, "+"))
		}
	}
	sub := selectLines(strings.Split(text, "\n"), ranges, tags)
	lines := p.lines(strings.Join(sub, "\n"), next)
	if offset != 0 {
		for k, s := range lines {
			lines[k] = adocShiftHeading(s, offset)
		}
	}
	return lines
}

// adocShiftHeading moves a section title line ("== Install") offset
// levels down (or up), keeping it between levels 1 and 6.
func adocShiftHeading(l string, offset int) string {
	n := 0
	for n < len(l) && l[n] == '=' {
		n++
	}
	if n == 0 || n >= len(l) || l[n] != ' ' {
		return l
	}
	level := min(6, max(1, n+offset))
	return strings.Repeat("=", level) + l[n:]
}
