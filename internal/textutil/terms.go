package textutil

import (
	"strings"
	"unicode"

	porterstemmer "github.com/blevesearch/go-porterstemmer"
)

// Words returns the lower-cased words of text: runs of letters and digits,
// keeping inner apostrophes, hyphens and decimal points ("don't", "x-ray",
// "3.5") but not trailing punctuation.
func Words(text string) []string {
	var words []string
	scanWords(text, func(rs []rune, start, end int) {
		words = append(words, strings.ToLower(string(rs[start:end])))
	})
	return words
}

// casedWords is Words as the text writes them; inName[i] reports that word i
// is part of a name joined by underscores ("WHAT" of LINK_WHAT_YOU_USE).
func casedWords(text string) (words []string, inName []bool) {
	scanWords(text, func(rs []rune, start, end int) {
		words = append(words, string(rs[start:end]))
		inName = append(inName, start > 0 && rs[start-1] == '_' || end < len(rs) && rs[end] == '_')
	})
	return words, inName
}

// scanWords calls fn with the runes of text and the bounds of each word (see
// Words).
func scanWords(text string, fn func(rs []rune, start, end int)) {
	start := -1
	rs := []rune(text)
	flush := func(end int) {
		if start >= 0 {
			fn(rs, start, end)
			start = -1
		}
	}
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if start < 0 {
				start = i
			}
		case start >= 0 && (r == '\'' || r == '’' || r == '-' || r == '.' || r == ',') &&
			i+1 < len(rs) && (unicode.IsLetter(rs[i+1]) || unicode.IsDigit(rs[i+1])) &&
			(r != '.' && r != ',' || unicode.IsDigit(rs[i-1]) && unicode.IsDigit(rs[i+1])):
			// inner joiner: keep going
		default:
			flush(i)
		}
	}
	flush(len(rs))
}

// ContentTerms returns the stemmed content words of text: Words without
// stop words, each Porter-stemmed. Numbers are kept as they are. A stop
// word used as a keyword (KeywordStopword: "HAVING", "the while
// statement") is kept, lower-cased and unstemmed, as the keyword index
// keeps it.
func ContentTerms(text string) []string {
	if !mayHoldKeywordStopword(text) {
		words := Words(text)
		terms := words[:0]
		for _, w := range words {
			if !IsStopword(w) {
				terms = append(terms, Stem(w))
			}
		}
		return terms
	}
	words, inName := casedWords(text)
	terms := words[:0]
	for i, w := range words {
		lw := strings.ToLower(w)
		if IsStopword(lw) {
			var next string
			if i+1 < len(words) {
				next = words[i+1]
			}
			if !inName[i] && KeywordStopword(w, next) {
				terms = append(terms, lw)
			}
			continue
		}
		terms = append(terms, Stem(lw))
	}
	return terms
}

// Stem returns the Porter stem of a lower-cased word; words containing
// digits are returned unchanged.
func Stem(w string) string {
	for _, r := range w {
		if unicode.IsDigit(r) {
			return w
		}
	}
	w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
	if base, ok := irregularVerbs[w]; ok {
		w = base
	}
	w = americanSpelling(w)
	if len(w) > len("fully") && strings.HasSuffix(w, "fully") || strings.HasSuffix(w, "lessly") {
		// Porter has no rule for these adverbs: "gracefully" stemmed to
		// "gracefulli", never meeting "graceful" ("grace").
		w = w[:len(w)-2]
	}
	st := porterstemmer.StemString(w)
	if n := len(st); n > 1 && st[n-1] == 'y' && !strings.ContainsAny(st[:n-1], "aeiou") {
		// Porter turns a final y into i only after a vowel, so "try"
		// stays "try" while "tries" and "tried" become "tri": a question
		// asking how many times ssh tries never met "the number of
		// tries".
		st = st[:n-1] + "i"
	}
	return st
}

// IsStopword reports whether a lower-cased word carries no content.
func IsStopword(w string) bool {
	// Typeset text and some keyboards write the apostrophe as ’ ("aren’t").
	return stopwords[strings.ReplaceAll(w, "’", "'")]
}

var stopwords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a about above after again against all am an and any are aren't as at
be because been before being below between both but by can can't cannot could couldn't did didn't do
does doesn't doing don't down during each few for from further had hadn't has hasn't have haven't having
he he'd he'll he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if in into
is isn't it it's its itself let's me more most mustn't my myself no nor not of off on once only or other
ought our ours ourselves out over own same shan't she she'd she'll she's should shouldn't so some such
than that that's the their theirs them themselves then there there's these they they'd they'll they're
they've this those through to too under until up very was wasn't we we'd we'll we're we've were weren't
what what's when when's where where's which while who who's whom why why's will with won't would wouldn't
you you'd you'll you're you've your yours yourself yourselves also may might must shall s t just
does do get got use used using via per within without however therefore thus whether yet`) {
		m[w] = true
	}
	return m
}()

// LettersKey returns s's letters and digits, lower-cased: a key that
// compares names and titles regardless of case, spaces and punctuation
// ("image.pullPolicy" and "image pull policy", "Overview:" and
// "overview").
func LettersKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
