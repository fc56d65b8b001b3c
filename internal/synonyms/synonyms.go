// Package synonyms holds the bundled list of technical-English synonym
// groups (synonyms.txt, whose header states where it comes from): words
// that software manuals use interchangeably for the same operation or
// thing. Query expansion (package retrieve) and the extractive
// generator's sentence choice read it.
package synonyms

import (
	_ "embed"
	"strings"
	"sync"
)

//go:embed synonyms.txt
var text string

// Groups returns the groups, each its words in order, lower-cased. The
// result is shared: callers must not modify it. Safe for concurrent use.
var Groups = sync.OnceValue(func() [][]string {
	var groups [][]string
	for line := range strings.SplitSeq(text, "\n") {
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
