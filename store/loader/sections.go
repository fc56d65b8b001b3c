package loader

import "github.com/hybridrag/hybridrag/store"

// sectionWriter writes extracted text and opens a Section at each heading,
// spanning from the heading's own line to the text before the next one.
// The HTML and Word walkers embed it. Entries of definition lists get
// Sections of their own, nested inside their heading's (see beginEntry).
type sectionWriter struct {
	out      textBuilder
	sections []store.Section
	open     bool // the heading section at index current is still open
	current  int
	path     []heading
	firstH1  string
	entries  []entry // the definition-list entries being written, innermost last
}

type heading struct {
	level int
	text  string
	term  bool // a definition list's term, not a heading
}

// entry is a definition-list entry being written.
type entry struct {
	section int // index of its Section
	// floor is the length of the heading path with the entry's term: a
	// heading inside the entry (an admonition's "Note") nests below it
	// instead of closing it.
	floor int
	// headed: a heading inside the entry opened a section, which must end
	// with the entry.
	headed bool
}

// termLevel places a term below every heading level.
const termLevel = 7

// heading writes a heading on its own line and opens its section.
func (w *sectionWriter) heading(text string, level int) {
	if level == 1 && w.firstH1 == "" {
		w.firstH1 = text
	}
	w.closeSection()
	floor := 0
	if k := len(w.entries); k > 0 {
		floor = w.entries[k-1].floor
		w.entries[k-1].headed = true
	}
	for len(w.path) > floor && w.path[len(w.path)-1].level >= level {
		w.path = w.path[:len(w.path)-1]
	}
	w.path = append(w.path, heading{level: level, text: text})
	w.out.lineBreak(2)
	start := w.out.flush()
	w.out.b.WriteString(text)
	w.out.lineBreak(2)
	w.current, w.open = len(w.sections), true
	w.sections = append(w.sections, store.Section{Start: start, Heading: w.names()})
}

// names returns the texts of the heading path.
func (w *sectionWriter) names() []string {
	names := make([]string, len(w.path))
	for i, h := range w.path {
		names[i] = h.text
	}
	return names
}

// closeSection ends the open heading section at the end of the text
// written so far.
func (w *sectionWriter) closeSection() {
	if w.open {
		w.sections[w.current].End = w.out.len()
		w.open = false
	}
}

// beginEntry opens the Section of a definition-list entry whose term (or
// terms, joined) is term; its text must follow on a new line. The entry's
// heading path is the one in force with the term added, so that every
// chunk of a long entry says which option or setting it describes.
func (w *sectionWriter) beginEntry(term string) {
	w.out.lineBreak(1)
	start := w.out.next()
	w.path = append(w.path, heading{level: termLevel, text: term, term: true})
	w.entries = append(w.entries, entry{section: len(w.sections), floor: len(w.path)})
	w.sections = append(w.sections, store.Section{Start: start, End: start, Heading: w.names(), Terms: w.trailingTerms()})
}

// endEntry closes the innermost entry at the end of the text written so
// far and restores the heading path in force before it.
func (w *sectionWriter) endEntry() {
	k := len(w.entries) - 1
	e := w.entries[k]
	w.entries = w.entries[:k]
	end := w.out.len()
	s := &w.sections[e.section]
	s.Start = min(s.Start, end) // nothing written: an empty span the chunker skips
	s.End = end
	w.path = w.path[:e.floor-1]
	if e.headed {
		// The heading's section ends with the entry, and the text after it
		// belongs to the heading path in force before the entry again.
		w.closeSection()
		if len(w.path) > 0 {
			w.current, w.open = len(w.sections), true
			w.sections = append(w.sections, store.Section{Start: end, Heading: w.names(), Terms: w.trailingTerms()})
		}
	}
}

// trailingTerms counts the terms at the end of the heading path.
func (w *sectionWriter) trailingTerms() int {
	n := 0
	for i := len(w.path) - 1; i >= 0 && w.path[i].term; i-- {
		n++
	}
	return n
}
