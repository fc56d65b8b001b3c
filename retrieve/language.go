package retrieve

import (
	"strings"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/store"
)

// functionWords are, for a few languages, function words their questions
// use.
var functionWords = map[string]string{
	"en": "the a an is are was were be do does did how what which why when where can could i my you your we our they their to of for with it its this that these those should will would there by from not and or if on at as in into than has have must may",
	"de": "der die das und ist wie ich nicht mit ein eine einen den dem zu auf für von welche welcher welches kann wird werden sich im in mein wann wo es auch warum",
	"fr": "le la les des une un de est comment je pas avec pour dans quel quelle quels sur du et qui au ne peut mon où quand pourquoi en",
	"es": "el la los las una un de cómo qué cuál cuáles para con por del es y se puedo hay lo al mi cuándo dónde en",
	"it": "il lo la gli una un come che è per con non della del quale perché posso di nel in mio quando dove sono",
	"pt": "o os as um uma de como que não para com do da dos qual posso é no na em meu quando onde",
	"nl": "de het een hoe ik niet met voor van wat welke kan en waarom in mijn wanneer waar op te zijn",
}

// languagesOf maps each function word to the languages that use it.
var languagesOf = func() map[string][]string {
	out := map[string][]string{}
	for lang, words := range functionWords {
		for _, w := range strings.Fields(words) {
			out[w] = append(out[w], lang)
		}
	}
	return out
}()

// questionLanguage returns the language question reads as, by its
// function words of two letters or more (one letter, "y", "a", "o", is as
// often an option or a variable): the language with more of them than any
// other, two at least, or one in a question of four words or fewer; ""
// when it cannot tell. A word several languages use counts for each.
func questionLanguage(question string) string {
	words := textutil.Words(question)
	counts := map[string]int{}
	for _, w := range words {
		if utf8.RuneCountInString(w) > 1 {
			for _, lang := range languagesOf[w] {
				counts[lang]++
			}
		}
	}
	best, n, second := "", 0, 0
	for lang, c := range counts {
		switch {
		case c > n:
			best, n, second = lang, c, n
		case c > second:
			second = c
		}
	}
	if n == second || n == 0 || n == 1 && len(words) > 4 {
		return ""
	}
	return best
}

// preferLanguage ranks the candidates whose documents declare a language
// other than the question's (store.LanguageKey, questionLanguage) after
// all others: a folder of translations (the Debian Administrator's
// Handbook in twenty languages) keeps its commands and examples
// untranslated, so an English question's words match every translation's
// page, and its sources were Korean, Persian and Arabic pages before the
// English one. Candidates that
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
