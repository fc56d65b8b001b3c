package loader

import (
	"regexp"
	"strings"
)

// Inline markup is reduced to the text Sphinx renders for it, so that a
// question's words meet the document's: ":func:`~re.compile`" reads
// "compile()", "`the tutorial <https://…>`_" reads "the tutorial",
// "``--all``" reads "--all".

var (
	// rstLiteral matches an inline literal; its text is kept as written.
	rstLiteral = regexp.MustCompile("``(?:[^`]|`[^`])+?``")
	// rstInterpreted matches interpreted text with an optional role
	// before or after it and an optional reference mark after it.
	rstInterpreted = regexp.MustCompile("(?::([A-Za-z][\\w.:+-]*):)?`((?:[^`\\\\]|\\\\.)+)`(?::([A-Za-z][\\w.:+-]*):)?(?:__?)?")
	rstSubstRef    = regexp.MustCompile(`\|([^|\s](?:[^|]*[^|\s])?)\|(?:__?)?`)
	rstFootRef     = regexp.MustCompile(`\s?\[(?:#[\w-]*|\*|[0-9]+|[A-Za-z][\w.-]*)\]_`)
	rstStrong      = regexp.MustCompile(`\*\*([^\s*](?:[^*]*[^\s*])?)\*\*`)
	rstEmphasis    = regexp.MustCompile(`(^|[\s(\["'<{/:-])\*([^\s*](?:[^*]*[^\s*])?)\*($|[\s)\]}.,;:!?"'>/-])`)
	rstSimpleRef   = regexp.MustCompile(`\b([A-Za-z0-9](?:[\w.+-]*[A-Za-z0-9])?)__?($|[\s.,;:!?)\]'"])`)
	rstEscape      = regexp.MustCompile(`\\(.)`)
)

// rstCallRoles name callables: Sphinx adds "()" to their text.
var rstCallRoles = map[string]bool{"func": true, "meth": true}

// inline returns s, one paragraph's text, without inline markup.
func (r *rstReader) inline(s string) string {
	if !strings.ContainsAny(s, "`*|_\\[") {
		return s
	}
	var b strings.Builder
	rest := s
	for {
		loc := rstLiteral.FindStringIndex(rest)
		if loc == nil {
			b.WriteString(r.markup(rest))
			break
		}
		b.WriteString(r.markup(rest[:loc[0]]))
		b.WriteString(rest[loc[0]+2 : loc[1]-2])
		rest = rest[loc[1]:]
	}
	return b.String()
}

// markup reduces the inline markup of text that holds no inline literal.
func (r *rstReader) markup(s string) string {
	// Interpreted text is replaced first: its text may hold '*' and '_'.
	// Replacements are kept apart by a private-use placeholder, so that
	// the passes after this one leave them as they are.
	var kept []string
	if strings.Contains(s, "`") {
		s = rstInterpreted.ReplaceAllStringFunc(s, func(m string) string {
			sub := rstInterpreted.FindStringSubmatch(m)
			role := sub[1]
			if role == "" {
				role = sub[3]
			}
			kept = append(kept, r.roleText(role, sub[2]))
			return "\uE000"
		})
	}
	// Each pass runs only on text holding its markup's character: the
	// regular expressions cost far more than the test.
	if strings.Contains(s, "]_") {
		s = rstFootRef.ReplaceAllString(s, "")
	}
	if strings.Contains(s, "|") {
		s = rstSubstRef.ReplaceAllStringFunc(s, func(m string) string {
			name := strings.TrimRight(strings.Trim(strings.TrimRight(m, "_"), "|"), " ")
			if v, ok := r.subs[name]; ok {
				return v
			}
			return name
		})
	}
	if strings.Contains(s, "*") {
		s = rstStrong.ReplaceAllString(s, "$1")
		s = rstEmphasis.ReplaceAllString(s, "$1$2$3")
	}
	if strings.Contains(s, "_") {
		s = rstSimpleRef.ReplaceAllString(s, "$1$2")
	}
	if strings.Contains(s, "\\") {
		s = rstEscape.ReplaceAllString(strings.ReplaceAll(s, "\\ ", ""), "$1")
	}
	s = strings.ReplaceAll(s, " --- ", " — ") // Sphinx's smart quotes: "re --- Regular expression operations"
	if len(kept) == 0 {
		return s
	}
	var b strings.Builder
	k := 0
	for _, part := range strings.SplitAfter(s, "\uE000") {
		if p, ok := strings.CutSuffix(part, "\uE000"); ok && k < len(kept) {
			b.WriteString(p)
			b.WriteString(kept[k])
			k++
			continue
		}
		b.WriteString(part)
	}
	return b.String()
}

// roleText returns the text Sphinx renders for interpreted text with role
// (empty for the default role or a hyperlink reference).
func (r *rstReader) roleText(role, text string) string {
	text = unescapeRST(text)
	if k := strings.LastIndexByte(role, ':'); k >= 0 {
		role = role[k+1:] // the domain does not change the text: "py:func"
	}
	// "Title <target>": the title is what a reader sees.
	if strings.HasSuffix(text, ">") {
		if k := strings.LastIndex(text, " <"); k > 0 {
			return strings.TrimSpace(text[:k])
		}
	}
	switch role {
	case "pep", "PEP":
		return "PEP " + text
	case "rfc", "RFC":
		return "RFC " + text
	case "issue":
		return "bpo-" + text
	case "gh":
		return "gh-" + text
	case "samp":
		return strings.NewReplacer("{", "", "}", "").Replace(text)
	case "menuselection":
		return strings.ReplaceAll(strings.ReplaceAll(text, "&", ""), "-->", "‣")
	case "guilabel":
		return strings.ReplaceAll(text, "&", "")
	case "ref":
		// Sphinx shows the title of the section the label marks, in this
		// file or another of the folder; a label not found reads as its
		// words ("contents-of-module-re": "contents of module re").
		if title, ok := r.labels[rstLabelName(text)]; ok {
			return title
		}
		return strings.NewReplacer("-", " ", "_", " ").Replace(text)
	case "doc":
		// Sphinx shows the title of the document named; one outside the
		// folder reads as its name.
		if title, ok := r.inc.docTitle(text); ok {
			return title
		}
		return text
	}
	text = strings.TrimPrefix(text, "!")
	if strings.HasPrefix(text, "~") {
		text = text[1:]
		if k := strings.LastIndexByte(strings.TrimSuffix(text, "()"), '.'); k >= 0 {
			text = text[k+1:]
		}
	}
	if rstCallRoles[role] && !strings.Contains(text, "(") {
		text += "()"
	}
	return text
}

// unescapeRST removes backslash escapes.
func unescapeRST(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	return rstEscape.ReplaceAllString(strings.ReplaceAll(s, "\\ ", ""), "$1")
}

// rstSubstitutions collects the text of a document's "replace" and
// "unicode" substitution definitions.
func rstSubstitutions(lines []string) map[string]string {
	subs := map[string]string{}
	for _, l := range lines {
		if !strings.HasPrefix(l, "..") {
			continue
		}
		m := rstSubstitution.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		switch m[2] {
		case "replace":
			subs[m[1]] = strings.TrimSpace(m[3])
		case "unicode":
			subs[m[1]] = rstUnicode(m[3])
		default:
			subs[m[1]] = "" // an image: no text
		}
	}
	return subs
}

// rstUnicode reads the character codes of a "unicode" substitution
// ("U+00A9", "0xA9", "&#169;" or text).
func rstUnicode(s string) string {
	var b strings.Builder
	for _, f := range strings.Fields(s) {
		if strings.HasPrefix(f, "..") {
			break // a comment follows
		}
		hex := ""
		switch {
		case strings.HasPrefix(f, "U+"), strings.HasPrefix(f, "u+"), strings.HasPrefix(f, "0x"), strings.HasPrefix(f, "\\x"):
			hex = f[2:]
		case strings.HasPrefix(f, "&#x") && strings.HasSuffix(f, ";"):
			hex = f[3 : len(f)-1]
		}
		var code rune
		ok := hex != "" && len(hex) <= 6
		for _, c := range hex {
			switch {
			case c >= '0' && c <= '9':
				code = code*16 + c - '0'
			case c >= 'a' && c <= 'f':
				code = code*16 + c - 'a' + 10
			case c >= 'A' && c <= 'F':
				code = code*16 + c - 'A' + 10
			default:
				ok = false
			}
		}
		if ok {
			b.WriteRune(code)
		} else {
			b.WriteString(f)
		}
	}
	return b.String()
}
