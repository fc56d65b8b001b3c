package loader

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Escapes of roff input (groff(7)), reduced to the text a terminal would
// show: font and size changes, motions and markers print nothing, named
// glyphs print their character, and strings defined with .ds print their
// value.

// roffGlyphs maps the special-character names manual pages use ("\(em",
// "\[aq]") to their characters; an unknown name prints nothing.
var roffGlyphs = map[string]string{
	"em": "—", "en": "–", "hy": "-", "mi": "-", "bu": "•", "co": "©", "rg": "®", "tm": "™",
	"aq": "'", "dq": `"`, "lq": "“", "rq": "”", "oq": "‘", "cq": "’", "ga": "`", "aa": "´",
	"rs": `\`, "ti": "~", "ha": "^", "sl": "/", "ul": "_", "ru": "_", "ba": "|", "or": "|",
	"br": "|", "bv": "|", "at": "@", "sh": "#", "Do": "$", "pc": "·", "de": "°", "+-": "±",
	"mu": "×", "di": "÷", "<=": "≤", ">=": "≥", "!=": "≠", "==": "≡", "~=": "≅", "->": "→",
	"<-": "←", "<>": "↔", "rA": "⇒", "lA": "⇐", "sc": "§", "ps": "¶", "dg": "†", "dd": "‡",
	"ct": "¢", "Po": "£", "Ye": "¥", "Eu": "€", "eu": "€", "Fo": "«", "Fc": "»", "fo": "‹",
	"fc": "›", "Bq": "„", "bq": "‚", "sq": "□", "ci": "○", "sp": " ", "ss": "ß", "if": "∞",
	"12": "½", "14": "¼", "34": "¾", "S1": "¹", "S2": "²", "S3": "³", "tno": "¬", "no": "¬",
	"AE": "Æ", "ae": "æ", "'e": "é", "`e": "è", "'a": "á", "`a": "à", ":u": "ü", ":o": "ö",
	":a": "ä", ":U": "Ü", ":O": "Ö", ":A": "Ä", ",c": "ç", "~n": "ñ", "'E": "É", "/o": "ø",
	"*a": "α", "*b": "β", "*g": "γ", "*d": "δ", "*e": "ε", "*l": "λ", "*m": "μ", "*p": "π",
	"*s": "σ", "*W": "Ω", "*D": "Δ", "*S": "Σ", "OK": "✓", "ua": "↑", "da": "↓",
}

// roffStrings are the strings the man and mdoc packages predefine.
var roffStrings = map[string]string{
	"lq": "“", "rq": "”", "R": "®", "Tm": "™", "S": "", "Aq": "'", "aq": "'",
	"Lq": "“", "Rq": "”", "Ba": "|", "Le": "≤", "Ge": "≥", "Lt": "<", "Gt": ">", "Pm": "±",
	"Ne": "≠", "If": "∞", "Am": "&", "Na": "NaN", "Pi": "π", "q": `"`,
}

// maxRoffExpansion bounds the text one line may grow to through string
// interpolation, so that a string defined in terms of itself ends.
const maxRoffExpansion = 1 << 16

// roffText returns what a line of text (or a macro argument) prints:
// escapes reduced, strings interpolated, a comment dropped. join is true
// when the line ends with "\c": the next line continues it without a
// space.
func (r *roffReader) roffText(s string) (text string, join bool) {
	var b strings.Builder
	r.escapes(&b, s, 0, &join)
	// An escape cut short inside a character ("\(" before a two-byte
	// letter) leaves part of it: drop what is not UTF-8.
	text = strings.ToValidUTF8(b.String(), "")
	if len(r.tr) > 0 {
		if r.trRepl == nil {
			pairs := make([]string, 0, 2*len(r.tr))
			for _, from := range slices.Sorted(maps.Keys(r.tr)) {
				pairs = append(pairs, from, r.tr[from])
			}
			r.trRepl = strings.NewReplacer(pairs...)
		}
		text = r.trRepl.Replace(text)
	}
	return text, join
}

// plain is roffText without the continuation flag.
func (r *roffReader) plain(s string) string {
	t, _ := r.roffText(s)
	return t
}

// escapes writes what s prints to b; depth counts string interpolations.
func (r *roffReader) escapes(b *strings.Builder, s string, depth int, join *bool) {
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			i++
			continue
		}
		i++
		if i >= len(s) {
			return // a lone backslash ends the line: continuation, joined before
		}
		e := s[i]
		i++
		switch e {
		case '"', '#':
			return // a comment to the end of the line
		case 'e', 'E', '\\':
			b.WriteByte('\\')
		case '-', '.', '\'', '`':
			b.WriteByte(e)
		case '&', ')', '%', ':', '|', '^', ',', '/', '{', '}', 'a', 'd', 'u', 'r', 'p':
			// Zero-width marks, half-line motions, conditional braces.
		case '_':
			b.WriteByte('_')
		case '0', '~', ' ':
			b.WriteByte(' ')
		case 't':
			b.WriteByte('\t')
		case 'c':
			if strings.TrimSpace(s[i:]) == "" {
				*join = true
				return
			}
		case '(':
			if i+2 <= len(s) {
				b.WriteString(roffGlyphs[s[i:i+2]])
				i += 2
			} else {
				i = len(s)
			}
		case '[':
			name, n := bracketed(s[i-1:])
			i += n - 1
			b.WriteString(glyphNamed(name))
		case 'C', 'N':
			arg, n := delimited(s[i:])
			i += n
			if e == 'C' {
				b.WriteString(glyphNamed(arg))
			} else if code, err := strconv.Atoi(arg); err == nil && code > 31 && code < 0x110000 && utf8.ValidRune(rune(code)) {
				b.WriteRune(rune(code))
			}
		case '*':
			name, n := escapeName(s[i:])
			i += n
			if v, ok := r.strs[name]; ok && depth < 8 && b.Len()+len(v) < maxRoffExpansion && r.budget > len(v) {
				r.budget -= len(v)
				r.escapes(b, v, depth+1, join)
			} else if !ok {
				b.WriteString(roffStrings[name])
			}
		case 'z':
			// The next character, printed without moving: kept.
		case 's':
			i += sizeEscapeLen(s[i:]) // a size change ("\s-1", "\s0", "\s'+2'"): nothing printed
		case 'n', 'f', 'F', 'g', 'k', 'm', 'M', 'V', 'Y', 'O', 'j':
			// Registers, fonts, colours: nothing printed. A register may
			// be incremented or decremented ("\n+x").
			if e == 'n' && i < len(s) && (s[i] == '+' || s[i] == '-') {
				i++
			}
			_, n := escapeName(s[i:])
			i += n
		case 'h':
			// A horizontal motion: a rightward one separates (DocBook
			// writes a list's marker and text apart with "\h'+03'").
			arg, n := delimited(s[i:])
			i += n
			if !strings.HasPrefix(arg, "-") && arg != "" && arg != "0" {
				b.WriteByte(' ')
			}
		case 'v', 'w', 'o', 'l', 'L', 'D', 'X', 'Z', 'b', 'R', 'x', 'A', 'B', 'H', 'S', 'T', 'U', 'W':
			_, n := delimited(s[i:])
			i += n
		case '$':
			// A macro argument outside a macro: nothing.
			_, n := escapeName(s[i:])
			i += n
		default:
			b.WriteByte(e) // an unknown escape prints its character
		}
	}
}

// sizeEscapeLen returns the bytes of a size escape's argument at the
// start of s: a sign and one or two digits (two only from 1 to 39, as
// troff reads them), a delimited value, or a name in brackets.
func sizeEscapeLen(s string) int {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	switch {
	case i < len(s) && s[i] >= '0' && s[i] <= '9':
		i++
		if i < len(s) && s[i] >= '0' && s[i] <= '9' && s[i-1] <= '3' {
			i++
		}
		return i
	case i < len(s) && s[i] == '\'':
		_, n := delimited(s[i:])
		return i + n
	}
	_, n := escapeName(s[i:])
	return i + n
}

// glyphNamed returns the character of a long glyph name: a name in
// roffGlyphs or a Unicode code point ("u00E9", "char233").
func glyphNamed(name string) string {
	if g, ok := roffGlyphs[name]; ok {
		return g
	}
	if len(name) > 1 && name[0] == 'u' {
		if code, err := strconv.ParseUint(strings.SplitN(name[1:], "_", 2)[0], 16, 32); err == nil && utf8.ValidRune(rune(code)) {
			return string(rune(code))
		}
	}
	if code, ok := strings.CutPrefix(name, "char"); ok {
		if n, err := strconv.Atoi(code); err == nil && n > 31 && n < 256 {
			return string(rune(n))
		}
	}
	return ""
}

// escapeName reads the name after an escape that takes one: a single
// character, "(xx" or "[long name]"; n is the bytes it spans.
func escapeName(s string) (name string, n int) {
	switch {
	case s == "":
		return "", 0
	case s[0] == '(':
		if len(s) < 3 {
			return "", len(s)
		}
		return s[1:3], 3
	case s[0] == '[':
		return bracketed(s)
	}
	_, size := utf8.DecodeRuneInString(s)
	return s[:size], size
}

// bracketed reads "[name]" at the start of s.
func bracketed(s string) (string, int) {
	if end := strings.IndexByte(s, ']'); end > 0 {
		return s[1:end], end + 1
	}
	return "", len(s)
}

// delimited reads an escape's argument between a delimiter and its repeat
// ("'+03'"); n is the bytes it spans, delimiters included.
func delimited(s string) (arg string, n int) {
	if s == "" {
		return "", 0
	}
	d := s[0]
	if end := strings.IndexByte(s[1:], d); end >= 0 {
		return s[1 : 1+end], end + 2
	}
	return "", len(s)
}

// roffArgs splits a request's or macro's arguments at spaces; a double
// quote starts an argument that may hold spaces and ends at the next lone
// double quote ("" within it is one quote). Escapes stay for the caller to
// reduce, so "\ " does not split.
func roffArgs(s string) []string {
	var args []string
	for i := 0; i < len(s); {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			break
		}
		if s[i] == '"' {
			var b strings.Builder
			i++
			for i < len(s) {
				if s[i] == '"' {
					if i+1 < len(s) && s[i+1] == '"' {
						b.WriteByte('"')
						i += 2
						continue
					}
					i++
					break
				}
				if s[i] == '\\' && i+1 < len(s) {
					b.WriteString(s[i : i+2])
					i += 2
					continue
				}
				b.WriteByte(s[i])
				i++
			}
			args = append(args, b.String())
			continue
		}
		start := i
		for i < len(s) && s[i] != ' ' && s[i] != '\t' {
			if s[i] == '\\' && i+1 < len(s) {
				i++
			}
			i++
		}
		args = append(args, s[start:min(i, len(s))])
	}
	return args
}
