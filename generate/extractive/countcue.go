package extractive

import (
	"regexp"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// A question asking for a count ("How many prepared statements …", "the
// maximum number of tasks …", "What percentage …") is answered only by a
// sentence that gives a figure. amountCue, which statesAmount uses, takes
// any digit or number word; for a count that let through numbers that
// name or refer ("version 3.8", "the 2.0.0 version", "sqlite3_open()",
// "(2018-06-04)") and "one" as a pronoun or article ("one of these
// parameters", "could not exceed one day"), none of which counts the thing
// asked about. statesCount is the stricter test; the support decision
// (answers) applies it to count questions that are not yes/no questions.

// isoDate matches a calendar date, which dates rather than counts.
var isoDate = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}\b`)

// oneWords are number words that are more often a pronoun or an article
// ("one of the following", "a single command") than a count; they count
// only right before what is counted.
var oneWords = map[string]bool{"one": true, "single": true}

// oneReach is how many words may lie between "one" or "single" and the
// counted word ("one worker thread", "a single SQL statement").
const oneReach = 2

// statesCount reports whether text gives a figure that can count what the
// question counts (counted, stems as from amountTerms): a figure by
// statedNumber (a digit not inside a word, a number word from two up, or
// the absence of a limit) once references (notReference) and dates are
// cut, or "one"/"single" at most oneReach words before a counted stem.
func statesCount(text string, counted []string) bool {
	t := isoDate.ReplaceAllString(notReference.ReplaceAllString(text, ""), "")
	if statedNumber.MatchString(t) {
		return true
	}
	words := textutil.Words(t)
	for i, w := range words {
		if !oneWords[w] {
			continue
		}
		for j := i + 1; j < len(words) && j <= i+1+oneReach; j++ {
			st := textutil.Stem(words[j])
			for _, c := range counted {
				if c == st {
					return true
				}
			}
		}
	}
	return false
}

// yesNoQuestion matches a question asking whether ("Is there a limit on
// how many …", "Can a table hold more than …"): a sentence saying whether
// answers it without a figure ("there is no quota on them"), so it is
// left to statesAmount alone.
var yesNoQuestion = regexp.MustCompile(`(?i)^\s*(?:is|are|was|were|does|do|did|can|could|will|would|should|may|must|has|have)\b`)

// countQuestion reports whether the support decision must find a figure
// by statesCount: an amount question (amountTerms) that is neither an
// extent question nor a yes/no question.
func countQuestion(question string, counted []string, isAmount bool) bool {
	return isAmount && (len(counted) == 0 || counted[0] != extentMark) && !yesNoQuestion.MatchString(question)
}
