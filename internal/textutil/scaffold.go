package textutil

import "slices"

// scaffoldWords phrase a question rather than name its subject: "how
// often", "how long", "what does E4 mean". Answers rarely repeat them, so
// measures of how much of a question a text covers leave them out.
var scaffoldWords = []string{
	"often", "long", "far", "much", "many", "mean", "means", "meaning",
	"happen", "happens", "explain", "describe", "tell", "know", "need", "needed", "possible",
	// Hedges ask how precise the answer is, not what it is about: "roughly
	// how long", "what exactly does X do".
	"roughly", "approximately", "exactly", "precisely", "typically", "usually", "normally",
	"generally", "actually", "really", "basically",
	// "Reaches a certain number of bytes" leaves the number open: the
	// answer names the limit, not certainty.
	"certain",
	// "The built-in User model", "Python's built-in rounding": the manual
	// describes its own parts without saying they come with it.
	"built-in", "builtin",
}

var scaffold = func() map[string]bool {
	m := make(map[string]bool, len(scaffoldWords))
	for _, w := range scaffoldWords {
		m[w] = true
	}
	return m
}()

// IsScaffold reports whether a lower-cased word is a question scaffold word.
func IsScaffold(w string) bool { return scaffold[w] }

// InScaffoldPhrase reports whether words[i] is part of a phrase that, like
// a scaffold word, shapes the question rather than names its subject:
// "one another", a pronoun like "each other" (whose words are stop words),
// and "stand for" or "short for" asking what an abbreviation means.
// "Can savepoints be nested inside one another?" asks whether savepoints
// nest, and a sentence about "another transaction" does not answer it.
// Elsewhere the words may count ("one at a time"), name a second thing
// ("from another crate") or be the subject ("short strings").
func InScaffoldPhrase(words []string, i int) bool {
	for _, p := range scaffoldPhrases {
		for k := range p {
			j := i - k
			if j >= 0 && j+len(p) <= len(words) && slices.Equal(words[j:j+len(p)], p) {
				return true
			}
		}
	}
	return false
}

var scaffoldPhrases = [][]string{
	{"one", "another"}, {"stand", "for"}, {"stands", "for"}, {"short", "for"},
	// "Is there a way to force one?" asks for the means; no answer says "way".
	{"a", "way", "to"}, {"any", "way", "to"}, {"some", "way", "to"},
}
