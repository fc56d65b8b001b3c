package retrieve

import "github.com/hybridrag/hybridrag/internal/synonyms"

// synonymIndex maps the analysed terms of the bundled synonyms to the
// words of their groups, for one analyzer.
type synonymIndex map[string][]string

// newSynonymIndex analyses every word of the bundled groups with analyze
// (the keyword index's analysis), so that "removes" in a question finds
// the group of "remove". A word the analyzer drops (a stop word) is left
// out.
func newSynonymIndex(analyze func(string) []string) synonymIndex {
	idx := synonymIndex{}
	for _, g := range synonyms.Groups() {
		for _, w := range g {
			terms := analyze(w)
			if len(terms) != 1 {
				continue
			}
			for _, o := range g {
				if o != w && !containsString(idx[terms[0]], o) {
					idx[terms[0]] = append(idx[terms[0]], o)
				}
			}
		}
	}
	return idx
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
