package extractive

import (
	"regexp"
	"slices"
	"strings"
)

// A question asking for the bound of one measure ("What is the maximum
// length of a key?") is not answered by a sentence stating the bound of
// another ("The maximum duration is slightly above 24 days." in the same
// table's section): both hold "maximum", and the figure passes for an
// amount. Measures are told apart by kind: a length, size or count, or a
// span of time.

// boundNoun matches a bound and the noun it measures.
var boundNoun = regexp.MustCompile(`(?i)\b(?:maximum|minimum|max|min|largest|smallest|longest|shortest|default)\s+(length|size|width|depth|duration|time|age|delay|interval|period|lifetime|number|count)s?\b`)

// measureKind groups the nouns boundNoun reads by what they measure.
var measureKind = map[string]string{
	"length": "extent", "size": "extent", "width": "extent", "depth": "extent",
	"duration": "time", "time": "time", "age": "time", "delay": "time", "interval": "time", "period": "time", "lifetime": "time",
	// A length is often given as a number of things ("the maximum number
	// of characters that will be stored"), so counts and extents are one
	// kind.
	"number": "extent", "count": "extent",
}

// boundKind returns the kind of measure whose bound text names first, ""
// when it names none.
func boundKind(text string) string {
	m := boundNoun.FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	return measureKind[strings.ToLower(m[1])]
}

// dropOtherBounds removes the sentences that state only bounds of another
// kind of measure than the one whose bound the question asks for: neither
// a lead nor a supplement, as a default of another setting is none.
func dropOtherBounds(cands []*candidate, question string) []*candidate {
	kind := boundKind(question)
	if kind == "" {
		return cands
	}
	cands = slices.DeleteFunc(cands, func(c *candidate) bool { return boundsOther(kind, c.text) })
	for i, c := range cands {
		c.pos = i
	}
	return cands
}

// boundsOther reports whether sentence names only bounds of another kind
// of measure than the question's (kind, from boundKind).
func boundsOther(kind, sentence string) bool {
	if kind == "" {
		return false
	}
	ms := boundNoun.FindAllStringSubmatch(sentence, -1)
	if len(ms) == 0 {
		return false
	}
	for _, m := range ms {
		if measureKind[strings.ToLower(m[1])] == kind {
			return false
		}
	}
	return true
}
