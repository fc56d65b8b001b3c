package extractive

import (
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// An amount question's subject ("How many characters long can a template
// variable name be?") is matched against a sentence's words. Term sets
// hold an identifier's parts as terms (codeWordTerms), which lets "rename
// detection" find merge.renameLimit; but a single part says little:
// "name" of first_name is not a template variable's name, and "loop" of
// get_event_loop() is no for loop. A subject word written inside an
// identifier counts only when the identifier holds another of the
// subject's words too.

// wordForms are a text's words read for the subject: its plain words'
// stems, and the stems of each identifier's parts.
type wordForms struct {
	plain  map[string]bool
	idents [][]string
}

// newWordForms reads text. Identifiers are words joined by '_' or '.', or
// in camelCase; a hyphen joins prose ("single-thread"): the compound and
// its parts are plain words. textutil.CodeWord is not used: it also splits
// an acronym from the word after it ("SQLite": sq, lite), which would hide
// product names that are the subject.
func newWordForms(text string) *wordForms {
	f := &wordForms{plain: map[string]bool{}}
	fields := strings.FieldsFunc(text, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '.' && r != '-'
	})
	for _, w := range fields {
		w = strings.Trim(w, "._-")
		if w == "" {
			continue
		}
		parts := identParts(w)
		if len(parts) < 2 {
			f.plain[textutil.Stem(strings.ToLower(w))] = true
			for _, p := range strings.Split(w, "-") {
				f.plain[textutil.Stem(strings.ToLower(p))] = true
			}
			continue
		}
		stems := make([]string, len(parts))
		for i, p := range parts {
			stems[i] = textutil.Stem(strings.ToLower(p))
		}
		f.idents = append(f.idents, stems)
	}
	return f
}

// identParts splits an identifier at '_' and '.' and where a lower-case
// letter meets an upper-case one.
func identParts(w string) []string {
	var out []string
	start := 0
	var prev rune
	for i, r := range w {
		switch {
		case r == '_' || r == '.':
			if i > start {
				out = append(out, w[start:i])
			}
			start = i + 1
		case unicode.IsUpper(r) && unicode.IsLower(prev) && i > start:
			out = append(out, w[start:i])
			start = i
		}
		prev = r
	}
	if start < len(w) {
		out = append(out, w[start:])
	}
	return out
}

// writes reports whether the text writes subject term t: as a plain word,
// or as a part of an identifier that holds another of subject's terms.
func (f *wordForms) writes(t string, subject []string) bool {
	if f.plain[t] {
		return true
	}
	for _, id := range f.idents {
		has, n := false, 0
		for _, p := range id {
			if p == t {
				has = true
			}
			for _, u := range subject {
				if p == u {
					n++
					break
				}
			}
		}
		if has && n >= 2 {
			return true
		}
	}
	return false
}

// writesSubject reports whether c (its sentence or heading) or the
// sentence before it, prev (nil when none), writes a term of subject.
// Forms are read once per candidate.
func writesSubject(c, prev *candidate, subject []string) bool {
	for _, t := range subject {
		if c.terms[t] && c.textForms().writes(t, subject) ||
			c.heading[t] && c.headingForms().writes(t, subject) ||
			prev != nil && prev.terms[t] && prev.textForms().writes(t, subject) {
			return true
		}
	}
	return false
}

func (c *candidate) textForms() *wordForms {
	if c.forms == nil {
		c.forms = newWordForms(c.text)
	}
	return c.forms
}

func (c *candidate) headingForms() *wordForms {
	if c.headForms == nil {
		c.headForms = newWordForms(c.headingText)
	}
	return c.headForms
}
