package extractive

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"

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
	retrieve.IntentNumeric: regexp.MustCompile(`(?i)\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|hundred|thousand|million|billion|half|twice|double|unlimited|infinite|infinity|zero)\b`),
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

// amountQuestion matches questions that ask for an amount ("How many …",
// "How much memory …", "What percentage …", "the maximum number of …");
// its last group is the text after the cue, which names what is counted.
// Only a sentence that states an amount of that thing answers them: a
// passage on the topic that never gives the figure ("the most recent
// patterns are cached") is no answer, and quoting it would answer a
// question the documents leave open. Durations ("how long", "how often")
// are left out: "until the transaction ends" answers them without a
// number.
var amountQuestion = regexp.MustCompile(`(?i)\b(?:how\s+(?:many|much)|how\s+(?:large|big)|(?:what|which)\s+(?:percentage|fraction|proportion|number)|(?:maximum|minimum|max|min|largest|smallest)\s+(?:number|size|length|count|amount))\b(.*)`)

// boundBeforeNoun matches a bound written before the noun it measures
// ("the largest file size", "the maximum upload length"); boundWorded
// writes it as amountQuestion reads it ("the largest size of file"), so
// that the question asks for an amount of that noun rather than for
// nothing in particular.
var boundBeforeNoun = regexp.MustCompile(`(?i)\b(maximum|minimum|max|min|largest|smallest)\s+([a-z][\w.-]*)\s+(number|size|length|count|amount)\b`)

func boundWorded(question string) string {
	return boundBeforeNoun.ReplaceAllString(question, "$1 $3 of $2")
}

// amountCue matches a sentence that states an amount: a digit, a number
// word, or the absence of a limit.
var amountCue = regexp.MustCompile(`(?i)\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|thousand|million|billion|half|twice|double|unlimited|infinite|infinity|zero|no\s+(fixed\s+)?limit|any\s+number|arbitrar(y|ily))\b`)

// countedStop ends the words that name what an amount question counts:
// the verb that follows them ("How many threads does …"), or the article,
// determiner or number that opens the next noun phrase, which names what
// they are counted of ("the largest number of threads a program can
// spawn", "tasks one event loop can run").
var countedStop = map[string]bool{
	"does": true, "do": true, "did": true, "is": true, "are": true, "was": true, "were": true,
	"can": true, "could": true, "will": true, "would": true, "should": true, "may": true,
	"might": true, "must": true, "has": true, "have": true, "get": true, "gets": true,
	"a": true, "an": true, "the": true, "one": true, "each": true, "every": true, "this": true,
	"that": true, "these": true, "those": true, "its": true, "their": true, "my": true, "your": true,
	// Adverbs after the noun say where the count runs, not what is
	// counted: "How many operations back …", "How many days ago …".
	"back": true, "ago": true, "ahead": true, "away": true, "apart": true, "later": true, "earlier": true,
	"forward": true,
}

// byteAmount matches an amount of storage ("4MB", "four megabytes"),
// which counts what sizeStems name; defaultAmount a sentence that gives a
// setting's default ("The default is 12."), which answers an amount
// question about the thing it sits under without naming it again, in any
// form of the word ("with N defaulting to 100" names errors where the
// question says problems).
var (
	byteAmount    = regexp.MustCompile(`(?i)\d\s*[kmgt]i?b\b|\b(bytes?|[kmgt]b|kilobytes?|megabytes?|gigabytes?|terabytes?)\b`)
	defaultAmount = regexp.MustCompile(`(?i)\bdefault(s|ed|ing)?\b`)
	sizeStems     = map[string]bool{"memori": true, "ram": true, "disk": true, "cach": true, "cache": true, "space": true, "storag": true, "size": true, "byte": true}
)

// extentQuestion matches a question asking how far an attribute goes
// ("How long does a token stay valid?", "How deep can recursion go?",
// "How full does the table get?", "the longest message"); its last group
// is the text after the cue, which names what the attribute is of. Only a
// sentence stating a value of some kind answers it: a number, a unit of
// time, or a bound in words ("until the transaction ends", "never
// expires").
var extentQuestion = regexp.MustCompile(`(?i)\b(?:how\s+(?:long|deep|deeply|far|full|often|frequently|soon|fast|quickly|old|wide|high|tall|heavy)|(?:longest|shortest|deepest|oldest|earliest|latest)\s+\w+)\b(.*)`)

// extentInWords reports whether a sentence states how far an attribute
// goes in words rather than digits: one of extentWords, or "second" read
// as a unit of time (secondUnit).
func extentInWords(t string) bool {
	return extentWords.MatchString(t) || secondUnit.MatchString(t)
}

// extentWords are extentInWords' words. The singular "second" is left to
// secondUnit: more often than a unit it counts ("start streaming … over a
// second connection" is no duration for "how long is one log file written
// to?").
var extentWords = regexp.MustCompile(`(?i)\b(?:seconds|minutes?|hours?|days?|weeks?|months?|years?|milliseconds?|microseconds?|ms|until|till|forever|indefinitely|never|immediately|as\s+long\s+as|lifetime|expires?|expired|end\s+of|percent|timeout|deadline|interval|periodically|hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|annually)\b|%`)

// extentMark leads amountTerms' terms for an extent question (it is no
// word, so no sentence holds it).
const extentMark = "\x00extent"

// secondUnit matches "second" as a unit of time: after a figure ("1
// second", "0.5-second"), or after "a", "one", "per", "every", "each" when
// no noun follows ("once a second", "every second." but not "a second
// connection").
var secondUnit = regexp.MustCompile(`(?i)\d[\d,.]*\s*-?\s*seconds?\b|\b(?:a|one|per|every|each)\s+second\b(?:\s+(?:and|or|of|to|for|in|on|at|after|before|later|delay|timeout|interval|until|apart|ago|long|while|when|if)\b|\s*[^\s\w]|\s*$)`)

// mentionsDefault matches a question that speaks of a default.
var mentionsDefault = regexp.MustCompile(`(?i)\bdefault\b`)

// entryDefaultOverlap is the share of the question an entry's description
// must cover for the entry's default to answer an amount question that
// does not ask for the default (entryDefaultAfter). The descriptions that
// answer cover most of it (0.82 and 0.86 for Slurm's SlurmdTimeout and
// KillWait); at 0.45, unrelated entries' defaults answered three
// unanswerable git questions.
const entryDefaultOverlap = 0.7

// defaultAfter bounds how many sentences after a topical one may give the
// default an extent question asks for.
const defaultAfter = 3

// followingDefault returns, for an extent or count question asking for a
// default (asked: asksDefault, read once by newAsk), the index of the
// first of the defaultAfter sentences after cands[i] in its source that
// gives a default value ("The depot sets a maximum stacking depth … .
// Previously … . The default value is 12."); for a count, a figure by
// statesCount, per the unit asked for if any, in it or in cands[i]
// (figure.rate: "Sets how many loaves the oven bakes per batch. … The
// default is 12."; a default in seconds gives no number of requests per
// second). -1 when there is none. Only questions that ask for the default
// take it: for other amount questions the sentence after a topical one
// answered more unanswerable questions than it saved
// (TestAmountQuestionNeedsTheAmount); see entryDefaultAfter. A default
// that names other settings than the question's terms (qterms) do is
// passed over (defaultsOthers).
func followingDefault(asked bool, counted []string, figure figureTest, qterms []string, cands []*candidate, i int) int {
	if len(counted) == 0 || !asked {
		return -1
	}
	extent := counted[0] == extentMark
	if figure.rate != nil && figure.rate.MatchString(cands[i].text) {
		figure.rate = nil // "Sets how many loaves the oven bakes per batch."
	}
	// Under another setting's name a default is that setting's: Varnish's
	// "- Default: 32k" under gzip_buffer is no timeout of
	// first_byte_timeout's description three sentences before it. (Any
	// heading would be stricter, but Apache's directive pages then lost
	// two answers on a blind set: a title such as "DBDMin Directive" is
	// left to the old reading.)
	for j := i + 1; j < len(cands) && j <= i+defaultAfter && cands[j].source == cands[i].source && !underOtherName(cands[i], cands[j]); j++ {
		if !defaultAmount.MatchString(cands[j].text) || !amountCue.MatchString(cands[j].text) || defaultsOthers(cands[j].text, qterms) {
			continue
		}
		// A count's figure must be of the kind counted: "The default
		// value is 300 seconds." gives no number of jobs.
		if extent || figure.count && figure.states(figureText(cands[j])) ||
			!figure.count && statesCount(cands[j].text, counted) && (figure.rate == nil || figure.rate.MatchString(cands[j].text)) {
			return j
		}
	}
	return -1
}

// defaultAfter returns the sentence a few after cands[i] that gives the
// amount asked for as a default (followingDefault, for a question asking
// for the default), or, for any amount question, the default an entry's
// description is followed by (entryDefaultAfter); -1 when there is none.
func (a *ask) defaultAfter(cands []*candidate, i int) int {
	if j := followingDefault(a.defaultAsked, a.counted, a.figure, a.qterms, cands, i); j >= 0 {
		return j
	}
	if j := a.entryValueDefault(cands, i); j >= 0 {
		return j
	}
	return a.entryDefaultAfter(cands, i)
}

// entryValueDefault returns, for a question asking for a default that
// counts nothing ("Which algorithm does the server use by default to
// store passwords set with CREATE ROLE or ALTER ROLE?"), the default that
// leaves its subject to its entry (subjectlessDefault) a few sentences
// after cands[i], the description opening an entry named like a setting:
// "password_encryption (enum) / When a password is specified in CREATE
// ROLE or ALTER ROLE, this parameter determines the algorithm to use to
// encrypt the password. Possible values are … . The default is
// scram-sha-256." The entry is about one setting, so its default is the
// value of what the description describes; the description alone names
// the setting and no value. -1 otherwise.
func (a *ask) entryValueDefault(cands []*candidate, i int) int {
	c := cands[i]
	name := nameHeading(c.headingText)
	if !a.defaultAsked || a.isAmount || !c.opens || c.code || name == "" {
		return -1
	}
	if a.namedEntry == 0 {
		a.namedEntry = 1
		if slices.ContainsFunc(cands, func(o *candidate) bool { return a.spelled[entryName(nameHeading(o.headingText))] }) {
			a.namedEntry = 2
		}
	}
	if a.namedEntry == 2 && !a.spelled[entryName(name)] {
		// Another entry is named for the thing ("pidfile" for "Where is
		// the PID file stored by default?"): the default asked for is
		// its own, not that of an entry mentioning the thing among
		// others ("rundir: A path for storing run-time data (PID file,
		// unix sockets, etc.)").
		return -1
	}
	for j := i + 1; j < len(cands) && j <= i+defaultAfter && sameEntry(cands[j], c); j++ {
		if !cands[j].code && subjectlessDefault.MatchString(cands[j].text) {
			return j
		}
	}
	return -1
}

// spelledNames returns the names a question's runs of two or three words
// spell when joined ("pidfile" for "the PID file"). A single word
// ("password") names too many sections to tell an entry.
func spelledNames(question string) map[string]bool {
	words := textutil.Words(question)
	out := map[string]bool{}
	for i := range words {
		name := entryName(words[i])
		for n := 1; n < 3 && i+n < len(words); n++ {
			name += entryName(words[i+n])
			out[name] = true
		}
	}
	return out
}

// entryName is a setting's name as a question's words join it: lower
// case, without '_' and '-' ("pidfile" for "pid_file").
func entryName(name string) string {
	return nameJoins.Replace(strings.ToLower(name))
}

// entryDefaultAfter returns, for an amount question that does not ask for
// a default, the default that leaves its subject to its entry
// (subjectlessDefault) a few sentences after the description opening an
// entry named like a setting: "KillWait / The interval, in seconds, given
// to a job's processes between the SIGTERM and SIGKILL signals … . If the
// job fails to terminate gracefully … . The default value is 30 seconds."
// An entry is about one setting, so its default is the value of what its
// description describes; a figure later in a topical passage is not
// (followingDefault takes those only for questions asking for the
// default). The description must cover entryDefaultOverlap of the
// question: "How many HTTP requests to launch in parallel. … Default is
// 5." shares a word or two with many a question it does not answer ("How
// many merge requests can be in a merge train at once?"). -1 otherwise.
func (a *ask) entryDefaultAfter(cands []*candidate, i int) int {
	c := cands[i]
	if a.defaultAsked || !c.opens || c.overlap < entryDefaultOverlap || nameHeading(c.headingText) == "" {
		return -1
	}
	j := followingDefault(true, a.counted, a.figure, a.qterms, cands, i)
	if j < 0 || !sameEntry(cands[j], c) || !subjectlessDefault.MatchString(cands[j].text) {
		return -1
	}
	return j
}

// underOtherName reports whether d stands under a heading other than c's
// that names a setting (nameHeading, optionHeading).
func underOtherName(c, d *candidate) bool {
	return d.headingText != c.headingText && (nameHeading(d.headingText) != "" || optionHeading(d.headingText) != nil)
}

// anaphor matches a sentence that goes on about the value the sentence
// before it spoke of: "This attribute defines the maximum number of URLs
// on each page of the sitemap. Its value should not exceed … 50000", and a
// setting's entry giving its default after the description ("… unless
// that file is more than gc.logExpiry old. Default is "1.day"."). "This
// page last modified on 2020-02-10" refers to something else.
var anaphor = regexp.MustCompile(`^(?:Its|Their|It\s+(?:is|defaults|can|may|must|should|will|cannot)|(?:This|That|The)\s+(?:value|limit|number|default|maximum|minimum|size|count)s?|Defaults?\s+(?:is|to|value\s+is))\b`)

// amountContinues reports whether, for an amount question, the sentence
// right after cands[i] in its source goes on about it (anaphor) and states
// the amount (statesAmount, with cands[i] as the sentence before it, and
// the figure test). Unlike followingDefault for a question asking for the default, the
// next sentence must refer back: a figure in some later sentence of a
// topical passage answered unanswerable questions.
func amountContinues(counted, subject []string, figure figureTest, cands []*candidate, i int) bool {
	if i+1 >= len(cands) || cands[i+1].source != cands[i].source {
		return false
	}
	next := cands[i+1]
	if next.tail {
		// "Loops movie playback <number> times. 0 means forever.": the
		// value's meaning is the setting's, which the sentence before
		// describes.
		return countedIn(counted, cands[i]) && (len(subject) == 0 || writesSubject(cands[i], nil, subject)) && figure.states(next.text)
	}
	if !anaphor.MatchString(next.text) || !countedIn(counted, cands[i]) || !statesAmount(counted, subject, true, next, cands[i]) {
		return false
	}
	if figure.unit != nil && figure.unit.MatchString(cands[i].text) {
		figure.rate = nil // "… on each page of the sitemap. Its value …"
	}
	return figure.states(next.text)
}

// countedIn reports whether the sentence a figure goes on from is about
// what the question counts (namesCounted), or the question asks for an
// extent, which counts nothing: "The maximum number of bytes in a
// string … . The default value of this macro is 1 billion" gives no
// number of triggers.
func countedIn(counted []string, c *candidate) bool {
	return isExtent(counted) || namesCounted(counted, c, nil)
}

// defaultRow matches an entry's default fact row ("Default: 1000"), or
// an API entry's type row giving the default ("- <integer> Default:
// 8192" under "Class property: Buffer.poolSize"), after a short note of
// the unit ("- <number> Timeout in milliseconds. Default: 5000 (5
// seconds)." under "server.keepAliveTimeout"), or a one-row property box
// whose default follows other properties ("Use: main | Type: integer |
// Default: 20").
var defaultRow = regexp.MustCompile(`^(?:[-*]\s+(?:(?:<[^>\n]+>|\{[^}\n]+\})\s+(?:[^.:\n]{1,40}\.\s+)?)?)?` + cellsBefore + `Default(?: value)?[ \t]*:`)

// entryRow reports whether a sentence is one of the one-line rows an entry
// lists under its name before its description: a factRow or a typeRow.
func entryRow(text string) bool { return factRow.MatchString(text) || typeRow.MatchString(text) }

// entryFigure returns, for the sentence opening an entry (cands[i]), the
// entry's default row above or below it when that row states the amount
// asked for:
// a settings reference describes a limit in prose and gives its value in
// the row ("DATA_UPLOAD_MAX_NUMBER_FIELDS / Default: 1000 / The maximum
// number of parameters that may be received via GET or POST …"); nil
// otherwise.
func entryFigure(counted, subject []string, figure figureTest, cands []*candidate, i int) *candidate {
	c := cands[i]
	// The description itself must name what is counted: an entry's name
	// shares words with many questions ("message_linelength_limit" is no
	// count of messages), and so does what it counts in ("the number of
	// RCPT commands … in a single SMTP message transaction").
	if !c.opens || !isExtent(counted) && !countedAmong(counted, c.terms, nil, nil) || countsAnother(c.text, counted) {
		return nil
	}
	// A count's row may give a bare number: the description names what it
	// counts ("Upper limit on how many times a request can restart." under
	// max_restarts' "- Default: 4", its unit row saying "restarts"). Not a
	// rate's or an amount of data's: "Default: 600" under "The default
	// number of seconds to cache a page" is no number of requests per
	// second.
	// So may a time's, when the description gives the unit: "Maximum
	// idle time (in seconds) between requests …" over "Default: 10".
	figured := func(row *candidate) bool {
		if !bareFigureRow.MatchString(row.text) {
			return figure.states(figureText(row))
		}
		return figure.states(figureText(row)) || figure.count && figure.rate == nil && !figure.data ||
			figure.extent && figure.timed && !figure.inUnit && unitAsked.MatchString(c.text)
	}
	for k := i - 1; k >= 0 && cands[k].source == c.source && cands[k].headingText == c.headingText && entryRow(cands[k].text); k-- {
		if row := cands[k]; defaultRow.MatchString(row.text) && statesAmount(counted, subject, true, row, c) && figured(row) {
			return row
		}
	}
	// Or below the description, however many sentences on, before the
	// entry ends: Knot's reference closes each entry with its row
	// ("tcp-io-timeout / Maximum time (in milliseconds) to receive or
	// send one DNS message … . It means … . The timeout is measured … .
	// Set to 0 for infinity. / Default: 500 (milliseconds)"). A row is
	// the entry's by its place, where a default in prose that far on may
	// be another thing's (defaultAfter).
	for k := i + 1; k < len(cands) && sameEntry(cands[k], c); k++ {
		if row := cands[k]; defaultRow.MatchString(row.text) {
			if statesAmount(counted, subject, true, row, c) && figured(row) {
				return row
			}
			return nil // an entry has one default
		}
	}
	return nil
}

// bareFigureRow matches a default row that gives a number and nothing
// else ("- Default: 4", "Default: 1,000").
var bareFigureRow = regexp.MustCompile(`^(?:[-*][ \t]+)?Default(?: value)?[ \t]*:[ \t]*\d[\d,.]*[ \t]*$`)

// numberOfWords matches "number of" and the three words after it: what a
// sentence counts (numberOf takes one word).
var numberOfWords = regexp.MustCompile(`(?i)\bnumbers?\s+of\s+((?:\S+\s+){0,2}\S+)`)

// countsAnother reports whether a sentence says what it counts ("the
// number of RCPT commands") and that is none of counted. Unlike
// countsSibling, the counted word elsewhere in the sentence does not
// matter. A question that names nothing counted, or asks for an extent
// ("the number of milliseconds of inactivity" answers how long), is
// never counted against.
func countsAnother(text string, counted []string) bool {
	if len(counted) == 0 || isExtent(counted) || !slices.ContainsFunc(counted, func(t string) bool { return t != limitMark }) {
		return false
	}
	found := false
	for _, m := range numberOfWords.FindAllStringSubmatch(text, -1) {
		found = true
		for _, w := range textutil.Words(m[1]) {
			if slices.Contains(counted, textutil.Stem(w)) {
				return false
			}
		}
	}
	return found
}

// whichQuestion matches a question that asks which thing ("Which setting
// caps how much memory a sort may use?"), how to do something ("How do I
// make the client show how long each query took?") or why ("Why should I
// not count the cores to decide how many threads to start?"): an amount
// clause in it says what the thing does; the answer names the thing, the
// steps or the reason, not an amount.
var whichQuestion = regexp.MustCompile(`(?i)^\s*(?:(?:in|on|for|by|with)\s+)?(?:which\b|why\b|how\s+(?:do|does|did|can|could|should|would|to)\b)`)

// measureCue matches a bound on a measure in amountQuestion's cue ("the
// maximum size"); its group is the measure.
var measureCue = regexp.MustCompile(`(?i)\b(?:maximum|minimum|max|min|largest|smallest)\s+(size|length)\b`)

// limitMark leads amountTerms' terms when the question asks for a limit
// (it is no word, so no sentence holds it).
const limitMark = "\x00limit"

// maxCounted bounds the content words taken as what is counted.
const maxCounted = 3

// amountTerms returns, for a question asking for an amount, the terms of
// what it counts ("bytes", "memori" for "How many bytes of memory does
// …"), and whether it asks for an amount at all.
func amountTerms(question string) (terms []string, ok bool) {
	if whichQuestion.MatchString(question) {
		return nil, false
	}
	m := amountQuestion.FindStringSubmatch(question)
	if m == nil {
		if frequencyQuestion.MatchString(question) {
			return []string{extentMark, frequencyMark}, true
		}
		if extentQuestion.MatchString(question) {
			return []string{extentMark}, true
		}
		return nil, false
	}
	terms = countedWords(m[1], false)
	if mm := measureCue.FindStringSubmatch(m[0][:len(m[0])-len(m[1])]); mm != nil {
		// "the maximum size of an image": a sentence stating the size
		// ("Size cannot exceed 256 pixels") under what it is of answers
		// it without naming the image again.
		terms = append(terms, textutil.Stem(strings.ToLower(mm[1])))
	}
	if limitQuestion.MatchString(question) || capacityQuestion.MatchString(question) {
		terms = append([]string{limitMark}, terms...)
	}
	if asksTimes(question) {
		terms = append([]string{frequencyMark}, terms...) // before the limit: statesAmount reads it first
	}
	return terms, true
}

// countedWords returns the stems of what an amount question counts, from
// the text after its cue (amountQuestion's group): its content words up to
// countedStop, at most maxCounted; with headOnly, only those before "of"
// (the head: "lines" in "lines of command history").
func countedWords(phrase string, headOnly bool) []string {
	var out []string
	for _, w := range textutil.Words(phrase) {
		if countedStop[w] || len(out) == maxCounted || headOnly && w == "of" && len(out) > 0 {
			break
		}
		if textutil.IsStopword(w) {
			continue
		}
		out = append(out, textutil.Stem(w))
	}
	return out
}

// amountSubject returns the terms of what an amount question counts its
// amount of: the content words after what is counted ("empti",
// "dictionari", "take" for "How many bytes of memory does an empty
// dictionary take?"). A sentence stating an amount of the counted thing
// about another subject ("the maximum length of a description is 128
// characters" for the characters input() reads from a line) does not
// answer it.
func amountSubject(question string) []string {
	m := amountQuestion.FindStringSubmatch(question)
	counting := true // still in the words of what is counted
	if m == nil {
		if m = extentQuestion.FindStringSubmatch(question); m == nil {
			return nil
		}
		counting = false // an extent question counts nothing
	}
	var out []string
	for _, w := range textutil.Words(m[1]) {
		lw := strings.ToLower(w)
		if counting {
			if !countedStop[lw] {
				continue
			}
			counting = false
		}
		if textutil.IsStopword(lw) || countedStop[lw] || subjectFiller[lw] {
			continue
		}
		out = append(out, textutil.Stem(lw))
	}
	return out
}

// extentHead returns the words that name what an extent question asks
// about: the first run of content words after its cue ("How long may a
// package name be …": package name; "How long can a username be in the
// User model?": username), stemmed; nil for another question.
func extentHead(question string) []string {
	m := extentQuestion.FindStringSubmatch(question)
	if m == nil {
		return nil
	}
	var head []string
	for _, w := range textutil.Words(m[1]) {
		lw := strings.ToLower(w)
		if textutil.IsStopword(lw) || textutil.IsScaffold(lw) {
			if len(head) > 0 {
				break
			}
			continue
		}
		head = append(head, textutil.Stem(lw))
	}
	return head
}

// subjectFiller are words after what is counted that name no subject.
var subjectFiller = map[string]bool{"one": true, "every": true, "total": true, "use": true, "used": true, "need": true, "needed": true, "take": true, "takes": true, "hold": true, "holds": true, "keep": true, "keeps": true, "least": true, "most": true}

// limitQuestion matches an amount question that asks for a limit ("at
// most", "the maximum number", "the largest … allowed"); limitCue a
// sentence that states one. A sentence giving some number of the thing
// ("an enum with three variants") does not answer how many it may have.
var (
	limitQuestion = regexp.MustCompile(`(?i)\bat\s+most\b|\b(maximum|max|largest|greatest|highest|upper)\s+(number|count|size|length|amount|value|limit)\b|\b(allowed|permitted)\b`)
	// capacityQuestion matches "how many X can Y have/hold/keep …": what
	// a thing may hold is a bound, so a sentence giving some number of X
	// ("the second entry", "several repositories") does not answer it.
	// Other verbs ask how many kinds there are ("how many formats can it
	// print"), which a plain count answers.
	// "How many characters long can a name be?" asks for a length bound
	// the same way.
	capacityQuestion = regexp.MustCompile(`(?i)\bhow\s+many\s+(?:\w+\s+){1,4}?can\s+(?:\w+\s+){1,4}?(?:(?:have|hold|keep|store|contain)\b|be\s*\?)`)
	limitCue         = regexp.MustCompile(`(?i)\b(maximum|maximal|max|at\s+most|up\s+to|limit|limits|limited|no\s+more\s+than|exceed|exceeds|cap|capped|ceiling|unlimited|largest|highest|bounded|less\s+than\s+or\s+equal|or\s+(?:fewer|less)|(?:more|longer|larger|greater|fewer|less)\s+than)\b`)
)

// statesAmount reports whether a sentence can answer the question by
// form: true unless the question asks for an amount (counted, from
// amountTerms) that the sentence does not state: a number with a word for
// the thing counted in the sentence itself (or a size in bytes for memory,
// disk, cache), or a default; a word of what it is counted of (subject,
// from amountSubject) in the sentence, its heading or the sentence before
// it; and, for a limit, the sentence, its heading or the sentence before
// it (prev, nil if none in its source) says it is one. The counted thing
// in the heading alone is not enough: a section about label templates
// stating "one disadvantage" gives no number of them.
func statesAmount(counted, subject []string, isAmount bool, c, prev *candidate) bool {
	if !isAmount {
		return true
	}
	extent := len(counted) > 0 && counted[0] == extentMark
	if !amountCue.MatchString(withoutZeroCondition(c.text)) && (!extent || !extentInWords(c.text)) &&
		(!asksFrequency(counted) || !statesFrequency(c.text)) {
		return false
	}
	if len(subject) > 0 && !writesSubject(c, prev, subject) {
		return false
	}
	if extent {
		return true
	}
	if len(counted) > 0 && counted[0] == frequencyMark {
		if statesFrequency(c.text) {
			return true
		}
		counted = counted[1:]
	}
	if len(counted) > 0 && counted[0] == limitMark {
		// A table of limits states them under its heading ("Limits |
		// Value" rows under "PostgreSQL Limits"), prose in the sentence
		// before ("There is a limit on how many columns a table can
		// contain. … it is between 250 and 1600.").
		if !statesLimit(c.text) && !c.heading["limit"] && !c.heading["maximum"] &&
			(prev == nil || !statesLimit(prev.text)) {
			return false
		}
		counted = counted[1:]
	}
	if len(counted) == 0 || defaultAmount.MatchString(c.text) {
		return true // the cue matched above: an amount is stated
	}
	for _, t := range counted {
		if t == "time" && c.terms[t] && !timeCounted.MatchString(timeIdiom.ReplaceAllString(c.text, "")) {
			continue // "2000 rows at a time" counts no times
		}
		if c.terms[t] || sizeStems[t] && byteAmount.MatchString(c.text) {
			return true
		}
	}
	return false
}

// statesLimit reports whether text says something is a limit (limitCue),
// not counting "more than one" or "more than once", which say there may
// be several ("if your installation powers more than one site"), not how
// many there may be at most. "More than one hundred" is still a figure.
func statesLimit(text string) bool {
	for _, m := range limitCue.FindAllStringIndex(text, -1) {
		if sm := severalIdiom.FindStringSubmatch(text[m[0]:]); sm == nil || sm[1] != "" {
			return true
		}
	}
	return false
}

// severalIdiom matches "more than one"/"more than once" at the start of a
// text, with the multiplier that makes it a figure ("more than one
// million") as its group.
var severalIdiom = regexp.MustCompile(`(?i)^more\s+than\s+(?:one|once)\b(\W+(?:hundred|thousand|million|billion)\b)?`)

// timeIdiom matches phrases in which "time" counts nothing ("fetches 2000
// rows at a time", "at the same time", "some time later"); timeCounted the
// word left after them. Asked how many times something happens, a
// sentence holding "time" only in such a phrase does not say.
var (
	timeIdiom   = regexp.MustCompile(`(?i)\b(?:at\s+(?:a|the\s+same|any|one|that|this|a\s+given)\s+time|(?:some|any|this|that|next|last|first|long|short|run|compile|build|load|real|wall)[\s-]+time)\b`)
	timeCounted = regexp.MustCompile(`(?i)\btimes?\b`)
)
