package extractive

import (
	"strings"

	"github.com/hybridrag/hybridrag/retrieve"
)

// A how-to answered by a reference entry. "How do I make HAProxy check
// server health with HTTP requests?" is answered by the entry "option
// httpchk <method> <uri> <version>", whose first line says what it does
// ("Enables HTTP protocol to check on the servers health"), and by no
// sentence that says "HTTP request" and "check" in passing. The entry
// line names the means, so its opening sentence, when it covers the
// question as well as the others do, earns howToEntryBonus. A question
// asking which option, setting or command does something (nameQuestion:
// "Which option of varnishd sets the listening address?") is answered the
// same way: by "-a <[name=][listen_address[,PROTO]]>" and its "Accept for
// client requests on the specified listen_address", not by a note that
// says "optional" and "set" about socket permissions.

// howToEntryBonus is what an entry's opening sentence adds for a how-to
// question: about one more covered term of a five-term question.
const howToEntryBonus = 0.15

// scoreHowToEntry adds howToEntryBonus to the prose sentences opening an
// entry line (entryLine) that cover at least minRelative of the best
// overlap, for a how-to question or one asking which thing of a kind does
// something.
func scoreHowToEntry(cands []*candidate, intent retrieve.Intent, question string, minRelative float64) {
	if intent != retrieve.IntentHowTo && !nameQuestion.MatchString(question) {
		return
	}
	best := 0.0
	for _, c := range cands {
		best = max(best, c.overlap)
	}
	for _, c := range cands {
		if c.opens && !c.code && c.overlap >= minRelative*best && entryLine(c.headingText) {
			c.score += howToEntryBonus
		}
	}
}

// entryLine reports whether a heading is a reference entry's line: a name,
// perhaps a keyword before it, and its arguments in brackets ("option
// httpchk <method> <uri> <version>", "nbthread <number>").
func entryLine(heading string) bool {
	if strings.Contains(heading, "\n") {
		return false
	}
	f := strings.Fields(heading)
	if len(f) < 2 {
		return false
	}
	args := 0
	for i, w := range f {
		switch {
		case strings.ContainsAny(w[:1], "<[{"):
			args++
		case args > 0 || i > 1:
			return false // words after the arguments, or a title
		}
	}
	return args > 0
}
