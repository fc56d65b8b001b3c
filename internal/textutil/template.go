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
// digits.
func fills(name, t string) bool {
	var b strings.Builder
	b.WriteString(`(?i)^`)
	last := 0
	for _, m := range placeholder.FindAllStringIndex(t, -1) {
		b.WriteString(regexp.QuoteMeta(t[last:m[0]]))
		b.WriteString(`[A-Za-z0-9]+`)
		last = m[1]
	}
	b.WriteString(regexp.QuoteMeta(t[last:]))
	b.WriteString(`$`)
	re, err := regexp.Compile(b.String())
	return err == nil && re.MatchString(name)
}
