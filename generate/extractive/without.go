package extractive

import (
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// "How do I build an image without using the build cache?" asks for what
// turns the thing off, and a manual names that with a negation of its own:
// "--no-cache / Do not use cache when building the image." Every sentence
// about the cache covers the question's words as well; the option that
// negates what the question does without answers it. scoreWithout gives
// intentBonus to a covering sentence that writes, or stands under, a
// "no-X" option or heading whose X the question writes after "without".
// A negation in prose ("To help ensure this does not happen, run git diff
// --check") negates too many things to be read so (measured: two answers
// lost their facts).

// withoutReach is how many words after "without" it may negate ("without
// using any build cache").
const withoutReach = 4

// scoreWithout applies the rule above.
func scoreWithout(cands []*candidate, question string) {
	asked := withoutStems(textutil.Words(question))
	for _, v := range []string{"use", "have", "need", "do", "make", "get"} {
		// "without using the cache": the verb negates nothing itself.
		delete(asked, textutil.Stem(v))
	}
	if len(asked) == 0 {
		return
	}
	for _, c := range cands {
		if c.overlap > 0 && !c.code && negatesAsked(c, asked) {
			c.score += intentBonus
		}
	}
}

// negatesAsked reports whether c writes, or stands under, a "no-X" option
// or heading whose X's stem is asked.
func negatesAsked(c *candidate, asked map[string]bool) bool {
	for _, w := range c.words {
		if x, ok := strings.CutPrefix(w, "no-"); ok && asked[textutil.Stem(x)] {
			return true
		}
	}
	for t := range c.heading {
		if x, ok := strings.CutPrefix(t, "no-"); ok && asked[x] {
			return true
		}
	}
	return false
}

// withoutStems returns the stems of the content words within withoutReach
// after each "without" of words.
func withoutStems(words []string) map[string]bool {
	out := map[string]bool{}
	for i, w := range words {
		if !strings.EqualFold(w, "without") {
			continue
		}
		for _, x := range words[i+1 : min(len(words), i+1+withoutReach)] {
			if !textutil.IsStopword(x) {
				out[textutil.Stem(x)] = true
			}
		}
	}
	return out
}
