package extractive_test

import "testing"

// A "no" to a yes/no question states the one alternative that holds, with
// a negation, and so covers fewer of the question's words; it needs a
// little less overlap (polarityRelief). A sentence that restates without
// negating, a question that is not yes/no, and a polar sentence far below
// the floor are still declined.
func TestPolarSentenceAnswersYesNo(t *testing.T) {
	wells := "Garden wells need a filter basket at the intake."
	const q = "Does the Q9 pump overheat or trip its breaker or seize when it runs dry?"
	runSupportCases(t, []supportCase{
		{"negated answer to a yes/no question", q,
			weakPrompt(wells, "The Q9 pump does not overheat when it runs dry."), true},
		{"restriction answers a yes/no question", q,
			weakPrompt(wells, "The Q9 pump only overheats when it runs dry."), true},
		{"same words without polarity", q,
			weakPrompt(wells, "The Q9 pump overheats quickly when it runs dry."), false},
		{"not a yes/no question", "Why might the Q9 pump overheat or trip its breaker or seize when it runs dry?",
			weakPrompt(wells, "The Q9 pump does not overheat when it runs dry."), false},
		{"polar sentence far below the floor", "Does the Q9 pump overheat or trip its breaker or blow its fuse when it runs dry?",
			weakPrompt(wells, "The Q9 pump does not overheat when it runs dry."), false},
	})
}
