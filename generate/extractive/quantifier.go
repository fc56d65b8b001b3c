package extractive

import (
	"regexp"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// "How do I delete all messages from the queue?" asks for every message;
// "-d queue_id: Delete one message with the named queue ID" and "Specify
// "-d ALL" to remove all messages" cover its words alike ("all" is a stop
// word), and the first came first. A sentence that says "all" (or
// "every") of the thing the question says it of answers the question's
// quantity; one that says "one" or "a single" of it answers another.

// quantifierBonus is what saying the question's "all" adds to a sentence's
// score: under proximityBonus, enough to order sentences of equal coverage.
const quantifierBonus = 0.05

// askedAll matches "all" or "every" before a word in a question, the word
// in group 1 ("all messages", "every container").
// Written in capitals, ALL is a keyword ("UNION ALL"), no quantifier.
var askedAll = regexp.MustCompile(`\b(?:[Aa]ll|[Ee]very)\s+(?:the\s+|of\s+the\s+)?([A-Za-z][\w-]*)`)

// notThings are words after "every" or "all" that count occasions, not
// things: "every time", "all the way".
var notThings = map[string]bool{"time": true, "times": true, "way": true, "day": true}

// quantifierReach is how many words may stand between the quantifier and
// the thing in a sentence ("all queued mail messages").
const quantifierReach = 3

// scoreQuantifier adds quantifierBonus to the prose sentences that say
// "all" or "every" of a thing the question says "all" of, and takes it
// from those that say "one" or "single" of it.
func scoreQuantifier(cands []*candidate, question string) {
	var things []string
	for _, m := range askedAll.FindAllStringSubmatch(question, -1) {
		if w := strings.ToLower(m[1]); !textutil.IsStopword(w) && !notThings[w] {
			things = append(things, textutil.Stem(w))
		}
	}
	if len(things) == 0 {
		return
	}
	for _, c := range cands {
		if c.overlap == 0 || c.code {
			continue
		}
		switch quantifierOf(c.words, things) {
		case "all", "every":
			c.score += quantifierBonus
		case "one", "single":
			c.score -= quantifierBonus
		}
	}
}

// quantifierOf returns the quantifier ("all", "every", "one", "single")
// that words put at most quantifierReach words before one of things
// (stems), "" when none.
func quantifierOf(words []string, things []string) string {
	for i, w := range words {
		switch w {
		case "all", "every", "one", "single":
		default:
			continue
		}
		for j := i + 1; j < len(words) && j <= i+quantifierReach; j++ {
			st := textutil.Stem(words[j])
			for _, t := range things {
				if st == t {
					return w
				}
			}
		}
	}
	return ""
}
