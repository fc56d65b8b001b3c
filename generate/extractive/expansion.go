package extractive

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// expansionBonus is added to the score of a sentence that spells out the
// abbreviation a question asks about ("What does mpsc stand for in
// std::sync::mpsc?"): the code importing std::sync::mpsc shares every
// term with the question, sentences using "WAL" share its only one, and
// only "mpsc stands for multiple producer, single consumer" answers it.
const expansionBonus = 0.5

// expansionAsk matches a question asking what an abbreviation stands for
// and captures it: "What does WAL stand for?", "What is GEQO short for?",
// "What is the acronym MVCC an abbreviation of?".
var expansionAsk = regexp.MustCompile(`(?i)\bwhat\s+(?:does|do|did|is|was)\s+(?:the\s+)?(?:abbreviation\s+|acronym\s+|initialism\s+|term\s+|name\s+)?["'“‘]?([\w.+#-]*\w)["'”’]?\s+(?:stand\s+for|short\s+for|an?\s+(?:abbreviation|acronym|initialism)\b)`)

// abbrMeaningAsk matches a question asking what an abbreviation in
// capitals means ("What does WAL mean?"): its spelled-out form is the
// first thing the answer gives.
var abbrMeaningAsk = regexp.MustCompile(`\b[Ww]hat\s+does\s+(?:the\s+)?(?:abbreviation\s+|acronym\s+)?([A-Z][A-Z0-9]{1,7})\s+mean\b`)

// expandedAfter matches what may stand between an abbreviation and its
// spelled-out form after it ("GIN stands for Generalized …", "TOAST (The
// Oversized-Attribute Storage Technique)"); expandedBefore between the
// spelled-out form and the abbreviation after it ("Multiversion
// Concurrency Control (MVCC)", "the global interpreter lock or GIL").
var (
	expandedAfter  = regexp.MustCompile(`(?i)^(?:,?\s+(?:stands|stood)\s+for\b|,?\s+(?:is|was)\s+(?:short\s+for|an?\s+(?:abbreviation|acronym|initialism)\s+(?:for|of)|shorthand\s+for)\b|,?\s+(?:means|is)\b|\s*(?:\(|,|:|—|–|-\s))\s*["'“]?`)
	expandedBefore = regexp.MustCompile(`(?i)(?:\(|,|\s(?:or|aka|called)|\s(?:also\s+)?(?:known|abbreviated)\s+as)\s*["'“]?$`)
)

// scoreExpansion marks the sentences that spell out the abbreviation the
// question asks about, and adds expansionBonus to their scores; formLead
// leads with the best of them.
func scoreExpansion(cands []*candidate, a *ask) {
	if a.abbr == "" {
		return
	}
	ab := newAbbreviation(a.abbr)
	for _, c := range cands {
		if !c.code && c.overlap > 0 && ab.spelledOutIn(c.text) {
			c.spells = true
			c.score += expansionBonus
		}
	}
}

// abbreviation is an abbreviation a question asks about, with the pattern
// that finds it in a text.
type abbreviation struct {
	name string
	re   *regexp.Regexp
}

func newAbbreviation(name string) abbreviation {
	flags := "(?i)" // "mpsc", as the question writes it
	if strings.ToLower(name) != name {
		flags = "" // "CPack" is not the command cpack
	}
	return abbreviation{name: name, re: regexp.MustCompile(flags + `(?:^|[^\w])(` + regexp.QuoteMeta(name) + `)(?:$|[^\w])`)}
}

// spelledOutIn reports whether text writes the abbreviation next to words
// whose letters it abbreviates, before or after it.
func (ab abbreviation) spelledOutIn(text string) bool {
	for _, m := range ab.re.FindAllStringSubmatchIndex(text, -1) {
		before, after := text[:m[2]], text[m[3]:]
		if loc := expandedBefore.FindStringIndex(before); loc != nil {
			words := formWords(before[:loc[0]])
			if n := maxLongWords(ab.name); len(words) > n {
				words = words[len(words)-n:]
			}
			for i := len(words) - 2; i >= 0; i-- {
				if abbreviates(ab.name, words[i:]) {
					return true
				}
			}
		}
		if loc := expandedAfter.FindStringIndex(after); loc != nil {
			words := formWords(after[loc[1]:])
			for j := 2; j <= min(len(words), maxLongWords(ab.name)); j++ {
				if abbreviates(ab.name, words[:j]) {
					return true
				}
			}
		}
	}
	return false
}

// maxLongWords bounds the words of a spelled-out form: min(|abbr| + 5,
// 2·|abbr|), as in Schwartz and Hearst's abbreviation algorithm.
func maxLongWords(abbr string) int {
	n := utf8.RuneCountInString(abbr)
	return min(n+5, 2*n)
}

// abbreviates reports whether abbr's letters and digits occur in order in
// words, its first at the start of the first word and one at the start of
// every word but a stop word: "multiple producer, single consumer" for
// mpsc, "Multiversion Concurrency Control" for MVCC, "The
// Oversized-Attribute Storage Technique" for TOAST, not "full-text
// queries" for FTS. It is Schwartz and Hearst's test (2003) made stricter,
// since the form may stand outside parentheses here ("the global
// interpreter lock or GIL").
func abbreviates(abbr string, words []string) bool {
	lowerAbbr := strings.ToLower(abbr)
	var long []rune
	var required []bool // at the start of a word that must give a letter
	for _, w := range words {
		w = strings.TrimFunc(strings.ToLower(w), notAlnum)
		switch {
		case w == "":
			continue
		case strings.Contains(w, lowerAbbr):
			// "PEP 477: Backport ensurepip (PEP 453)" holds PEP itself,
			// "CPACK_GENERATOR in CPackConfig.cmake" CPack.
			return false
		}
		if len(long) > 0 {
			long, required = append(long, ' '), append(required, false)
		}
		for k, r := range w {
			long = append(long, r)
			required = append(required, k == 0 && !textutil.IsStopword(w))
		}
	}
	var short []rune
	for _, r := range lowerAbbr {
		if !notAlnum(r) {
			short = append(short, r)
		}
	}
	if len(short) == 0 || len(long) == 0 || long[0] != short[0] {
		return false
	}
	f := formMatch{short: short, long: long, required: required, failed: map[[2]int]bool{}}
	return f.match(1, 1)
}

// formMatch matches an abbreviation's characters against a spelled-out
// form, remembering the positions from which it failed so that a form of
// many stop words cannot make the search exponential.
type formMatch struct {
	short, long []rune
	required    []bool
	failed      map[[2]int]bool
}

// match reports whether short[si:] matches long[li:] in order without
// passing a required position unmatched.
func (f formMatch) match(si, li int) bool {
	if si == len(f.short) {
		return !slices.Contains(f.required[li:], true)
	}
	if f.failed[[2]int{si, li}] {
		return false
	}
	for p := li; p < len(f.long); p++ {
		if f.long[p] == f.short[si] && f.match(si+1, p+1) {
			return true
		}
		if f.required[p] {
			break
		}
	}
	f.failed[[2]int{si, li}] = true
	return false
}

// formWords splits text into words at spaces and hyphens: each part of
// "Read-Eval-Print-Loop" gives REPL a letter.
func formWords(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return unicode.IsSpace(r) || r == '-' || r == '/' })
}

func notAlnum(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }
