package extractive

import (
	"regexp"

	"github.com/hybridrag/hybridrag/generate"
)

// Release notes. A manual's release notes say what changed in each
// version ("select_related() now chains …", "you have to create an
// add_arguments() class method"), in the words of the reference pages,
// so by term overlap alone they compete with the page that documents the
// current behaviour; and what they state may have changed again since.
// Unless the question asks about history, their sentences weigh less in
// the choice of the answer. Only the score: whether the sources answer
// at all is decided as for any other page.

// changeLogTitle matches the title of a page of release notes: "Django
// 1.8 release notes", "What’s New In Python 3.2", "E.20. Release 15.1",
// "SQLite Release 3.40.0 On 2022-11-16", "Release History Of SQLite",
// "Changelog".
var changeLogTitle = regexp.MustCompile(`(?i)\brelease notes?\b|\bwhat['’]?s new\b|\bchange ?logs?\b|\brelease history\b|\bversion history\b|^(?:[a-z]\.\d+\.\s+)?release \d+(?:\.\d+)*$|\brelease \d+(?:\.\d+)+ on\b`)

// changeLogWeight scales the score of a sentence of release notes.
const changeLogWeight = 0.6

// isChangeLog reports whether src is a page of release notes, by its
// title or, for a loader that gives none, its outermost heading.
func isChangeLog(src generate.ContextSource) bool {
	ch := src.Source.Chunk
	if changeLogTitle.MatchString(ch.Title) {
		return true
	}
	return len(ch.Heading) > 0 && changeLogTitle.MatchString(ch.Heading[0])
}

// scoreChangeLog weighs down the sentences of release notes unless the
// question asks about history (asksHistory).
func scoreChangeLog(cands []*candidate, sources []generate.ContextSource, question string) {
	if asksHistory.MatchString(question) {
		return
	}
	logs := make([]bool, len(sources))
	for i, s := range sources {
		logs[i] = isChangeLog(s)
	}
	for _, c := range cands {
		if logs[c.source] {
			c.score *= changeLogWeight
		}
	}
}
