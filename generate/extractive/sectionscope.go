package extractive

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/internal/textutil"
)

// A question may name the section its answer belongs to: "What is the
// default quality setting q for the libvorbis encoder?" is about the
// section titled "8.12 libvorbis". A sentence of another section that
// shares the question's other words ("The native jpeg 2000 encoder is lossy
// by default, the -q:v option can be used to set the encoding quality.")
// answers another thing's question, however well it scores; when a
// sentence inside the named section answers too, that one is quoted.

// sectionWords returns, as whole-word patterns, the question's words that
// are the whole title of a section some source stands in (a numbered
// heading line of one name: "8.12 libvorbis", "F.12. dblink"),
// when at most half of the sources stand in such a section: a title most
// sources share ("Options", "Description") names no particular section.
func sectionWords(question string, cands []*candidate, sources []generate.ContextSource) []*regexp.Regexp {
	asked := map[string]bool{}
	for _, f := range strings.Fields(question) {
		w := strings.ToLower(strings.Trim(f, "?!.,;:\"'()[]`“”‘’"))
		if len(w) >= 3 && !textutil.IsStopword(w) {
			asked[w] = true
		}
	}
	if len(asked) == 0 {
		return nil
	}
	titled := map[string]map[int]bool{} // title word → sources in its section
	seen := map[[2]string]bool{}        // paths and headings already read
	take := func(lines string, source int) {
		for line := range strings.SplitSeq(lines, "\n") {
			w := strings.ToLower(sectionTitle(line))
			if !asked[w] {
				continue
			}
			if titled[w] == nil {
				titled[w] = map[int]bool{}
			}
			titled[w][source] = true
		}
	}
	for _, c := range cands {
		key := [2]string{c.path, c.headingText}
		if seen[key] {
			continue
		}
		seen[key] = true
		take(c.path, c.source)
		take(c.headingText, c.source)
	}
	var out []*regexp.Regexp
	for w, in := range titled {
		if 2*len(in) <= len(sources) {
			out = append(out, namePattern(w, true))
		}
	}
	return out
}

// sectionTitle returns the name a numbered heading line titles its
// section with ("libvorbis" of "8.12 libvorbis"), or "" when the line has
// more than one token or its token is a word, not a name ("6.6 Errors",
// "16.1 Options": see nameHeading), which a question uses as a word.
func sectionTitle(line string) string {
	line = strings.TrimSpace(line)
	n := numberedName.FindStringSubmatch(line)
	if n == nil || nameHeading(line) == "" {
		return ""
	}
	return n[1]
}

// inSection reports whether cands[i] stands in every section the question
// names (t.sections): its text, heading, heading path, the sentence before
// it or an earlier sentence of its section names it, or a numbered heading
// above it in its source does ("8.12 libvorbis" over "8.12.1 Options" over
// the entry "q (-q)").
func (t *answerTest) inSection(i int) bool {
	if len(t.sections) == 0 {
		return true
	}
	var prev *candidate
	if i > 0 && t.cands[i-1].source == t.cands[i].source {
		prev = t.cands[i-1]
	}
	if namesAsked(t.sections, t.cands[i], prev, nameScope(t.cands, i)) {
		return true
	}
	titles := numberedAbove(t.cands, i)
	for _, re := range t.sections {
		if !slices.ContainsFunc(titles, re.MatchString) {
			return false
		}
	}
	return true
}

// numberedAbove returns the numbered headings that enclose cands[i] in its
// source: going back over the headings its source's sentences stand under
// and then the source's heading path, the nearest numbered one and each
// earlier one whose number its number extends ("8.12" of "8.12.1").
// Headings without a number are taken to lie deeper than the numbered
// one before them, as Texinfo's entries under a numbered section do.
func numberedAbove(cands []*candidate, i int) []string {
	c := cands[i]
	var out []string
	cur := ""
	take := func(h string) {
		m := sectionNumbered.FindStringSubmatch(h)
		if m == nil {
			return
		}
		if cur == "" || strings.HasPrefix(cur, m[1]+".") {
			out = append(out, h)
			cur = m[1]
		}
	}
	last := ""
	for j := i; j >= 0 && cands[j].source == c.source; j-- {
		if h := cands[j].headingText; h != last {
			take(h)
			last = h
		}
	}
	path := strings.Split(c.path, "\n")
	for k := len(path) - 1; k >= 0; k-- {
		take(path[k])
	}
	return out
}

// sectionNumbered matches a numbered heading's number, without a trailing
// dot: "8.12" of "8.12 libvorbis", "F.12" of "F.12. dblink".
var sectionNumbered = regexp.MustCompile(`^((?:[A-Z]\.)?(?:\d+\.)*\d+)\.?\s+\S`)

// sectionAnswers reports whether some candidate answers inside the
// sections the question names; false when it names none.
func (t *answerTest) sectionAnswers() bool {
	if len(t.sections) == 0 {
		return false
	}
	for i := range t.cands {
		if t.inSection(i) && t.answersAt(i) {
			return true
		}
	}
	return false
}

// withinSections drops from chosen the sentences outside the sections the
// question names, when something inside answers (scoped): another
// encoder's default beside libvorbis's only misleads.
func (t *answerTest) withinSections(scoped bool, chosen []*candidate, second *candidate) ([]*candidate, *candidate) {
	if !scoped {
		return chosen, second
	}
	kept := slices.DeleteFunc(slices.Clone(chosen), func(c *candidate) bool { return !t.inSection(c.pos) })
	if len(kept) == 0 {
		return chosen, second
	}
	if second != nil && !slices.Contains(kept, second) {
		second = nil
	}
	return kept, second
}
