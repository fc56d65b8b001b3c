package loader

import (
	"regexp"
	"strconv"
	"strings"
)

// subst strips a paragraph's inline markup to its text, in Asciidoctor's
// order: literal text (escapes, passthroughs, monospace) is set aside
// first, then quotes are stripped, attribute references expanded, and
// macros (links, cross references, footnotes…) replaced by their text.
// Of the typographic replacements only "..." to "…" is made, as the
// rendered page shows it; "--" to an em dash is left out: a reader asks
// for "--force" as the page writes it.
func (p *adocParser) subst(s string) string { return p.substWith(s, true) }

// substWith is subst, with the typographic replacement only if replace:
// a synopsis in a verse block keeps "[<pathspec>...]" as typed.
func (p *adocParser) substWith(s string, replace bool) string {
	s = adocCurvedQuotes(s)
	s, lits := p.protect(s)
	s = adocQuotes(s)
	s = p.attributes(s)
	s = adocMacros(s)
	if replace {
		s = strings.ReplaceAll(s, "...", "…")
	}
	return p.restore(s, lits)
}

var (
	adocDoubleQuoted = regexp.MustCompile("(?s)``(.+?)''")   // Git's ``text'' (AsciiDoc.py)
	adocCurvedDouble = regexp.MustCompile("(?s)\"`(.+?)`\"") // "`text`"
	adocCurvedSingle = regexp.MustCompile("(?s)'`(.+?)`'")   // '`text`'
)

// adocCurvedQuotes writes quoted text with plain quotes.
func adocCurvedQuotes(s string) string {
	if !strings.Contains(s, "`") {
		return s
	}
	if strings.Contains(s, "``") {
		s = adocDoubleQuoted.ReplaceAllString(s, `"$1"`)
	}
	if strings.Contains(s, "\"`") {
		s = adocCurvedDouble.ReplaceAllString(s, `"$1"`)
	}
	if strings.Contains(s, "'`") {
		// Curly, as Asciidoctor writes them: straight ones would read as
		// Git's emphasis and go.
		s = adocCurvedSingle.ReplaceAllString(s, "‘$1’")
	}
	return s
}

// Search kinds of protect, each remembering where its closing mark is
// known to be absent.
const (
	adocTriplePlus = iota
	adocDoublePlus
	adocPlus
	adocDoubleTick
	adocTick
	adocBracket
	adocSearches
)

// protect sets aside the text no other substitution may touch: escaped
// characters ("\*"), passthroughs ("+text+", "pass:[text]") and monospace
// ("`text`", in which only attribute references are expanded). Each is
// replaced by a placeholder (the mark, its index, the mark) and returned
// in order; restore puts them back.
func (p *adocParser) protect(s string) (string, []string) {
	if !strings.ContainsAny(s, "\\+`") && !strings.Contains(s, "pass:") {
		return s, nil
	}
	var none [adocSearches]int // per search kind: no closing mark at or after this offset
	for k := range none {
		none[k] = len(s) + 1
	}
	var b strings.Builder
	var lits []string
	for i := 0; i < len(s); {
		n, lit, ok := p.literalAt(s, i, &none)
		if !ok {
			b.WriteByte(s[i])
			i++
			continue
		}
		i += n
		if p.mark == 0 {
			b.WriteString(lit) // no free placeholder: the text stays exposed
			continue
		}
		b.WriteRune(p.mark)
		b.WriteString(strconv.Itoa(len(lits)))
		b.WriteRune(p.mark)
		lits = append(lits, lit)
	}
	return b.String(), lits
}

// literalAt reads literal text starting at s[i] and returns how many
// bytes it takes and the text.
func (p *adocParser) literalAt(s string, i int, none *[adocSearches]int) (int, string, bool) {
	prev := byte(' ')
	if i > 0 {
		prev = s[i-1]
	}
	switch c := s[i]; {
	case c == '\\' && i+1 < len(s):
		if strings.IndexByte("*_`#+'{[<^~", s[i+1]) >= 0 {
			return 2, s[i+1 : i+2], true
		}
		if strings.HasPrefix(s[i+1:], "--") {
			return 3, "--", true // Git's "\--", kept from the em dash
		}
		// An escaped macro or URL ("\https://…", "\link:…"): its name
		// is kept from the macro patterns.
		k := i + 1
		for k < len(s) && k-i <= 16 && (s[k] >= 'a' && s[k] <= 'z' || s[k] >= 'A' && s[k] <= 'Z') {
			k++
		}
		if k > i+1 && k < len(s) && s[k] == ':' {
			return k + 1 - i, s[i+1 : k+1], true
		}
	case c == '+' && !adocWord(prev) && prev != ';' && prev != ':' && prev != '\\':
		for k, d := range [...]string{"+++", "++"} {
			if strings.HasPrefix(s[i:], d) {
				if j := adocFind(s, i+len(d), d, &none[adocTriplePlus+k]); j >= 0 {
					return j + len(d) - i, s[i+len(d) : j], true
				}
			}
		}
		if j := adocClose(s, i+1, '+', false, &none[adocPlus]); j >= 0 {
			return j + 1 - i, s[i+1 : j], true
		}
	case c == '`' && !adocWord(prev) && strings.IndexByte(";:\"'`}", prev) < 0:
		if strings.HasPrefix(s[i:], "``") {
			if j := adocFind(s, i+2, "``", &none[adocDoubleTick]); j >= 0 {
				return j + 2 - i, p.monospace(s[i+2 : j]), true
			}
		}
		if j := adocClose(s, i+1, '`', true, &none[adocTick]); j >= 0 {
			return j + 1 - i, p.monospace(s[i+1 : j]), true
		}
	case c == 'p' && strings.HasPrefix(s[i:], "pass:") && !adocWord(prev):
		k := i + len("pass:")
		for k < len(s) && (s[k] >= 'a' && s[k] <= 'z' || s[k] == ',') {
			k++
		}
		if k < len(s) && s[k] == '[' {
			if j := adocBracketEnd(s, k+1, &none[adocBracket]); j >= 0 {
				return j + 1 - i, strings.ReplaceAll(s[k+1:j], `\]`, "]"), true
			}
		}
	}
	return 0, "", false
}

// monospace returns the text of a monospace span: literal within "+…+",
// else with its attribute references expanded.
func (p *adocParser) monospace(t string) string {
	if len(t) >= 2 && t[0] == '+' && t[len(t)-1] == '+' {
		return t[1 : len(t)-1]
	}
	return p.attributes(t)
}

// adocFind returns the offset of the first d after s[from] (the text
// between may not be empty), or -1; *none remembers a failed search, so
// that searching a long paragraph again and again stays linear.
func adocFind(s string, from int, d string, none *int) int {
	if from+1 >= *none || from+1 > len(s) {
		return -1
	}
	if k := strings.Index(s[from+1:], d); k >= 0 {
		return from + 1 + k
	}
	*none = from + 1
	return -1
}

// adocClose returns the offset of the mark that closes a constrained span
// whose text starts at s[from]: the text neither starts nor ends with
// white space, and the mark is not followed by a word character unless
// inWord. -1 if there is none; *none as for adocFind.
//
// Monospace closes inWord, as AsciiDoc.py allowed and Git's pages rely on
// ("the `n`th bit", "`git diff`'s output"): its text is literal, and a
// backtick is rarely anything but a pair's.
func adocClose(s string, from int, mark byte, inWord bool, none *int) int {
	if from >= len(s) || adocSpace(s[from]) {
		return -1
	}
	for j := from + 1; j < len(s) && j < *none; j++ {
		if s[j] == mark && !adocSpace(s[j-1]) && (inWord || j+1 == len(s) || !adocWord(s[j+1])) {
			return j
		}
	}
	*none = min(*none, from+1)
	return -1
}

// adocBracketEnd returns the offset of the first "]" at or after from
// that is not escaped, or -1; *none as for adocFind.
func adocBracketEnd(s string, from int, none *int) int {
	for j := from; j < len(s) && j < *none; j++ {
		if s[j] == ']' && (j == from || s[j-1] != '\\') {
			return j
		}
	}
	*none = min(*none, from)
	return -1
}

// restore puts the literal texts back in place of their placeholders.
func (p *adocParser) restore(s string, lits []string) string {
	if len(lits) == 0 {
		return s
	}
	mark := string(p.mark)
	var b strings.Builder
	for {
		k := strings.Index(s, mark)
		if k < 0 {
			break
		}
		b.WriteString(s[:k])
		s = s[k+len(mark):]
		d, n := 0, 0
		for d < len(s) && d < 9 && s[d] >= '0' && s[d] <= '9' {
			n = n*10 + int(s[d]-'0')
			d++
		}
		if d > 0 && n < len(lits) && strings.HasPrefix(s[d:], mark) {
			b.WriteString(lits[n])
			s = s[d+len(mark):]
		}
		// Else a stray mark (a macro took part of a placeholder): dropped.
	}
	b.WriteString(s)
	return b.String()
}

// adocRoleSpan matches the role before highlighted text ("[.red]#text#").
var adocRoleSpan = regexp.MustCompile(`\[[\w.#%-]+\]#`)

// adocQuotes strips bold ("*", "**"), emphasis ("_", "__", and Git's
// "'text'"), and highlight ("#") marks around text. Superscript and
// subscript marks stay: "HEAD~2" and "2^10^" read better as written.
func adocQuotes(s string) string {
	if strings.Contains(s, "]#") {
		s = adocRoleSpan.ReplaceAllString(s, "#")
	}
	for _, m := range [...]byte{'*', '_', '#'} {
		s = adocPairs(s, m, false)
		s = adocPairs(s, m, true)
	}
	return adocPairs(s, '\'', true)
}

// adocPairs removes the marks around spans of text: doubled
// (unconstrained: anywhere, "**bold**er") or single (constrained: at word
// boundaries, "*bold* text").
func adocPairs(s string, mark byte, constrained bool) string {
	if strings.IndexByte(s, mark) < 0 {
		return s
	}
	w := 2
	if constrained {
		w = 1
	}
	var b strings.Builder
	none := len(s) + 1
	last := 0
	for i := 0; i+w < len(s); i++ {
		if s[i] != mark {
			continue
		}
		j := -1
		if constrained {
			if i > 0 && (adocWord(s[i-1]) || mark != '\'' && strings.IndexByte(";:}", s[i-1]) >= 0) {
				continue
			}
			j = adocClose(s, i+1, mark, false, &none)
		} else if s[i+1] == mark {
			j = adocFind(s, i+2, s[i:i+2], &none)
		}
		if j < 0 {
			continue
		}
		b.WriteString(s[last:i])
		b.WriteString(s[i+w : j])
		last = j + w
		i = last - 1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

var (
	adocLinkgit      = regexp.MustCompile(`linkgit:([^\s\[\]]+)\[([^\]\s]*)\]`)
	adocLinkMacro    = regexp.MustCompile(`\b(link|mailto|xref):([^\s\[\]]+)\[((?:[^\]\\]|\\.)*)\]`)
	adocURLMacro     = regexp.MustCompile(`\b((?:https?|ftp|irc|file)://[^\s\[\]<>]+)\[((?:[^\]\\]|\\.)*)\]`)
	adocInlineMacro  = regexp.MustCompile(`(kbd|btn|menu|image|icon|anchor|indexterm2?|stem|latexmath|asciimath|footnote|footnoteref):([^\s\[\]]*)\[((?:[^\]\\]|\\.)*)\]`)
	adocXref         = regexp.MustCompile(`<<([\w#/.:{][^<>,\s]*)(?:,\s*([^<>]*?))?>>`)
	adocAngleURL     = regexp.MustCompile(`<((?:https?|ftp|irc|file)://[^\s<>]+)>`)
	adocInlineAnchor = regexp.MustCompile(`\[\[\[([^\[\]\n]+)\]\]\]|\[\[[^\[\]\n]*\]\]`)
	adocIndexTerm    = regexp.MustCompile(`\(\(\([^\n]*?\)\)\)|\(\(([^()\n]+?)\)\)`)
)

// adocMacros replaces inline macros with their text: a link's text (or
// its address), a cross reference's text (or its anchor), "git-config(1)"
// for linkgit:git-config[1], a key's or button's label, a footnote in
// parentheses; anchors and index entries go.
func adocMacros(s string) string {
	if strings.Contains(s, "linkgit:") {
		s = adocLinkgit.ReplaceAllString(s, "$1($2)")
	}
	if strings.Contains(s, "[") {
		s = adocReplace(adocLinkMacro, s, func(m []string) string {
			target := m[2]
			if m[1] == "xref" {
				target = adocAnchorName(target)
			}
			return adocLinkText(m[3], target)
		})
		s = adocReplace(adocURLMacro, s, func(m []string) string { return adocLinkText(m[2], m[1]) })
		s = adocReplace(adocInlineMacro, s, adocInlineText)
	}
	if strings.Contains(s, "<") {
		s = adocReplace(adocXref, s, func(m []string) string {
			if t := strings.TrimSpace(m[2]); t != "" {
				return t
			}
			return adocAnchorName(m[1])
		})
		s = adocAngleURL.ReplaceAllString(s, "$1")
	}
	if strings.Contains(s, "[[") {
		s = adocInlineAnchor.ReplaceAllString(s, "$1")
	}
	if strings.Contains(s, "((") {
		s = adocIndexTerm.ReplaceAllString(s, "$1")
	}
	return s
}

// adocReplace replaces the matches of re in s with what f returns for
// their submatches.
func adocReplace(re *regexp.Regexp, s string, f func(m []string) string) string {
	idx := re.FindAllStringSubmatchIndex(s, -1)
	if idx == nil {
		return s
	}
	var b strings.Builder
	last := 0
	m := make([]string, re.NumSubexp()+1)
	for _, loc := range idx {
		for k := range m {
			m[k] = ""
			if loc[2*k] >= 0 {
				m[k] = s[loc[2*k]:loc[2*k+1]]
			}
		}
		b.WriteString(s[last:loc[0]])
		b.WriteString(f(m))
		last = loc[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// adocInlineText returns the text an inline macro stands for.
func adocInlineText(m []string) string {
	name, target, text := m[1], m[2], strings.ReplaceAll(m[3], `\]`, "]")
	switch name {
	case "kbd", "btn", "stem", "latexmath", "asciimath", "indexterm2":
		return text
	case "menu":
		if strings.TrimSpace(text) == "" {
			return target
		}
		return target + " > " + text
	case "image":
		return parseAdocAttrs(text).altText()
	case "footnote", "footnoteref":
		if name == "footnoteref" {
			_, text, _ = strings.Cut(text, ",") // footnoteref:[id,text]
		}
		if strings.TrimSpace(text) == "" {
			return "" // a reference to a footnote given before
		}
		return " (" + strings.TrimSpace(text) + ")"
	}
	return "" // icon, anchor, indexterm: nothing to read
}

// adocLinkText returns a link's text: the first attribute of its list
// ("text", or "\"text, with a comma\",window=_blank"), less the "^" that
// opens a new window; the target when there is none.
func adocLinkText(attrs, target string) string {
	t := strings.TrimSpace(strings.ReplaceAll(attrs, `\]`, "]"))
	switch {
	case strings.HasPrefix(t, `"`):
		if k := strings.IndexByte(t[1:], '"'); k >= 0 {
			t = t[1 : k+1]
		}
	case strings.Contains(t, "="):
		// Named attributes follow the text, if any.
		if k := strings.IndexByte(t, ','); k >= 0 {
			t = t[:k]
		}
		if key, _, ok := strings.Cut(t, "="); ok && adocName(strings.TrimSpace(key)) {
			t = ""
		}
	}
	if t = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(t), "^")); t == "" {
		return target
	}
	return t
}

// adocAnchorName returns what a cross reference without text points at:
// its anchor ("file.adoc#install" → "install"), else the document's name.
func adocAnchorName(target string) string {
	if k := strings.IndexByte(target, '#'); k >= 0 && k+1 < len(target) {
		return target[k+1:]
	}
	target = strings.TrimSuffix(target, "#")
	if k := strings.LastIndexByte(target, '/'); k >= 0 {
		target = target[k+1:]
	}
	for _, ext := range [...]string{".adoc", ".asciidoc", ".asc", ".html"} {
		target = strings.TrimSuffix(target, ext)
	}
	return target
}
