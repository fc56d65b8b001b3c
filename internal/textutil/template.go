package textutil

import (
	"regexp"
	"strings"
)

// Reference manuals document families of names by a template with
// placeholders: CMake's "CMAKE_<LANG>_FLAGS", "CMAKE_INSTALL_<dir>" (with
// LIBDIR among the <dir> listed under it) and "<PackageName>_ROOT". A
// question names one member ("CMAKE_INSTALL_LIBDIR"), which the entry
// that defines it never writes; other pages write it in passing. Judged
// by its literal occurrences alone, the name is unknown or incidental
// exactly where it is documented, and its entry's sentences do not hold it.

// templateName matches a name written with placeholders: parts joined by
// '_', at least one of them a placeholder in angle brackets.
var templateName = regexp.MustCompile(`(?:<[A-Za-z][\w-]*>|[A-Za-z0-9]+)(?:_(?:<[A-Za-z][\w-]*>|[A-Za-z0-9]+))+`)

// placeholder matches one placeholder of a template.
var placeholder = regexp.MustCompile(`<[A-Za-z][\w-]*>`)

// WithTemplates returns text with each template name that name fills
// (CMAKE_<LANG>_FLAGS for CMAKE_CXX_FLAGS) written as name, so that the
// name's occurrences include the entries of its template; text itself when
// it holds none. A placeholder stands for letters and digits, without '_'.
func WithTemplates(text, name string) string {
	if !strings.Contains(text, "<") || !strings.Contains(name, "_") {
		return text
	}
	return templateName.ReplaceAllStringFunc(text, func(t string) string {
		if !strings.Contains(t, "<") || !fills(name, t) {
			return t
		}
		return name
	})
}

// fills reports whether name is a member of the template t, ignoring
// case: t's fixed parts in place, each placeholder one run of letters and
// digits. It runs for every template a source writes, once per question
// name, so it matches by hand rather than compiling a pattern each time.
func fills(name, t string) bool {
	if t == "" {
		return name == ""
	}
	loc := placeholder.FindStringIndex(t)
	if loc != nil && loc[0] == 0 {
		// A placeholder takes one or more letters or digits; try each
		// length, longest last, against the rest of the template.
		rest := t[loc[1]:]
		for n := 1; n <= len(name) && isAlnum(name[n-1]); n++ {
			if fills(name[n:], rest) {
				return true
			}
		}
		return false
	}
	fixed := t
	if loc != nil {
		fixed = t[:loc[0]]
	}
	return len(name) >= len(fixed) && strings.EqualFold(name[:len(fixed)], fixed) && fills(name[len(fixed):], t[len(fixed):])
}

// isAlnum reports an ASCII letter or digit.
func isAlnum(b byte) bool {
	return b >= '0' && b <= '9' || b|0x20 >= 'a' && b|0x20 <= 'z'
}
