package extractive

import "github.com/hybridrag/hybridrag/internal/textutil"

// Proximity. Two sentences may hold the same question terms: "Add compile
// definitions to a target." states them together, as the question asks
// them; "Adds definitions to the compiler command line for targets in the
// current directory, …" spreads them over a clause about something else.
// Among sentences that cover the question alike, the one whose covered
// terms stand closest together answers more directly.

// proximityBonus weighs the density of the covered terms (their count over
// the shortest run of words holding them all, in (0, 1]) against overlap:
// enough to order sentences of equal or near-equal coverage, well under
// what one more question term is worth.
const proximityBonus = 0.1

// scoreProximity adds proximityBonus times the density of the question
// terms to each prose sentence that holds every one of them in its own
// words (two or more: a single term is trivially dense). Applied to
// sentences holding only some terms, it pushed the answer out of the
// three quoted on the PostgreSQL sets (BENCHMARKS.md).
func scoreProximity(cands []*candidate, qterms []string) {
	want := map[string]bool{}
	for _, t := range qterms {
		want[t] = true
	}
	stems := map[string]string{} // sentences repeat their words
	for _, c := range cands {
		if c.overlap == 0 || c.code {
			continue
		}
		// holdsEvery first: it is map lookups, density re-reads the text.
		if holdsEvery(c, qterms) {
			c.score += proximityBonus * density(c.words, want, stems)
		}
	}
}

// density returns k/w, where k is the number of distinct wanted terms the
// words hold (at least two, else 0) and w the length in words of the
// shortest run of words holding all k.
func density(words []string, want map[string]bool, stems map[string]string) float64 {
	seq := make([]string, 0, len(words)) // wanted term at each word, "" for others
	distinct := map[string]bool{}
	for _, w := range words {
		t := ""
		if !textutil.IsStopword(w) {
			st, ok := stems[w]
			if !ok {
				st = textutil.Stem(w)
				stems[w] = st
			}
			if want[st] {
				t = st
				distinct[st] = true
			}
		}
		seq = append(seq, t)
	}
	k := len(distinct)
	if k < 2 {
		return 0
	}
	// Sliding window over the words: the shortest run holding all k terms.
	count := map[string]int{}
	have, best, lo := 0, len(seq), 0
	for hi, t := range seq {
		if t == "" {
			continue
		}
		if count[t] == 0 {
			have++
		}
		count[t]++
		for have == k {
			if hi-lo+1 < best {
				best = hi - lo + 1
			}
			if u := seq[lo]; u != "" {
				count[u]--
				if count[u] == 0 {
					have--
				}
			}
			lo++
		}
	}
	return float64(k) / float64(best)
}

// holdsEvery reports whether c holds every question term in its own words.
func holdsEvery(c *candidate, qterms []string) bool {
	for _, t := range qterms {
		if !c.terms[t] {
			return false
		}
	}
	return true
}
