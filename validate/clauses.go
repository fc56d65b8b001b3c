package validate

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// markerFill replaces citation markers in the analysed text of a claim, so
// that the clause splitter sees where they were.
const markerFill = '\x1f'

// tok is one analysed word of a claim or source sentence.
type tok struct {
	text  string // as written
	term  string // canonical content term; "" for stop words, numbers and units of facts
	polar string // canonical id of a polarity or scale word, else ""
	start int
	end   int
	info  *wordInfo
	en    *wordEntry // in a source's index: the word's entry
}

// clauseWords open a new clause: coordinating conjunctions and relative
// pronouns. They are never content terms.
var clauseWords = map[string]bool{
	"and": true, "but": true, "or": true, "yet": true, "so": true, "nor": true, "which": true,
	"that": true, "who": true, "whom": true, "whose": true, "where": true, "whereas": true, "while": true,
}

// contrasts open a clause that a negation before them does not reach,
// as a semicolon does: "… are used by Node.js whenever possible, but where
// they do not exist, …".
var contrasts = map[string]bool{"but": true, "whereas": true}

// analyse tokenises s, given its facts.
func analyse(s string, facts []fact) []tok {
	return (&analyser{}).analyse(s, facts)
}

// analyser reuses its buffers from one sentence to the next; the tokens
// it returns are valid until its next call.
type analyser struct {
	words []word
	toks  []tok
}

func (a *analyser) analyse(s string, facts []fact) []tok {
	a.words = appendWords(a.words[:0], s)
	return a.analyseWords(s, a.words, facts, nil)
}

// analyseWords is analyse given the words of s (appendWords) and, from a
// source's index, their entries (nil: look the words up).
func (a *analyser) analyseWords(s string, words []word, facts []fact, ens []*wordEntry) []tok {
	out := a.toks[:0]
	defer func() { a.toks = out[:0] }()
	prev := ""
	for i, w := range words {
		var info *wordInfo
		var en *wordEntry
		if ens != nil {
			en = ens[i]
			info = en.info
		} else {
			info = infoOf(w.text)
		}
		lw := info.lower
		t := tok{text: w.text, start: w.start, end: w.end, info: info, en: en}
		// Negation cues are compared by the negation check, quantifiers
		// by the polarity check.
		if info.letter && !info.stop && !info.clause && !info.neg && lw != "every" && lw != "each" && !insideFact(w, facts) {
			t.term = info.canon
		}
		switch {
		case lw == "least" && prev == "at", lw == "less" && (prev == "no" || prev == "not"):
			t.polar, t.text = canonMinimum, prev+" "+w.text
		case lw == "most" && prev == "at", lw == "to" && prev == "up",
			lw == "more" && (prev == "no" || prev == "not"):
			t.polar, t.text = canonMaximum, prev+" "+w.text
		case lw == "exceed" && (prev == "not" || prev == "never" || prev == "cannot"):
			t.polar = canonMaximum // "must not exceed 600 V"
		case (lw == "every" || lw == "each") && (beforeNumber(words, i, s) || i+1 < len(words) && timeUnits[strings.ToLower(words[i+1].text)]):
			// "every 250 hours", "every day" are frequencies, not "all".
		case lw == "under" && beforeNumber(words, i, s):
			t.polar = canonBelow // "under 6 hours", unlike "under the cover"
		case lw == "over" && beforeNumber(words, i, s):
			t.polar = canonAbove
		case lw == "down" && before(words, i, s):
			t.polar = canonDecrease // "down by 12%", unlike "shut down"
		case lw == "up" && before(words, i, s):
			t.polar = canonIncrease
		default:
			t.polar = info.polar
		}
		prev = lw
		out = append(out, t)
	}
	return out
}

// timeUnits name the period of a frequency ("every day").
var timeUnits = map[string]bool{
	"second": true, "minute": true, "hour": true, "day": true, "night": true, "morning": true, "evening": true,
	"week": true, "weekday": true, "weekend": true, "month": true, "quarter": true, "year": true, "shift": true,
	"run": true, "cycle": true, "time": true, "use": true,
}

// beforeNumber reports whether words[i] is followed by a number, in
// digits or in words ("every six months").
func beforeNumber(words []word, i int, s string) bool {
	if i+1 >= len(words) {
		return false
	}
	next := words[i+1]
	if isDigit(next.text[0]) || strings.ContainsAny(s[words[i].end:next.start], "€$£") {
		return true
	}
	_, end, ok := numberWordAt(s, next.start)
	return ok && end == next.end || ok && end < next.end && s[end] == '-'
}

// before reports whether words[i] is followed by a number, "from" or
// "by" ("up from 91.5%", "down by 12%").
func before(words []word, i int, s string) bool {
	if beforeNumber(words, i, s) {
		return true
	}
	if i+1 < len(words) {
		n := strings.ToLower(words[i+1].text)
		return n == "from" || n == "by"
	}
	return false
}

var (
	canonIncrease = rootOf("increase")
	canonDecrease = rootOf("decrease")
	canonAbove    = rootOf("above")
	canonBelow    = rootOf("below")
	canonMinimum  = canon("minimum")
	canonMaximum  = canon("maximum")
	canonAny      = canon("any")
)

// clause is a piece of a sentence between split points.
type clause struct {
	start, end int
	toks       []tok
	facts      []fact
	afterSemi  bool // opened by a semicolon, a full stop or a contrast
}

// splitClauses cuts s at commas, semicolons, colons, citation markers,
// full stops inside it (innerSentenceEnd) and before coordinating
// conjunctions and relative pronouns. Pieces without any word are left
// out. A comma or colon between digits ("1,800") or inside round brackets
// (an aside: "Speed 4 (boost, 250 m3/h) runs …") is not a split point.
func splitClauses(s string, toks []tok, facts []fact) []clause {
	return appendClauses(nil, s, toks, facts)
}

// appendClauses is splitClauses appending to out.
func appendClauses(out []clause, s string, toks []tok, facts []fact) []clause {
	start, semi, k, fi := 0, false, 0, 0
	emit := func(end int, nextSemi bool) {
		c := clause{start: start, end: end, afterSemi: semi}
		k0, f0 := k, fi
		for k < len(toks) && toks[k].start < end {
			k++
		}
		for fi < len(facts) && facts[fi].start < end {
			fi++
		}
		c.toks, c.facts = toks[k0:k:k], facts[f0:fi:fi]
		if len(c.toks) > 0 {
			out = append(out, c)
			semi = false
		}
		semi = semi || nextSemi
		start = end
	}
	tk, depth := 0, 0 // depth: open round brackets
	for i := 0; i < len(s); i++ {
		for tk < len(toks) && toks[tk].end <= i {
			tk++
		}
		if tk < len(toks) && toks[tk].start == i && toks[tk].info.clause && i > start {
			emit(i, contrasts[toks[tk].info.lower])
			continue
		}
		switch s[i] {
		case ';':
			emit(i, true)
		case '.':
			if innerSentenceEnd(s, i) {
				emit(i, true)
			}
		case '(':
			depth++
		case ')':
			depth = max(depth-1, 0)
		case ',', ':':
			if depth > 0 || i > 0 && i+1 < len(s) && isDigit(s[i-1]) && isDigit(s[i+1]) {
				continue
			}
			emit(i, false)
		case markerFill:
			emit(i, false)
		}
	}
	emit(len(s), false)
	return out
}

// innerSentenceEnd reports whether the period at i of s ends a sentence
// that the splitter kept with the next because that one opens in lower
// case ("… with the line breaks. psql will recognize that the command is
// not terminated …"): a word of two letters or more, no abbreviation,
// then a space and a lower-case letter. Like a semicolon, it ends the
// reach of a negation and the unit a number is bound to.
func innerSentenceEnd(s string, i int) bool {
	if i+2 >= len(s) || s[i+1] != ' ' {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(s[i+2:]); !unicode.IsLower(r) {
		return false
	}
	w := i
	for w > 0 && (s[w-1] >= 'a' && s[w-1] <= 'z' || s[w-1] >= 'A' && s[w-1] <= 'Z') {
		w--
	}
	if w > 0 && s[w-1] == '.' {
		return false // "i.e." and other dotted abbreviations
	}
	word := s[w:i]
	return len(word) >= 2 && !textutil.IsAbbreviation(word)
}
