package extractive

import (
	"regexp"

	"github.com/hybridrag/hybridrag/retrieve"
)

// A yes/no question often names alternatives or a suspicion ("Does signed
// overflow panic or invoke undefined behaviour?", "Is the bundled web
// server suitable for a production website?"); a sentence answering "no"
// states the one that holds, with a negation ("Overflow does not cause a
// run-time panic.", "http.server is not suitable for production use."),
// and so covers fewer of the question's words than a sentence that
// restates it. Such a sentence answers with polarityRelief less overlap.

// polarityRelief is the overlap a polar sentence may lack for a yes/no
// question.
const polarityRelief = 0.05

// polarCue matches a sentence that says whether: a negation, or a
// restriction ("only if", "always").
var polarCue = regexp.MustCompile(`(?i)\b(?:not|no|never|cannot|neither|nor|only|always)\b|n['’]t\b`)

// polarRelief returns how much less overlap sentence c needs for question
// (intent from retrieve.DetectIntent): polarityRelief for a polar sentence
// answering a yes/no question, else 0.
func polarRelief(intent retrieve.Intent, c *candidate) float64 {
	if intent != retrieve.IntentYesNo || !polarCue.MatchString(c.text) {
		return 0
	}
	return polarityRelief
}
