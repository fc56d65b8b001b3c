package extractive

import (
	"regexp"
	"strings"
)

// asksWhy matches a question asking for a reason ("Why does …", "Why
// can't I …", "… and why?"); asksMore one that asks for something else
// too ("Why …, and what should I call instead?"), whose other half a
// reason does not answer.
// asksCause matches one asking what causes a thing ("What usually causes
// ECONNRESET?"), a reason question too.
var (
	asksWhy   = regexp.MustCompile(`(?i)^\s*why\b|\band\s+why\b|\bwhat\s+is\s+the\s+reason\b|\bfor\s+what\s+reason\b|` + causeQuestion)
	asksCause = regexp.MustCompile(`(?i)` + causeQuestion)
	asksMore  = regexp.MustCompile(`(?i)\band\s+(?:what|how|which|where|when|who)\b`)
)

const causeQuestion = `^\s*what\s+(?:(?:usually|typically|commonly|normally|often|generally)\s+)?(?:causes|(?:can|could|might|may|would)\s+cause)\b`

// reasonCue matches a sentence that gives a reason or a consequence:
// "because", "so that", "to avoid …", "due to", "otherwise".
var reasonCue = regexp.MustCompile(`(?i)\b(?:because|since\s+(?:the|it|they|there|this|that|a|an|no|each|every)\b|so\s+that|in\s+order\s+to|due\s+to|owing\s+to|to\s+(?:avoid|prevent|protect|ensure|keep|allow|make\s+sure)|as\s+a\s+result|the\s+reason|this\s+is\s+why|which\s+is\s+why|that\s+is\s+why|otherwise|(?:is|are)\s+caused\s+by|causes?|results?\s+from|resulting\s+from|therefore|hence|for\s+(?:backwards?\s+)?compatibility|for\s+security|for\s+performance)\b`)

// scoreReason adds intentBonus to the covering sentences that give a
// reason when the question asks why: "Why does a recursive type like a
// cons list need Box?" is answered by "… the nesting of values of
// recursive types could theoretically continue infinitely, so Rust can't
// know how much space the value needs", not by the listing that uses the
// type.
//
// A reason given in the sentence after the one naming the thing, pointing
// back to it ("- ECONNRESET (Connection reset by peer): A connection was
// forcibly closed by a peer. This normally results from a loss of the
// connection …"), covers what that one covers: quoted alone, the first
// only says what the thing is, the second names nothing.
//
// "What causes ECONNRESET?" asks for the cause of the thing it names: a
// reason that names nothing the question writes as code or in capitals
// (namesAll: nor its heading or the sentence before) is about something
// else ("… the code 'ABORT_ERR' and the cause, if one was provided").
func scoreReason(cands []*candidate, a *ask) {
	question := a.question
	if !asksWhy.MatchString(question) || asksMore.MatchString(question) {
		return
	}
	causeOf := asksCause.MatchString(question)
	for i, c := range cands {
		if c.code || !statesReason(c.text) || causeOf && !namesAll(a.named, cands, i) {
			continue
		}
		if c.overlap == 0 && i > 0 && pointsBack.MatchString(c.text) {
			prev := cands[i-1]
			if prev.source != c.source || prev.code || prev.overlap == 0 || prev.headingText != c.headingText {
				continue
			}
			c.overlap, c.score = prev.overlap, prev.score
			prev.score += intentBonus
		}
		if c.overlap > 0 {
			c.score += intentBonus
		}
	}
}

// statesReason reports whether text gives a reason (reasonCue), "cause"
// after an article or possessive not counting: "the cause, if one was
// provided" names a field, it gives none.
func statesReason(text string) bool {
	for _, m := range reasonCue.FindAllStringIndex(text, -1) {
		word := strings.ToLower(text[m[0]:m[1]])
		if word != "cause" && word != "causes" || !causeNoun.MatchString(text[:m[0]]) {
			return true
		}
	}
	return false
}

// causeNoun matches the end of the text before a "cause" that is a noun.
var causeNoun = regexp.MustCompile(`(?i)\b(?:the|a|an|its|their|root|common|possible|likely)\s+$`)
