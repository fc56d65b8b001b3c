package extractive

import (
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// maxCompoundWords bounds the question phrases spacedCompounds looks for
// hyphenated ("git gc" as "git-gc", "end of file" as "end-of-file").
const maxCompoundWords = 3

// spacedCompounds lets a sentence that hyphenates words the question
// writes apart hold them: a manual page's summary "git-gc - Cleanup
// unnecessary files and optimize the local repository" speaks of git gc,
// and leads with it. Only phrases of the question count: splitting every
// hyphenated word would let "read-only" or "built-in" hold any question's
// "read" or "built".
func spacedCompounds(cands []*candidate, question string) {
	words := textutil.Words(question)
	phrases := map[string][]string{} // hyphenated form → its parts' stems
	for i := range words {
		for n := 2; n <= maxCompoundWords && i+n <= len(words); n++ {
			var stems []string
			for _, w := range words[i : i+n] {
				if strings.IndexByte(w, '-') >= 0 {
					stems = nil
					break
				}
				if !textutil.IsStopword(w) {
					stems = append(stems, textutil.Stem(w))
				}
			}
			if len(stems) >= 2 {
				phrases[strings.Join(words[i:i+n], "-")] = stems
			}
		}
	}
	if len(phrases) == 0 {
		return
	}
	for _, c := range cands {
		for _, w := range c.words {
			parts, ok := phrases[w]
			if !ok {
				continue
			}
			for _, p := range parts {
				c.terms[p] = true
			}
			if k := slices.Index(c.lead, textutil.Stem(w)); k >= 0 {
				lead := slices.Insert(slices.Clone(c.lead), k+1, parts...)
				c.lead = lead[:min(len(lead), leadTerms)]
			}
		}
	}
}
