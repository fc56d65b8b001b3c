package textutil

import (
	"strings"
	"unicode"
)

// KeywordStopword reports whether word, a stop word as the text writes it,
// is used here as a keyword of a language or tool, followed in the text by
// next (empty at the end). Such a word is the subject, not grammar: "What does
// the HAVING clause do?" and "How does the BETWEEN operator work?" lose
// everything they ask about when stop words are dropped. Two forms count:
//   - written in capitals, as SQL, CMake and option tables write keywords
//     ("ON CONFLICT", "UNION ALL", "AND or OR"), at least two letters;
//   - one of the words that languages take as keywords, in lower case,
//     before the kind of construct it names ("the while statement", "a for
//     loop", "the in operator"). "and" and "or" are left out: "the -> and
//     ->> operators" joins two names.
//
// A word that is no stop word gives false: it is kept anyway.
func KeywordStopword(word, next string) bool {
	if len(word) >= 2 && capitals(word) {
		return IsStopword(strings.ToLower(word))
	}
	return keywordStops[word] && constructKinds[strings.ToLower(next)]
}

// capitals reports whether every letter of an ASCII word is a capital (and it
// has one); a word with other letters is no stop word anyway.
func capitals(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c < 'A' || c > 'Z' {
			return false
		}
	}
	return true
}

// keywordStops are the stop words that programming and query languages use
// as keywords.
var keywordStops = map[string]bool{
	"if": true, "for": true, "while": true, "with": true, "in": true, "is": true,
	"not": true, "as": true, "from": true, "do": true, "until": true, "where": true,
	"having": true, "between": true, "into": true, "on": true, "over": true,
	"when": true, "then": true, "by": true,
}

// constructKinds are the nouns with which a text names a construct by its
// keyword.
var constructKinds = map[string]bool{
	"statement": true, "statements": true, "keyword": true, "keywords": true,
	"clause": true, "clauses": true, "operator": true, "operators": true,
	"loop": true, "loops": true, "predicate": true, "predicates": true,
	"expression": true, "expressions": true, "block": true, "blocks": true,
}

// KeywordStopwords returns the stop words that text uses as keywords
// (KeywordStopword), lower-cased; nil when there are none. A part of a name
// joined by underscores is no keyword: LINK_WHAT_YOU_USE names one thing.
func KeywordStopwords(text string) map[string]bool {
	var out map[string]bool
	EachKeywordStopword(text, func(w string) {
		if out == nil {
			out = map[string]bool{}
		}
		out[w] = true
	})
	return out
}

// EachKeywordStopword calls fn with each stop word that text uses as a
// keyword (see KeywordStopwords), lower-cased, in text order with repeats.
func EachKeywordStopword(text string, fn func(w string)) {
	if !mayHoldKeywordStopword(text) {
		return
	}
	words, inName := casedWords(text)
	for i, w := range words {
		var next string
		if i+1 < len(words) {
			next = words[i+1]
		}
		if !inName[i] && KeywordStopword(w, next) {
			fn(strings.ToLower(w))
		}
	}
}

// mayHoldKeywordStopword is a quick test that text may hold a keyword stop
// word: two capital letters in a row, or a construct's kind. Most sentences
// have neither, and splitting them into words costs more than the test.
func mayHoldKeywordStopword(text string) bool {
	for i := 1; i < len(text); i++ {
		if 'A' <= text[i] && text[i] <= 'Z' && 'A' <= text[i-1] && text[i-1] <= 'Z' {
			return true
		}
	}
	for _, kind := range kindStems {
		if strings.Contains(text, kind) {
			return true
		}
	}
	return false
}

// kindStems are substrings of every constructKinds word, written in lower
// or in title case ("Statement" holds "tatement").
var kindStems = []string{"tatement", "eyword", "lause", "perator", "oop", "redicate", "xpression", "lock"}

// Unshouted returns text lower-cased when it is written in capitals
// throughout, words that read as code aside, and holds a capitalised word
// that no language takes as a keyword ("WHAT IS THE DEFAULT PORT?"):
// read as written, its stop words would all be keywords (KeywordStopword)
// and find whatever else is in capitals, a licence's "THE SOFTWARE IS
// PROVIDED AS IS". A question in capitals that names keywords only ("ON
// CONFLICT DO NOTHING") is left as it is.
func Unshouted(text string) string {
	shouting := false
	for _, w := range strings.Fields(text) {
		if MaybeCode(w) {
			continue
		}
		for _, r := range w {
			if unicode.IsLower(r) {
				return text
			}
		}
		if shoutedWords[strings.Trim(w, ".,;:!?\"'()")] {
			shouting = true
		}
	}
	if !shouting {
		return text
	}
	return strings.ToLower(text)
}

// shoutedWords are capitalised words that mark a text as written in
// capitals: no language takes them as keywords.
var shoutedWords = map[string]bool{
	"THE": true, "WHAT": true, "HOW": true, "WHY": true, "WHICH": true, "WHO": true,
	"DOES": true, "I": true, "MY": true, "YOU": true, "YOUR": true, "PLEASE": true,
}
