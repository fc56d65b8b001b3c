package extractive

import (
	"regexp"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// The kind of figure an amount or extent question asks for. figureTest
// takes a figure of any kind; these narrow it where the question says
// which kind answers: a share for "What percentage …", a duration or
// length for "How long …", a bound's absence ("no limit") only for what
// may be, and a count of the thing asked about rather than of a sibling
// ("10 million requests" for how many threads). Each was designed on the
// unanswerable questions of two manual sets and checked on a third
// (BENCHMARKS.md, "Issue 13: refusing plain unanswerables").

// shareQuestion matches a question asking for a share; shareCue a sentence
// stating one ("12 %", "two percent", "half of", "one in four").
var (
	shareQuestion = regexp.MustCompile(`(?i)\bwhat\s+(?:percentage|percent|fraction|proportion|share)\b|\b(?:in|as\s+a)\s+(?:percent|percentage)\b`)
	shareCue      = regexp.MustCompile(`(?i)%|\b(?:percent|per\s+cent|half|third|thirds|quarter|quarters|majority|minority|\d+\s+(?:in|out\s+of)\s+\d+|(?:one|two|three)\s+(?:in|out\s+of)\s+\w+)\b`)
)

// valueUnit matches a figure with a unit of time or length ("30 seconds",
// "5min", "1s", "63 bytes", "1000 characters", "40 digits", "3 m"), or a number
// of times ("15 times faster"): the value a "How long …" question asks
// for. A bare figure there counts something else ("three groups of
// methods", "a sentence or two"). Nouns that are also things counted
// ("columns", "words") are left out: "as many columns as the longest row"
// gives no length.
var valueUnit = regexp.MustCompile(`(?i)\d\s*(?:ms|s|sec|min|h|d|[kmgt]i?b|mm|cm|m|km|ft)\b|\b(?:bytes?|bits?|characters?|chars?|digits?|kilobytes?|megabytes?|gigabytes?|lines?|times|pages?|blocks?|met(?:re|er)s?|millimet(?:re|er)s?|centimet(?:re|er)s?|kilomet(?:re|er)s?|feet|foot|inch(?:es)?|miles?)\b`)

// dataQuestion matches a question asking how much memory or storage
// something takes ("free space" alone may be room in front of a machine,
// so space counts only as disk or storage space); dataStated a figure in
// units of data ("64 MB", "512M", "2048 KBytes"). Other amounts are in an
// open class of units (discreteQuestion), but memory is only ever
// measured in these: "16 server processes" or "256 simultaneous requests"
// say how many, not how much memory.
var (
	dataQuestion = regexp.MustCompile(`(?i)\bhow\s+much\s+(?:(?:free\s+)?(?:disk|storage)\s+space|(?:(?:physical|virtual|shared|free)\s+)?(?:memory|ram)|storage|swap|heap)\b|\bamount\s+of\s+(?:memory|ram|disk\s+space|storage)\b`)
	dataStated   = regexp.MustCompile(`(?i)\d\s*(?:[kmgtp]i?b|[kmgtp]bytes?)\b|\d\s*[KMGT]\b|\b(?:bytes?|kilobytes?|megabytes?|gigabytes?|terabytes?|kbytes|mbytes|gbytes)\b`)
)

// figureKind is what a count question's figure must be besides a figure:
// whether the absence of a bound answers it. (A share, when asked for, is
// required of every sentence: askedForm.)
type figureKind struct {
	may, discrete bool
}

func kindOf(question string) figureKind {
	return figureKind{may: mayQuestion.MatchString(question), discrete: discreteQuestion.MatchString(question)}
}

// decimalFigure matches a number with a fractional part ("2.4", "0.5") or
// a dotted version ("1.0.1", taken whole), which counts no things.
var decimalFigure = regexp.MustCompile(`\b\d+(?:\.\d+)+\b`)

// discreteQuestion matches a question counting things ("How many
// threads …", "the largest number of threads …"), which a figure before
// another noun does not answer (countsOther). A question asking how much
// of something ("How much water …") is answered by a figure in units of
// it ("2 litres of water"), and units are an open class.
var discreteQuestion = regexp.MustCompile(`(?i)\bhow\s+many\b|\bnumber\s+of\b`)

// countStated reports whether text gives a figure of the kind asked for
// that can count head (statesCount, then the narrowing above).
func (k figureKind) countStated(text string, head []string) bool {
	if !k.may {
		text = noBound.ReplaceAllString(text, "")
	}
	if k.discrete {
		// Things are counted in whole numbers: "Developer Documentation
		// for the Apache HTTP Server 2.4" gives no number of developers.
		text = decimalFigure.ReplaceAllString(text, "")
	}
	if !statesCount(text, head) || countsSibling(text, head) {
		return false
	}
	return !k.discrete || !countsOther(notFigure.ReplaceAllString(notReference.ReplaceAllString(text, ""), ""), head)
}

// timedStated reports whether text, references cut, states a value for a
// timed extent question (timedValue).
func timedStated(text string) bool {
	return timedValue(valueText(text))
}

// timedValue reports whether t (references cut) states a value for a
// timed extent question: extentInWords' units and bounds ("until", "never",
// "seconds"), or a figure with a unit (valueUnit).
func timedValue(t string) bool {
	return extentInWords(t) || figure.MatchString(t) && valueUnit.MatchString(t)
}

// mayQuestion matches a question about what may be rather than what is
// ("How many columns can a table have?", "the maximum number …"): only
// such a question is answered by the absence of a bound ("there is no
// limit", "any number of"). "How many crates are published in total?"
// asks for what is: "no limit to the number of versions you can publish"
// does not give it.
var mayQuestion = regexp.MustCompile(`(?i)\b(?:can|could|may|might|able|allowed|allow|allows|permitted|possible|support|supports|maximum|max|minimum|min|largest|smallest|most|least|limit|limits|up\s+to)\b`)

// noBound matches the phrases figure takes as the absence of a bound.
var noBound = regexp.MustCompile(`(?i)\b(?:unlimited|infinite|infinity|no\s+(?:fixed\s+)?limit|any\s+number|arbitrar(?:y|ily)\s+(?:number|many|large|long|deep|deeply|big|amount|size|length)s?)\b`)

// unitStems are the stems of words a figure may stand before without
// counting something other than what is asked: units and amounts.
var unitStems = map[string]bool{}

func init() {
	for _, w := range []string{"byte", "bytes", "kilobytes", "megabytes", "gigabytes", "terabytes", "kb", "mb", "gb", "tb", "kib", "mib", "gib", "bit", "bits",
		"character", "characters", "char", "chars", "digit", "digits", "percent", "times", "time",
		"second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "ms", "millisecond",
		"milliseconds", "microseconds", "week", "weeks", "month", "months", "year", "years", "page", "pages",
		"entries", "items", "elements", "values", "more", "less", "fewer", "or", "and", "to", "of", "per",
		"thousand", "million", "billion", "hundred", "dozen", "such", "other", "different", "separate",
		"is", "are", "was", "be", "by", "in", "at", "on", "for", "with", "as", "than", "the", "a", "an"} {
		unitStems[textutil.Stem(w)] = true
	}
}

// timeStems are the stems of units of time: a figure before one measures
// a span, which counts things only when the question counts spans.
var timeStems = map[string]bool{}

func init() {
	for _, w := range []string{"second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks",
		"month", "months", "year", "years", "ms", "millisecond", "milliseconds", "microseconds"} {
		timeStems[textutil.Stem(w)] = true
	}
}

// dataUnitStems are the stems of units of size: a figure before one measures
// an amount of data ("the 4 GiB packfile limit"), which counts things only
// when the question counts such units.
var dataUnitStems = map[string]bool{}

func init() {
	for _, w := range []string{"byte", "bytes", "kb", "mb", "gb", "tb", "kib", "mib", "gib", "tib", "kilobytes",
		"megabytes", "gigabytes", "terabytes", "bit", "bits"} {
		dataUnitStems[textutil.Stem(w)] = true
	}
}

// countsTime reports whether head, what a question counts, is a unit of
// time ("How many seconds …").
func countsTime(head []string) bool { return countsUnit(head, timeStems) }

// countsUnit reports whether head, what a question counts, is one of the
// units ("How many bytes …").
func countsUnit(head []string, units map[string]bool) bool {
	for _, h := range head {
		if units[h] || units[textutil.Stem(h)] {
			return true
		}
	}
	return false
}

// figureToken splits text into digit runs (with any unit glued on),
// words and single symbols; figureWord matches a number word from two up,
// scaleWord one that continues a figure ("10 million").
var (
	figureToken = regexp.MustCompile(`\d[\d,.]*[A-Za-z]*|[A-Za-z][A-Za-z_'’-]*|\S`)
	figureWord  = regexp.MustCompile(`(?i)^(?:\d[\d,.]*|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|thousand|million|billion)$`)
	scaleWord   = regexp.MustCompile(`(?i)^(?:hundred|thousand|million|billion)$`)
	digitUnit   = regexp.MustCompile(`^\d[\d,.]*[A-Za-z]+$`)
)

// figureCompound matches a figure joined to a word as a modifier ("3-way
// merge", "three-way", "two-phase commit", "64-bit"): it says what kind a
// thing is, and counts nothing but that word.
var figureCompound = regexp.MustCompile(`(?i)\b(?:\d+|` + figureWords + `)-[a-z]+\b`)

// countsOther reports whether every figure in t counts a plural noun other
// than what the question counts (head, stems): "someone making 10 million
// requests" gives no number of threads, "three groups of methods" no
// duration, "a fancy three-way merge" no number of times. A figure followed by no word, by a unit, by a function word or
// by what is counted may count the thing asked about; so may the absence
// of a bound ("no limit").
func countsOther(t string, head []string) bool {
	if noBound.MatchString(t) {
		return false
	}
	seen := false
	t = figureCompound.ReplaceAllStringFunc(t, func(m string) string {
		part := textutil.Stem(strings.ToLower(m[strings.LastIndexByte(m, '-')+1:]))
		for _, h := range head {
			if h == part || strings.HasPrefix(part, h) || strings.HasPrefix(h, part) {
				return m // "64-bit" for how many bits
			}
		}
		seen = true
		return ""
	})
	toks := figureToken.FindAllString(t, -1)
	for i := 0; i < len(toks); i++ {
		if digitUnit.MatchString(toks[i]) {
			return false // "64kB", "5min"
		}
		if !figureWord.MatchString(toks[i]) {
			continue
		}
		seen = true
		j := i + 1
		for j < len(toks) && scaleWord.MatchString(toks[j]) {
			j++
		}
		i = j - 1
		if j == len(toks) {
			return false
		}
		w := strings.ToLower(toks[j])
		if w[0] < 'a' || w[0] > 'z' {
			return false // "100.", "(1s)", "1600 -"
		}
		st := textutil.Stem(w)
		if timeStems[st] && !countsTime(head) || dataUnitStems[st] && !countsUnit(head, dataUnitStems) {
			continue // "about 10 seconds later" counts no listeners, "4 GiB" no files
		}
		if unitStems[st] || textutil.IsStopword(w) || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") {
			return false
		}
		for _, h := range head {
			if h == st || strings.HasPrefix(st, h) || strings.HasPrefix(h, st) {
				return false
			}
		}
	}
	return seen
}

// statesInProse reports whether c may state the amount an amount or extent
// question asks for (isAmount): only prose does. A code block's figures
// are a listing's line numbers, sizes and versions ("Packaged 6 files,
// 1.2KiB", "src/main.rs:10:5"), which formLead already never leads with;
// a figure the manual states in code alone is left unanswered.
func statesInProse(isAmount bool, c *candidate) bool {
	return !isAmount || !c.code
}

// shareStated reports whether c may answer a question asking for a share
// in any form ("What percentage …", "What is the recovery efficiency in
// percent?"): only a sentence stating a share does, whether or not the
// question reads as an amount question. Questions asking no share pass.
func shareStated(asked bool, c *candidate) bool {
	return !asked || shareCue.MatchString(c.text)
}

// numberOf matches "number of" and the word after it ("the maximum number
// of terms"), where a sentence says what its figure counts.
var numberOf = regexp.MustCompile(`(?i)\bnumbers?\s+of\s+(?:the\s+|an?\s+)?([a-z][a-z_-]*)`)

// countsSibling reports whether text says what its figure counts ("The
// maximum number of terms is …") and that is none of what the question
// counts (head), which text names nowhere else either: a limit on
// compound terms gives no number of window functions.
func countsSibling(text string, head []string) bool {
	ms := numberOf.FindAllStringSubmatch(text, -1)
	if len(ms) == 0 || len(head) == 0 {
		return false
	}
	for _, w := range textutil.Words(text) {
		st := textutil.Stem(w)
		for _, h := range head {
			if st == h {
				return false
			}
		}
	}
	return true
}
