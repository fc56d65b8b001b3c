package extractive

import (
	"regexp"
	"slices"
	"strings"
)

// A manual page is titled by the program it documents and what it is
// ("knotc – Knot DNS control utility", "ntpq - standard NTP query
// program"), and its sentences call the program "this program" or
// nothing at all: "Which program controls a running knotd?" is answered
// by knotc's "This program controls a running knotd process using a
// socket." under "Description", a heading that names nothing. For a
// question asking which program, tool or command does something, the
// page's title line is quoted before such a sentence, as a name heading
// is (namedBy).

// programTitle matches a title that names a program and says what it is:
// the name, an optional manual section, then a dash and the description.
// Its group is the name.
var programTitle = regexp.MustCompile(`^([A-Za-z][\w.+-]*)(?:\(\d\w*\))?\s+[-–—]\s+\S`)

// programQuestion matches a which-X question whose kind is a program.
var programQuestion = regexp.MustCompile(`(?i)^\s*(?:which|what)\s+(?:[\w.-]+\s+)?(?:program|tool|utility|command|daemon|script|binary|executable)s?\s+[a-z]+\b`)

// printedTitle returns title when text prints it as a line of its own,
// "" otherwise: a name line quotes the source, never the metadata.
func printedTitle(text, title string) string {
	if title == "" || !programTitle.MatchString(title) {
		return ""
	}
	for at := range occurrences(text, title) {
		end := at + len(title)
		if (at == 0 || text[at-1] == '\n') && (end == len(text) || text[end] == '\n') {
			return title
		}
	}
	return ""
}

// titleNamed returns the title line of c's source (titleLine) when the
// question asks which program does something (programQuestion) and
// neither the sentence nor the question spells the program the title
// names; "" otherwise.
func titleNamed(c *candidate, question string) string {
	if c.titleLine == "" || !programQuestion.MatchString(question) {
		return ""
	}
	name := programTitle.FindStringSubmatch(c.titleLine)[1]
	if containsWord(c.text, name) || containsWord(question, name) {
		return ""
	}
	return c.titleLine
}

// pageName returns the title line of the page chosen[i] is quoted from,
// to print before it, when it is the first sentence quoted from that page,
// a sentence quoted from the page points back at its subject (pagePointer)
// and neither those sentences nor the question spell the name the title
// gives: a manual page of an option or function is
// titled by its name ("CURLOPT_USERAGENT - HTTP user-agent header") and
// its description never repeats it ("It will be used to set the
// User-Agent: header …" answers "How do I set a custom User-Agent
// header?"). "" otherwise.
func pageName(chosen []*candidate, i int, question string) string {
	c := chosen[i]
	if c.titleLine == "" || c.code || strings.HasPrefix(c.text, c.titleLine) {
		return ""
	}
	if slices.ContainsFunc(chosen[:i], func(o *candidate) bool { return o.source == c.source }) {
		return ""
	}
	fromPage := func(pred func(o *candidate) bool) bool {
		return slices.ContainsFunc(chosen, func(o *candidate) bool { return o.source == c.source && pred(o) })
	}
	// Only for a page that is pointed at: a sentence of its own subject
	// ("The Tomli-W package is a TOML writer …" on tomllib's page, "The
	// root user's home directory is …" on file-hierarchy's) is about what
	// it names, not about the page's title.
	if !fromPage(func(o *candidate) bool { return pagePointer.MatchString(o.text) }) {
		return ""
	}
	name := programTitle.FindStringSubmatch(c.titleLine)[1]
	if containsWord(question, name) || fromPage(func(o *candidate) bool { return containsWord(o.text, name) }) {
		return ""
	}
	return c.titleLine + " [" + c.label + "]\n\n"
}

// pagePointer matches a sentence whose subject is the thing its page
// documents, unnamed: "It will be used to set …", "It uses …", "This
// option …", "These functions …". Not "This means …", "It is …" or "It
// was …", which point at the sentence before or at nothing (a verb of
// three letters or more before its "s" leaves out "is", "was", "has").
var pagePointer = regexp.MustCompile(`^(?:(?:It|They)\s+(?:(?:will|can|may|must|does|do|should)\s+\w|[a-z]{3,}s\b)|(?:This|These)\s+(?:` + nameKinds + `|routine|call|page|tool)s?\b)`)
