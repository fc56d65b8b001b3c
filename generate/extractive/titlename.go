package extractive

import "regexp"

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
