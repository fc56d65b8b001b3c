package loader

import "github.com/hybridrag/hybridrag/store"

// sectionWriter writes extracted text and opens a Section at each heading,
// spanning from the heading's own line to the text before the next one.
// The HTML and Word walkers embed it.
type sectionWriter struct {
	out      textBuilder
	sections []store.Section
	open     bool // the last section is still open
	path     []heading
	firstH1  string
}

type heading struct {
	level int
	text  string
}

// heading writes a heading on its own line and opens its section.
func (w *sectionWriter) heading(text string, level int) {
	if level == 1 && w.firstH1 == "" {
		w.firstH1 = text
	}
	w.closeSection()
	for len(w.path) > 0 && w.path[len(w.path)-1].level >= level {
		w.path = w.path[:len(w.path)-1]
	}
	w.path = append(w.path, heading{level, text})
	names := make([]string, len(w.path))
	for i, h := range w.path {
		names[i] = h.text
	}
	w.out.lineBreak(2)
	start := w.out.flush()
	w.out.b.WriteString(text)
	w.out.lineBreak(2)
	w.sections = append(w.sections, store.Section{Start: start, Heading: names})
	w.open = true
}

// closeSection ends the open section at the end of the text written so far.
func (w *sectionWriter) closeSection() {
	if w.open {
		w.sections[len(w.sections)-1].End = w.out.len()
		w.open = false
	}
}
