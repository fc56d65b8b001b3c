package retrieve

import (
	_ "embed"
	"strings"
	"sync"
)

// synonymsText is the bundled list of technical-English synonym groups;
// its header states where it comes from.
//
//go:embed synonyms.txt
var synonymsText string

// synonymGroups parses synonymsText once: each group's words in order.
var synonymGroups = sync.OnceValue(func() [][]string {
	var groups [][]string
	for _, line := range strings.Split(synonymsText, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if words := strings.Fields(strings.ToLower(line)); len(words) > 1 {
			groups = append(groups, words)
		}
	}
	return groups
})

// synonymIndex maps the analysed terms of the bundled synonyms to the
// words of their groups, for one analyzer.
type synonymIndex map[string][]string

// newSynonymIndex analyses every word of the bundled groups with analyze
// (the keyword index's analysis), so that "removes" in a question finds
// the group of "remove". A word the analyzer drops (a stop word) is left
// out.
func newSynonymIndex(analyze func(string) []string) synonymIndex {
	idx := synonymIndex{}
	for _, g := range synonymGroups() {
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
