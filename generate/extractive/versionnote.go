package extractive

import (
	"regexp"
	"slices"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// isVersionNote reports whether a sentence is a change note ("New in
// version 3.13.", "Added in: v8.0.0"; textutil.IsVersionNote). Notes stand
// between an entry's heading and its description; they must not become the
// sentence an answer opens with.
// A stability note ("Stability: 1 - Experimental") counts as one.
func isVersionNote(text string) bool {
	return textutil.IsVersionNote(text) || textutil.IsStatusNote(text)
}

// asksHistory matches questions about an entry's history, which a change
// note answers: "since which version", "when was ... added", "is X
// deprecated".
var asksHistory = regexp.MustCompile(`(?i)\b(versions?|when|since|release[sd]?|deprecated|deprecation|introduced|added|new|changed|removed|experimental|stable|stability|legacy)\b`)

// defaultChange matches a change note that gives a default's new value
// ("Changed in version 3.8: Default value of max_workers is changed to
// min(32, os.cpu_count() + 4).", "… the default is now 'fork'."): the
// default the entry has today, which its description may not repeat.
var defaultChange = regexp.MustCompile(`(?i)\bdefaults?\b[^.]*?\b(?:(?:is|are|was|were|has\s+been)\s+(?:now\s+)?changed\s+(?:from\s+\S+\s+)?to|(?:is|are)\s+now)\b|\bnow\s+defaults?\s+to\b`)

// dropVersionNotes removes change notes from the candidates unless the
// question asks about history; a question asking for a default keeps the
// notes that give one (defaultChange). The notes stay in the sources;
// positions are renumbered so that pos keeps indexing cands.
func dropVersionNotes(cands []*candidate, question string) []*candidate {
	if asksHistory.MatchString(question) {
		return cands
	}
	keepDefaults := asksDefault(question)
	cands = slices.DeleteFunc(cands, func(c *candidate) bool { return c.note && !(keepDefaults && defaultChange.MatchString(c.text)) })
	for i, c := range cands {
		c.pos = i
	}
	return cands
}
