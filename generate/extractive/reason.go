package extractive

import "regexp"

// asksWhy matches a question asking for a reason ("Why does …", "Why
// can't I …", "… and why?"); asksMore one that asks for something else
// too ("Why …, and what should I call instead?"), whose other half a
// reason does not answer.
var (
	asksWhy  = regexp.MustCompile(`(?i)^\s*why\b|\band\s+why\b|\bwhat\s+is\s+the\s+reason\b|\bfor\s+what\s+reason\b`)
	asksMore = regexp.MustCompile(`(?i)\band\s+(?:what|how|which|where|when|who)\b`)
)

// reasonCue matches a sentence that gives a reason or a consequence:
// "because", "so that", "to avoid …", "due to", "otherwise".
var reasonCue = regexp.MustCompile(`(?i)\b(?:because|since\s+(?:the|it|they|there|this|that|a|an|no|each|every)\b|so\s+that|in\s+order\s+to|due\s+to|owing\s+to|to\s+(?:avoid|prevent|protect|ensure|keep|allow|make\s+sure)|as\s+a\s+result|the\s+reason|this\s+is\s+why|which\s+is\s+why|that\s+is\s+why|otherwise|(?:is|are)\s+caused\s+by|causes?|therefore|hence|for\s+(?:backwards?\s+)?compatibility|for\s+security|for\s+performance)\b`)

// scoreReason adds intentBonus to the covering sentences that give a
// reason when the question asks why: "Why does a recursive type like a
// cons list need Box?" is answered by "… the nesting of values of
// recursive types could theoretically continue infinitely, so Rust can't
// know how much space the value needs", not by the listing that uses the
// type.
func scoreReason(cands []*candidate, question string) {
	if !asksWhy.MatchString(question) || asksMore.MatchString(question) {
		return
	}
	for _, c := range cands {
		if c.overlap > 0 && !c.code && reasonCue.MatchString(c.text) {
			c.score += intentBonus
		}
	}
}
