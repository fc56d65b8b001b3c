package loader

import (
	"cmp"
	"regexp"
	"strconv"
	"strings"
)

// adocAttrEntry matches an attribute entry (":name: value", ":name!:").
var adocAttrEntry = regexp.MustCompile(`^:(!?)([A-Za-z0-9_][\w-]*)(!?):(?:[ \t]+(.*))?$`)

// attributeEntry reads an attribute entry at the current line, with the
// lines its value goes on to (a value ending in " \"), and reports whether
// there was one. The value's own references are expanded now, as
// Asciidoctor does, so that a reference never expands again.
func (p *adocParser) attributeEntry() bool {
	l := p.lines[p.i]
	if l == "" || l[0] != ':' {
		return false
	}
	m := adocAttrEntry.FindStringSubmatch(l)
	if m == nil {
		return false
	}
	p.i++
	name := strings.ToLower(m[2])
	if m[1] == "!" || m[3] == "!" {
		delete(p.attrs, name)
		return true
	}
	value := m[4]
	for strings.HasSuffix(value, ` \`) && p.i < len(p.lines) {
		value = strings.TrimSuffix(strings.TrimSuffix(value, ` \`), " +") + " " + strings.TrimSpace(p.lines[p.i])
		p.i++
	}
	budget := p.budget
	if v := p.attributes(value); len(v) <= adocMaxAttrValue {
		value = v
	} else {
		p.budget = budget
	}
	p.attrs[name] = value
	return true
}

// adocAttrRef matches an attribute reference ("{product-name}").
var adocAttrRef = regexp.MustCompile(`\{([A-Za-z0-9_][\w-]*)\}`)

// attributes replaces references to defined attributes with their values;
// unknown ones stay as written, as Asciidoctor leaves them. The values
// may add at most p.budget bytes in all.
func (p *adocParser) attributes(s string) string {
	if !strings.Contains(s, "{") {
		return s
	}
	return adocAttrRef.ReplaceAllStringFunc(s, func(ref string) string {
		name := strings.ToLower(ref[1 : len(ref)-1])
		v, ok := p.attrs[name]
		if !ok {
			v, ok = adocBuiltin(name)
		}
		if !ok || len(v)-len(ref) > p.budget {
			return ref
		}
		p.budget -= max(0, len(v)-len(ref))
		return v
	})
}

// adocBuiltin returns the value of an attribute every document has: the
// characters AsciiDoc reserves ("{plus}", "{startsb}") and spaces, and
// Git's "{litdd}" (its pages write "--" so).
func adocBuiltin(name string) (string, bool) {
	switch name {
	case "blank", "empty":
		return "", true
	case "sp":
		return " ", true
	case "nbsp":
		return "\u00a0", true
	case "zwsp":
		return "\u200b", true
	case "wj":
		return "\u2060", true
	case "apos":
		return "'", true
	case "quot":
		return `"`, true
	case "lsquo":
		return "‘", true
	case "rsquo":
		return "’", true
	case "ldquo":
		return "“", true
	case "rdquo":
		return "”", true
	case "deg":
		return "°", true
	case "plus":
		return "+", true
	case "brvbar":
		return "¦", true
	case "vbar":
		return "|", true
	case "amp":
		return "&", true
	case "lt":
		return "<", true
	case "gt":
		return ">", true
	case "startsb":
		return "[", true
	case "endsb":
		return "]", true
	case "caret":
		return "^", true
	case "asterisk":
		return "*", true
	case "tilde":
		return "~", true
	case "backslash":
		return `\`, true
	case "backtick":
		return "`", true
	case "two-colons":
		return "::", true
	case "two-semicolons":
		return ";;", true
	case "cpp":
		return "C++", true
	case "pp":
		return "++", true
	case "litdd":
		return "--", true
	}
	return "", false
}

// adocAttrs is a block's attribute list: "[source,go]", "[NOTE]",
// "[quote, Author, Source]", "[cols="1,2",options="header"]".
type adocAttrs struct {
	first, second, third string // positional attributes, unquoted
	style                string // the first one's style, lower-cased ("source", "note"), less its #id.role%option shorthand
	alt                  string // alt=
	format, separator    string // a table's format= and separator=
	cols                 int    // a table's column count from cols=, 0 if not given
	hardbreaks           bool   // %hardbreaks: every line ends a line
}

// merge adds the attributes of a later list for the same block.
func (a *adocAttrs) merge(o adocAttrs) {
	if o.first != "" || o.style != "" {
		a.first, a.second, a.third, a.style = o.first, o.second, o.third, o.style
	}
	a.alt = cmp.Or(o.alt, a.alt)
	a.format = cmp.Or(o.format, a.format)
	a.separator = cmp.Or(o.separator, a.separator)
	a.cols = max(a.cols, o.cols)
	a.hardbreaks = a.hardbreaks || o.hardbreaks
}

// altText returns an image macro's alternative text.
func (a adocAttrs) altText() string {
	if a.alt != "" {
		return a.alt
	}
	return a.first
}

// parseAdocAttrs parses the inside of an attribute list.
func parseAdocAttrs(s string) adocAttrs {
	var a adocAttrs
	positional := 0
	for _, part := range adocSplitAttrs(s) {
		if key, value, ok := strings.Cut(part, "="); ok && adocName(strings.TrimSpace(key)) {
			a.named(strings.ToLower(strings.TrimSpace(key)), adocUnquote(value))
			continue
		}
		part = adocUnquote(part)
		switch positional {
		case 0:
			a.first = part
			style := part
			if k := strings.IndexAny(style, "#.%"); k >= 0 {
				for _, o := range strings.Split(style[k:], "%")[1:] {
					a.option(o)
				}
				style = style[:k]
			}
			a.style = strings.ToLower(strings.TrimSpace(style))
		case 1:
			a.second = part
		case 2:
			a.third = part
		}
		positional++
	}
	return a
}

// named sets a named attribute the reader uses.
func (a *adocAttrs) named(key, value string) {
	switch key {
	case "alt":
		a.alt = value
	case "format":
		a.format = strings.ToLower(value)
	case "separator":
		a.separator = value
	case "cols":
		a.cols = adocColumns(value)
	case "options", "opts":
		for _, o := range strings.Split(value, ",") {
			a.option(o)
		}
	}
}

// option sets an option ("%hardbreaks", options="hardbreaks").
func (a *adocAttrs) option(o string) {
	if k := strings.IndexAny(o, "#."); k >= 0 {
		o = o[:k]
	}
	if strings.TrimSpace(o) == "hardbreaks" {
		a.hardbreaks = true
	}
}

// adocColumns returns the column count of a cols= specification: "1,2,3"
// and "3*" and "2*,1" are three columns, and so is a lone "3".
func adocColumns(spec string) int {
	spec = strings.TrimSpace(spec)
	if n, err := strconv.Atoi(spec); err == nil {
		return min(max(n, 0), 1000)
	}
	if spec == "" {
		return 0
	}
	n := 0
	for _, c := range strings.Split(strings.ReplaceAll(spec, ";", ","), ",") { // "" is a column too: ",>,>"
		if k := strings.IndexByte(c, '*'); k > 0 {
			if m, err := strconv.Atoi(strings.TrimSpace(c[:k])); err == nil {
				n += min(max(m, 0), 1000)
				continue
			}
		}
		n++
	}
	return min(n, 1000)
}

// adocSplitAttrs splits an attribute list at the commas outside double
// quotes.
func adocSplitAttrs(s string) []string {
	var parts []string
	quoted, start := false, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			quoted = !quoted
		case ',':
			if !quoted {
				parts = append(parts, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(parts, strings.TrimSpace(s[start:]))
}

// adocUnquote removes the quotes around an attribute value.
func adocUnquote(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		return v[1 : len(v)-1]
	}
	return v
}

// adocName reports an attribute name.
func adocName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !adocWord(s[i]) && s[i] != '-' {
			return false
		}
	}
	return true
}

// adocWord reports a byte of a word: an ASCII letter, digit or underscore,
// or part of a non-ASCII character (read as a letter).
func adocWord(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// adocSpace reports white space inside a paragraph's text.
func adocSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }
