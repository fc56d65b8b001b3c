package extractive

import (
	"sync"

	"github.com/hybridrag/hybridrag/internal/synonyms"
	"github.com/hybridrag/hybridrag/internal/textutil"
)

// synonymWeight is the share of a question term's weight that a sentence
// earns in its score when it holds only a bundled synonym of the term
// ("Where does ALTER SYSTEM save the settings …?" answered by "… writes
// the given parameter setting to the postgresql.auto.conf file"). Only the
// score: whether the sentence covers the question enough to answer
// (overlap) is left to the question's own words, since a synonym covers
// an unanswerable question's neighbours as readily. Measured on the 18
// labelled sets: key-fact recall up on six (pg15-heldout +.034, pg15-fresh
// +.017), down on one (git −.007), no refusal changed (BENCHMARKS.md).
const synonymWeight = 0.5

// synonymStems maps the stem of each word of the bundled synonym groups
// to the stems of the other words of its groups.
var synonymStems = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	for _, g := range synonyms.Groups() {
		for _, w := range g {
			sw := textutil.Stem(w)
			for _, o := range g {
				if so := textutil.Stem(o); so != sw {
					m[sw] = append(m[sw], so)
				}
			}
		}
	}
	return m
})

// synonymIn reports whether terms (a sentence's stems) hold a bundled
// synonym of the question term t.
func synonymIn(t string, terms map[string]bool) bool {
	for _, s := range synonymStems()[t] {
		if terms[s] {
			return true
		}
	}
	return false
}
