package validate

import "strings"

// query is everything the claims of one answer may look up in the
// postings of a cited source, gathered before the sources are indexed so
// that newEvidenceFor analyses only the sentences holding some of it.
// It must cover every look-up check makes (postings, polarIn, the facts
// of a sentence); TestPrunedIndexIsExact compares the result with a full
// index.
type query struct {
	terms map[string]bool // keys of the term index (termIndex, evidence.postings)
	polar map[string]bool // keys of the polarity index
	nums  map[string]bool // numbers of the claims' quantities (fact.num)
}

func newQuery() *query {
	return &query{terms: map[string]bool{}, polar: map[string]bool{}, nums: map[string]bool{}}
}

// phraseIDs are the polarity ids analyse gives a word from its neighbours
// ("at least", "up to", "under 6 hours", "down by 12%"), and phraseWords
// the words that can carry them.
var (
	phraseIDs   = []string{canonMinimum, canonMaximum, canonBelow, canonAbove, canonDecrease, canonIncrease}
	phraseWords = map[string]bool{
		"least": true, "less": true, "most": true, "to": true, "more": true, "exceed": true,
		"under": true, "over": true, "down": true, "up": true,
	}
)

// addClaim adds what check may look up for a claim: marked is its
// analysed text with markers as markerFill (before URLs are blanked).
func (q *query) addClaim(marked string) {
	marked = blankURLs(marked, findURLs(marked))
	core := strings.TrimSpace(strings.ReplaceAll(marked, string(markerFill), " "))
	for _, s := range []string{marked, core} {
		facts := extractFacts(s)
		for _, f := range facts {
			q.nums[f.num] = true
		}
		for _, t := range analyse(s, facts) {
			if t.info.stem != "" {
				// lexiconFound looks up the canonical term of a
				// word whose stem is a content term: never a stop word's.
				q.addTerm(t.info.canon)
			}
			q.addTerm(t.term)
			q.addPolar(t.polar)
			q.addPolar(t.info.polar)
		}
	}
}

// addTerm adds a term as evidence.postings looks it up: whole, and for a
// hyphenated one joined and part by part.
func (q *query) addTerm(t string) {
	if t == "" {
		return
	}
	q.terms[t] = true
	if !strings.Contains(t, "-") {
		return
	}
	q.terms[strings.ReplaceAll(t, "-", "")] = true
	for part := range strings.SplitSeq(t, "-") {
		if part != "" {
			q.terms[part] = true
			q.terms[infoOf(part).canon] = true
		}
	}
}

// addPolar adds a polarity id with its sibling group and antonyms (and
// theirs), in both indexes: the polarity checks look all of them up, and
// a polarity word is bound to numbers as a term.
func (q *query) addPolar(id string) {
	if id == "" {
		return
	}
	ids := []string{id, siblings[id]}
	for _, a := range antonyms[id] {
		ids = append(ids, a, siblings[a])
	}
	for _, x := range ids {
		if x != "" {
			q.polar[x] = true
			q.addTerm(x)
		}
	}
}
