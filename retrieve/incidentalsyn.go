package retrieve

import (
	"strings"

	"github.com/hybridrag/hybridrag/internal/synonyms"
)

// spokenAboutSynonym reports whether some source speaks about another word
// of name's group in the bundled technical-English synonyms
// (internal/synonyms), as spokenAbout judges it. A name that is an everyday
// term in capitals ("RAM") is written another way where the documents
// answer ("a private, temporary in-memory database"); its passing
// mentions elsewhere say nothing about whether they answer. A synonym
// that no source holds counts for nothing (spokenAbout would count a
// name in no source as spoken about).
func spokenAboutSynonym(name string, ctx nameCtx, sources []Source, analyse func(string) []string) bool {
	lower := strings.ToLower(name)
	for _, g := range synonyms.Groups() {
		if !containsString(g, lower) {
			continue
		}
		for _, o := range g {
			if o == lower || !occursIn(o, sources) {
				continue
			}
			if spokenAbout(o, ctx, sources, analyse) {
				return true
			}
		}
	}
	return false
}

// occursIn reports whether some source's text holds word as a word.
func occursIn(word string, sources []Source) bool {
	for i := range sources {
		if len(occurrences(sources[i].Chunk.Text, word)) > 0 {
			return true
		}
	}
	return false
}
