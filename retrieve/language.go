package retrieve

import (
	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/store"
)

// englishWords are English function words that questions use and other
// languages do not write: two of them (one in a question of four words or
// fewer) make a question English.
var englishWords = map[string]bool{
	"the": true, "a": true, "an": true, "is": true, "are": true, "do": true, "does": true, "how": true,
	"what": true, "which": true, "why": true, "when": true, "where": true, "can": true, "i": true,
	"my": true, "to": true, "of": true, "for": true, "with": true, "it": true, "this": true, "that": true,
	"should": true, "will": true, "there": true, "by": true, "from": true, "not": true,
}

// questionLanguage returns "en" when question reads as English, "" when
// it cannot tell.
func questionLanguage(question string) string {
	words := textutil.Words(question)
	n := 0
	for _, w := range words {
		if englishWords[w] {
			n++
		}
	}
	if n >= 2 || n == 1 && len(words) <= 4 {
		return "en"
	}
	return ""
}

// preferLanguage ranks the candidates whose documents declare a language
// other than the question's (store.LanguageKey) after all others: a folder
// of translations (the Debian Administrator's Handbook in twenty
// languages) keeps its commands and examples untranslated, so an English
// question's words match every translation's page, and its sources were
// Korean, Persian and Arabic pages before the English one. Candidates that
// declare no language are not moved, nor is anything when the question's
// language is not known.
func preferLanguage(candidates []Source, question string) {
	if len(candidates) < 2 {
		return
	}
	lang := questionLanguage(question)
	if lang == "" {
		return
	}
	hi, lo := candidates[0].Scores.Fused, candidates[len(candidates)-1].Scores.Fused
	moved := false
	for i := range candidates {
		if l := candidates[i].Chunk.Metadata.Extra[store.LanguageKey]; l != "" && l != lang {
			candidates[i].Scores.Fused -= hi - lo
			moved = true
		}
	}
	if moved {
		sortFused(candidates)
	}
}
