package extractive

import (
	"regexp"
	"strings"

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
// (answers) applies it, through figureTest, to count questions that are
// not yes/no questions.

// figure is lead.go's statedNumber with "arbitrary" only where it says
// there is no bound ("an arbitrary number of", "arbitrarily deep"), not
// where it means "any" ("running arbitrary code").
var figure = regexp.MustCompile(`(?i)(^|[^\w-])\d|\b(` + figureWords + `|arbitrar(y|ily)\s+(number|many|large|long|deep|deeply|big|amount|size|length)s?)\b`)

// notFigure matches a calendar date, which dates rather than counts,
// "non-zero", which says how a value is, not how much, an ordinal ("the
// 0th commit", "2nd"), which places rather than counts, an option
// written with a value ("--max-parents=0 gives all root commits"), which
// shows a use of the option rather than a bound, and a limit left unset
// ("when no limit is given on the command line"), which is no absence of
// a bound.
var notFigure = regexp.MustCompile(`(?i)\b\d{4}-\d{2}-\d{2}\b|\bnon-?zero\b|\b\d+(?:st|nd|rd|th)\b|(?:^|\s)--?[a-z][\w-]*=\d+|\b(?:if|when|unless)\s+no\s+limit\s+(?:is|was|has\s+been)\s+(?:given|set|specified|configured|supplied|provided|passed)\b`)

// oneWords are number words that are more often a pronoun or an article
// ("one of the following", "a single command") than a count; they count
// only right before what is counted.
var oneWords = map[string]bool{"one": true, "single": true}

// oneReach is how many words may lie between "one" or "single" and the
// counted word ("one worker thread", "a single SQL statement").
const oneReach = 2

// statesCount reports whether text gives a figure that can count what the
// question counts (counted, stems as from amountTerms): a figure by
// figure (a digit not inside a word, a number word from two up, or
// the absence of a limit) once references (notReference) and dates are
// cut, or "one"/"single" at most oneReach words before a counted stem.
func statesCount(text string, counted []string) bool {
	t := notFigure.ReplaceAllString(notReference.ReplaceAllString(text, ""), "")
	if figure.MatchString(t) || defaultOne.MatchString(t) {
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

// defaultOne matches "one" as the value a default is ("The default is
// one, i.e. sequential execution.", "defaults to one"), where it is no
// pronoun.
var defaultOne = regexp.MustCompile(`(?i)\bdefaults?(?:\s+value)?\s+(?:is|to|of)\s+one\b`)

// yesNoQuestion matches a question asking whether ("Is there a limit on
// how many …", "Can a table hold more than …"): a sentence saying whether
// answers it without a figure ("there is no quota on them"), so it is
// left to statesAmount alone.
var yesNoQuestion = regexp.MustCompile(`(?i)^\s*(?:is|are|was|were|does|do|did|can|could|will|would|should|may|must|has|have)\b`)

// figureTest is the figure the support decision needs besides
// statesAmount: for a count question that is not a yes/no question, a
// count (statesCount of the counted head) and, when it counts per unit, a
// rate (rateCue); for an extent question, a value (statesExtent).
type figureTest struct {
	count, extent, timed bool
	length               bool // asks how long a piece of text may be (lengthQuestion)
	inUnit               bool // names the unit of the answer ("in milliseconds"): a figure must give it
	frequency            bool // asks how often: statesFrequency also answers
	data                 bool // asks how much memory or storage: the figure must be in units of data (dataQuestion)
	version              bool // asks for the oldest or latest version: a version number answers (versionAsked)
	head                 []string
	rate                 *regexp.Regexp
	unit                 *regexp.Regexp // rate's unit by any of its words (rateCue, wide)
	kind                 figureKind     // see figurekind.go
}

func newFigureTest(question string, counted []string, isAmount bool) figureTest {
	if !isAmount {
		return figureTest{}
	}
	if lengthOfName.MatchString(question) {
		return figureTest{length: true}
	}
	if versionAsked.MatchString(question) {
		return figureTest{version: true}
	}
	if len(counted) > 0 && counted[0] == extentMark {
		length := lengthQuestion.MatchString(question)
		return figureTest{extent: true, timed: !length && !untimed.MatchString(question), length: length,
			inUnit: unitAsked.MatchString(question), frequency: asksFrequency(counted)}
	}
	if yesNoQuestion.MatchString(question) {
		return figureTest{}
	}
	rate, unit := rateCue(question, false), rateCue(question, true)
	if multipleQuestion.MatchString(question) {
		rate, unit = multipleStated, nil
	}
	return figureTest{count: true, head: countedHead(question), rate: rate, unit: unit, kind: kindOf(question), frequency: asksFrequency(counted),
		data: dataQuestion.MatchString(question)}
}

// states reports whether text gives the figure.
func (f figureTest) states(text string) bool {
	switch {
	case f.count:
		return f.kind.countStated(text, f.head) && (f.rate == nil || f.rate.MatchString(text)) && (!f.data || dataStated.MatchString(text)) ||
			f.frequency && statesFrequency(text)
	case f.length:
		return lengthStated.MatchString(notReference.ReplaceAllString(text, ""))
	case f.version:
		return versionStated.MatchString(text)
	case f.extent:
		return f.frequency && statesFrequency(text) || statesExtent(text, f.timed) && (!f.timed || timedStated(text)) &&
			(!f.inUnit || timeFigure.MatchString(notFigure.ReplaceAllString(notReference.ReplaceAllString(text, ""), "")))
	}
	return true
}

// kindStated is states without the rate: whether text gives a figure of
// the asked kind for what is counted ("two threads" gives no number of
// references). A lead may state a rate in other words ("at most
// maxSockets … from a given host" for how many sockets per host), which
// the support decision, not the choice of lead, must weigh.
func (f figureTest) kindStated(text string) bool {
	f.rate = nil
	return f.states(text)
}

// countedHead returns the stems of the head of what a count question
// counts: the words up to "of" ("lines" in "How many lines of command
// history …"), which is what a "one" must stand before: "a single SQL
// command" counts commands, not lines of their history.
func countedHead(question string) []string {
	m := amountQuestion.FindStringSubmatch(question)
	if m == nil {
		return nil
	}
	return countedWords(m[1], true)
}

// ratePer matches a count per unit in a question ("How many rows per
// second …"); its group is the unit. Only a sentence stating a rate in
// that unit ("50 rows per second", "a few hundred a second") answers it:
// "the second argument" or "skip 1 row" gives no rate.
var ratePer = regexp.MustCompile(`(?i)\bper\s+([a-z]+(?:\s+[a-z]+){0,2})`)

// rateCue returns, for a question counting per unit, the pattern of a
// sentence stating a rate in that unit, or nil when it asks for no rate.
// With wide, a unit of several words ("per sitemap page", up to the first
// stop word) is stated by any of them ("on each page of the sitemap");
// otherwise only by its first.
func rateCue(question string, wide bool) *regexp.Regexp {
	m := ratePer.FindStringSubmatch(question)
	if m == nil {
		return nil
	}
	words := strings.Fields(strings.ToLower(m[1]))
	unit := regexp.QuoteMeta(words[0])
	for _, w := range words[1:] {
		if !wide || textutil.IsStopword(w) {
			break
		}
		unit += "|" + regexp.QuoteMeta(w)
	}
	return regexp.MustCompile(`(?i)\b(?:per|a|an|each|every)\s+(?:` + unit + `)\b`)
}

// multipleQuestion matches a question asking for a multiple ("How many
// times faster is …"); only a sentence stating one (multipleStated:
// "three times faster", "2x", "twice as fast", "a 40% speedup") answers
// it: "two heads" or "version 2.33" is a count of something else.
var (
	multipleQuestion = regexp.MustCompile(`(?i)\bhow\s+many\s+times\s+(?:faster|slower|quicker|more|less|fewer|larger|smaller|bigger|longer|shorter|higher|lower|as)\b`)
	multipleStated   = regexp.MustCompile(`(?i)(?:\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|twenty|hundred|thousand|several|many))\s*(?:times|x|×|-?fold)\b|\b\d+(?:\.\d+)?x\b|\b(?:twice|half|double)\b|\d\s*%`)
)

// enumerator matches a list item's number at the start of a sentence
// ("2. ", "(3) ", "4) ").
var enumerator = regexp.MustCompile(`^\s*\(?\d+[.)]\s`)

// statesExtent reports whether text gives a value an extent question
// ("How deep …", "How long …") can take: a figure or amountCue's other
// number words, and, for an attribute of time (timed), extentInWords' units
// and bounds ("until the transaction ends"), as statesAmount takes them;
// for another attribute (depth, distance) a bound in time is no value,
// a percentage is. Numbers that label or refer (a list enumerator, a
// version, a date, a digit inside a name) are no value.
func statesExtent(text string, timed bool) bool {
	t := valueText(text)
	if figure.MatchString(t) || extentWord.MatchString(t) {
		return true
	}
	if timed {
		return extentInWords(t)
	}
	return percentCue.MatchString(t)
}

// extentValue reports whether text gives a value for a timed extent: a
// figure, or a bound in time ("until the transaction ends", "never",
// "daily"). statesExtent also takes a bare unit or "timeout", which let
// "timeout (float) – How many seconds the connection should wait …" pass
// as stating the wait; as an answer's first sentence it must then be
// followed by the default it leaves out ("Default five seconds.").
func extentValue(text string) bool {
	t := valueText(text)
	return figure.MatchString(t) || timedWord.MatchString(t) || extentBound.MatchString(t)
}

// timedWord is extentWord as a value of time: "one" before a unit ("one
// second"), or "double". "Maximum time (in milliseconds) to receive or
// send one DNS message …" counts a message; read as a value, it kept its
// entry's "Default: 500 (milliseconds)" out of the answer.
var timedWord = regexp.MustCompile(`(?i)\bone\s+(?:(?:milli|micro|nano)?seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b|\bdouble\b`)

// valueText returns text with the numbers that label or refer cut: a list
// enumerator, references (notReference) and digits that are no figure
// (notFigure).
func valueText(text string) string {
	t := enumerator.ReplaceAllString(text, "")
	return notFigure.ReplaceAllString(notReference.ReplaceAllString(t, ""), "")
}

// extentBound matches extentInWords' bounds and frequencies in time, without
// its units and nouns.
var extentBound = regexp.MustCompile(`(?i)\b(?:until|till|forever|indefinitely|never|immediately|as\s+long\s+as|end\s+of|periodically|hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|annually)\b`)

// extentWord is amountCue's number words that figure leaves out;
// percentCue a share.
var (
	extentWord = regexp.MustCompile(`(?i)\b(one|double)\b`)
	percentCue = regexp.MustCompile(`(?i)%|\bpercent\b`)
)

// unitAsked matches an extent question naming the unit of its answer
// ("…, in milliseconds?", "in how many seconds"): "Insert an ms millisecond
// pause" names the unit and gives no value.
var unitAsked = regexp.MustCompile(`(?i)\bin\s+(?:how\s+many\s+)?(?:milli|micro|nano)?(?:seconds|minutes|hours|days|weeks|months|years)\b`)

// timeFigure matches a figure of time: a number with a unit of time ("250
// milliseconds", "5s", "two minutes"). A question naming its unit asks for
// one; "collected 10 times" gives none.
var timeFigure = regexp.MustCompile(`(?i)(?:\d[\d,.]*\s*|\b(?:` + figureWords + `|one)\s+)(?:ms|s|secs?|seconds?|milliseconds?|microseconds?|µs|us|ns|nanoseconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?|years?)\b`)

// lengthQuestion matches a "How long …" question about a piece of text
// ("How long can a username be?", "How long may a table name be in
// bytes?"): it asks for a length, which only a figure in characters,
// bytes or digits, or the absence of a limit, gives (lengthStated). Read
// as a duration it took "… expires after 3 days"; read as an extent of
// any kind, "three fields".
var (
	lengthQuestion = regexp.MustCompile(`(?i)\bhow\s+long\s+(?:can|may|could|should|must|is|are)\s+(?:(?:a|an|the|my|your|its|their|each|one)\s+)?(?:[\w.-]+\s+){0,3}?(?:names?|usernames?|passwords?|strings?|paths?|pathnames?|lines?|titles?|labels?|identifiers?|urls?|filenames?|comments?|slugs?|words?|texts?)\s+(?:be|get)\b(?:\s*(?:\?|$|,|in\b|at\s+most\b|allowed\b))`)
	// lengthOfName asks the same with the noun: "What is the maximum
	// length of a branch name?" ("Default is 5." after "Maximum number of
	// branches to maintain active at once." gives none).
	// So does a superlative before the noun: "What is the longest name a
	// table can have?".
	lengthOfName = regexp.MustCompile(`(?i)\b(?:(?:maximum|max|longest|greatest|minimum|min|shortest|allowed|permitted|largest)\s+(?:allowed\s+)?length\s+(?:of|for)\s+(?:(?:a|an|the|my|your|its|their|each|one)\s+)?(?:[\w.-]+\s+){0,3}?|(?:longest|shortest)\s+(?:(?:allowed|permitted|possible)\s+)?(?:[\w.-]+\s+){0,2}?)(?:names?|usernames?|passwords?|strings?|paths?|pathnames?|lines?|titles?|labels?|identifiers?|urls?|filenames?|comments?|slugs?|words?|texts?)\b`)
	lengthStated = regexp.MustCompile(`(?i)\d[\d,.]*\s*(?:characters?|chars?|bytes?|digits?|letters?|code\s+points?)\b|\b(?:` + figureWords + `|one)\s+(?:characters?|bytes?|digits?|letters?)\b|\bmax_length\b|\bunlimited\b|\bno\s+(?:length\s+)?limit\b|\barbitrar(?:y|ily)\s+long\b`)
)

// versionAsked matches a question asking for the oldest or latest version
// of something ("What is the oldest VapourSynth version FFmpeg can
// read?"), which the extent cue reads as an age; versionStated a version
// number ("Versions 42 or greater supported.", "since 2.4.53", "v18").
var (
	versionAsked  = regexp.MustCompile(`(?i)\b(?:oldest|earliest|latest|newest)\s+(?:supported\s+)?(?:[\w.-]+\s+)?(?:versions?|releases?|revisions?)\b`)
	versionStated = regexp.MustCompile(`(?i)\b(?:versions?|releases?|revisions?|v)\s*\d|\b\d+\.\d+(?:\.\d+)*\b`)
)

// untimed matches the extent questions whose attribute is not one of time:
// how deep, far, full, wide, high, tall or heavy something goes.
var untimed = regexp.MustCompile(`(?i)\bhow\s+(?:deep|deeply|far|full|wide|high|tall|heavy)\b|\bdeepest\b`)
