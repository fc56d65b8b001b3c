package extractive

import (
	"regexp"

	"github.com/hybridrag/hybridrag/retrieve"
)

// intentBonus is added to an overlapping sentence whose form matches the
// question's intent (retrieve.DetectIntent). It is below rankBonus, so it
// reorders sentences that cover the question about equally and never lifts
// a sentence that does not cover it.
const intentBonus = 0.1

// intentCues match sentences of the form an intent asks for. Only numeric
// questions have one: "How many …" and "What is the default …" are
// answered by a sentence stating a number. Cues for yes/no (negations),
// comparison (contrast words), list (commas) and how-to (instruction
// verbs) changed no answer on the tune half of the PostgreSQL manual set
// and were left out (BENCHMARKS.md, "Query analysis: expansions and
// intent"); definitions have their own rule (scoreSubject).
var intentCues = map[retrieve.Intent]*regexp.Regexp{
	retrieve.IntentNumeric: regexp.MustCompile(`(?i)\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|hundred|thousand|million|billion|half|twice|double|unlimited|infinite|zero)\b`),
}

// scoreIntent adds intentBonus to the overlapping sentences that match the
// question's intent.
func scoreIntent(cands []*candidate, intent retrieve.Intent) {
	re := intentCues[intent]
	if re == nil {
		return
	}
	for _, c := range cands {
		if c.overlap > 0 && re.MatchString(c.text) {
			c.score += intentBonus
		}
	}
}
