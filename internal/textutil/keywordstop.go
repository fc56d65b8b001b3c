package textutil

import "strings"

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
	lower := strings.ToLower(word)
	if !IsStopword(lower) {
		return false
	}
	if len(word) >= 2 && strings.ToUpper(word) == word && lower != word {
		return true
	}
	return lower == word && keywordStops[word] && constructKinds[strings.ToLower(next)]
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
	words, inName := casedWords(text)
	for i, w := range words {
		var next string
		if i+1 < len(words) {
			next = words[i+1]
		}
		if !inName[i] && KeywordStopword(w, next) {
			if out == nil {
				out = map[string]bool{}
			}
			out[strings.ToLower(w)] = true
		}
	}
	return out
}
