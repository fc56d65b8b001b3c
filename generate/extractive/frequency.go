package extractive

import (
	"regexp"
	"strings"
)

// A question asking how often something happens ("How often is the log
// rotated?", "How many times does the hook run for one upload?") is
// answered in words as often as in figures: "runs once for the whole
// upload", "twice a day", "every time a file changes", "for each commit".
// Taken as a count, "How many times" wanted a figure and refused "once";
// taken as a duration, "How often" wanted a unit of time and refused "for
// each commit". "How often" stays an extent question and "How many times"
// a count, with their strictness about figures; both also take a sentence
// that says how often in words (statesFrequency).

// frequencyQuestion matches a question asking how often; timesQuestion
// one asking how many times, with the word after it: "How many times
// faster …" asks for a ratio, not a frequency.
var (
	frequencyQuestion = regexp.MustCompile(`(?i)\bhow\s+(?:often|frequently)\b`)
	timesQuestion     = regexp.MustCompile(`(?i)\bhow\s+many\s+times\b\W*(\w*)`)
)

// frequencyMark marks amountTerms' terms for a question asking how often:
// after extentMark for "How often", first for "How many times" (it is no
// word, so no sentence holds it).
const frequencyMark = "\x00frequency"

// asksTimes reports whether question asks how many times something
// happens, not how many times larger something is.
func asksTimes(question string) bool {
	m := timesQuestion.FindStringSubmatch(question)
	if m == nil {
		return false
	}
	next := strings.ToLower(m[1])
	return !ratioWord[next] && !(len(next) > 4 && strings.HasSuffix(next, "er"))
}

// ratioWord are the words after "how many times" that ask for a ratio
// besides comparatives ("faster", "larger").
var ratioWord = map[string]bool{"more": true, "less": true, "fewer": true, "as": true}

// frequencyCue matches a sentence saying how often in words. "once" is
// matched apart (onceAdverb): it is as often a conjunction.
var frequencyCue = regexp.MustCompile(`(?i)\b(?:twice|thrice|\d+\s+times|(?:two|three|four|five|six|seven|eight|nine|ten|several|many|multiple|a\s+few)\s+times|repeatedly)\b`)

// howManyTimes matches the question a sentence may name its subject by.
var howManyTimes = regexp.MustCompile(`(?i)\bhow\s+many\s+times\b`)

// onceWord finds "once" with the word before it.
var onceWord = regexp.MustCompile(`(?i)(?:(\w+)\W+)?\bonce\b`)

// onceNotCount are the words after which "once" is no count: "at once"
// means together, "and once"/"but once" open a clause ("but once the file
// is written, …").
var onceNotCount = map[string]bool{"at": true, "and": true, "but": true, "or": true}

// asksFrequency reports whether amountTerms' terms are those of a
// question asking how often.
func asksFrequency(counted []string) bool {
	return len(counted) > 0 && counted[0] == frequencyMark ||
		len(counted) > 1 && counted[0] == extentMark && counted[1] == frequencyMark
}

// statesFrequency reports whether text says how often: frequencyCue, or
// "once" as a count ("runs once", "only once per push"), not as the
// conjunction opening a sentence or clause ("Once the file is written,",
// ", once it exists").
func statesFrequency(text string) bool {
	// "Upper limit on how many times a request can restart." asks, it
	// does not say.
	if howManyTimes.MatchString(text) { // rare: replace only then
		text = howManyTimes.ReplaceAllString(text, "")
	}
	if frequencyCue.MatchString(text) {
		return true
	}
	for _, m := range onceWord.FindAllStringSubmatchIndex(text, -1) {
		if m[2] < 0 { // "once" opens the text
			continue
		}
		between := text[m[3]:m[1]]
		if strings.ContainsAny(between[:len(between)-len("once")], ",;:(") {
			continue // a clause opens with it
		}
		if onceNotCount[strings.ToLower(text[m[2]:m[3]])] {
			continue
		}
		return true
	}
	return false
}
