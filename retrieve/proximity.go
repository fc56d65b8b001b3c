package retrieve

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/store"
)

// Term proximity, after Metzler and Croft's sequential dependence model.
// BM25 counts a question's terms independently, so a long narrative chunk
// that uses "running", "processes" and "container" in passing outranks
// the reference entry "Display the running processes of a container" for
// "How do I see the running processes of a container?". A chunk that
// writes two neighbouring question terms next to each other, in the
// question's order, speaks about what the question asks. So each keyword
// hit gains, for every such pair it writes within proximityWindow
// analysed terms, weight × the pair's mean IDF × 2c/(c+1), c being how
// often it does (saturating, as BM25's term frequency does). On the 20
// labelled sets the keyword list's evidence in its top 5 rose from 1,347
// to 1,381 of 1,636 at weight 0.5 (BENCHMARKS.md).
const (
	// DefaultProximityWeight is Options.ProximityWeight's default.
	DefaultProximityWeight = 0.5
	// proximityWindow is how many analysed terms after the first of a
	// pair the second may stand: "processes of a container" is one
	// apart once stop words are gone, "processes of each running
	// container" two.
	proximityWindow = 3
)

// termPair is two neighbouring analysed terms of a question, with their
// mean IDF.
type termPair struct {
	first, second string
	weight        float64
}

// questionPairs returns the pairs of neighbouring weighted terms of the
// question (analysed by analyse, in order), skipping a code word's whole
// form beside its own parts ("max_connections", "max"), which are one
// word, not two.
func questionPairs(text string, q queryTerms, analyse func(string) []string) []termPair {
	idfs := make(map[string]float64, len(q.terms))
	for i, t := range q.terms {
		if !q.absent[t] {
			idfs[t] = q.weights[i]
		}
	}
	var pairs []termPair
	prev := ""
	for _, t := range analyse(text) {
		if _, ok := idfs[t]; !ok {
			continue
		}
		if prev != "" && prev != t && !strings.Contains(prev, t) && !strings.Contains(t, prev) {
			pairs = append(pairs, termPair{prev, t, (idfs[prev] + idfs[t]) / 2})
		}
		prev = t
	}
	return pairs
}

// proximityScore is the bonus of one chunk's analysed terms for pairs
// (before the weight).
func proximityScore(terms []string, pairs []termPair) float64 {
	pos := make(map[string][]int, 2*len(pairs))
	for _, p := range pairs {
		pos[p.first], pos[p.second] = nil, nil
	}
	for i, t := range terms {
		if at, ok := pos[t]; ok {
			pos[t] = append(at, i)
		}
	}
	score := 0.0
	for _, p := range pairs {
		seconds := pos[p.second]
		c := 0
		for _, x := range pos[p.first] {
			for _, y := range seconds {
				if y > x && y-x <= proximityWindow {
					c++
					break
				}
			}
		}
		if c > 0 {
			score += p.weight * 2 * float64(c) / float64(c+1)
		}
	}
	return score
}

// favourProximity adds the proximity bonus to the keyword hits' scores
// and re-sorts them (stable: BM25's order breaks ties). Its caller
// (proximityKeyword) runs it only with the keyword index's analysis
// (TermStatter) and a weight.
func (h *Hybrid) favourProximity(text string, q queryTerms, hits []store.Hit) {
	pairs := questionPairs(textutil.DefaultWorded(text), q, h.words.termsOf)
	if len(pairs) == 0 {
		return
	}
	var terms []string
	add := func(t string) { terms = append(terms, t) }
	for i := range hits {
		c := &hits[i].Chunk
		terms = terms[:0]
		h.words.each(c.Title, add)
		for _, head := range c.Heading {
			h.words.each(head, add)
		}
		h.words.each(c.Text, add)
		hits[i].Score += h.cfg.proximityWeight * proximityScore(terms, pairs)
	}
	slices.SortStableFunc(hits, func(a, b store.Hit) int { return cmpFloat(b.Score, a.Score) })
}
