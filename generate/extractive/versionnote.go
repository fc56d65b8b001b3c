package extractive

import (
	"regexp"
	"slices"
)

// versionNote matches the change notes that documentation generators put
// between an entry's heading and its description ("New in version 3.13.",
// "Changed in version 3.2: ...", "Deprecated since version 3.9.", "Added
// in 1.4."). They are facts about the entry's history, not what the entry
// is or does, so they must not become the sentence an answer opens with.
var versionNote = regexp.MustCompile(`(?i)^(new|changed|added|removed|deprecated)\s+(in|since)\s+(version\s+)?v?\d+(\.\d+)*\b`)

// isVersionNote reports whether a sentence is a change note.
func isVersionNote(text string) bool { return versionNote.MatchString(text) }

// asksHistory matches questions about an entry's history, which a change
// note answers: "since which version", "when was ... added", "is X
// deprecated".
var asksHistory = regexp.MustCompile(`(?i)\b(versions?|when|since|release[sd]?|deprecated|deprecation|introduced|added|new|changed|removed)\b`)

// dropVersionNotes removes change notes from the candidates unless the
// question asks about history. The notes stay in the sources; positions
// are renumbered so that pos keeps indexing cands.
func dropVersionNotes(cands []*candidate, question string) []*candidate {
	if asksHistory.MatchString(question) {
		return cands
	}
	cands = slices.DeleteFunc(cands, func(c *candidate) bool { return c.note })
	for i, c := range cands {
		c.pos = i
	}
	return cands
}
