package retrieve

import (
	"slices"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// templatedMembers returns unknown without the names that fill a template
// some source writes in its title, headings or text
// (textutil.WithTemplates): "CMAKE_CXX_FLAGS" occurs nowhere in the CMake
// manual, whose entry is "CMAKE_<LANG>_FLAGS".
func templatedMembers(unknown []string, sources []Source) []string {
	return withoutDocumented(unknown, func(name string) bool {
		return slices.ContainsFunc(sources, func(s Source) bool { return hasTemplateOf(s, name) })
	})
}

// hasTemplateOf reports whether s writes a template that name fills.
func hasTemplateOf(s Source, name string) bool {
	c := &s.Chunk
	fills := func(text string) bool { return textutil.WithTemplates(text, name) != text }
	return fills(c.Title) || fills(c.Text) || slices.ContainsFunc(c.Heading, fills)
}
