package validate

import (
	"strings"
	"unicode"

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
}

// clauseWords open a new clause: coordinating conjunctions and relative
// pronouns. They are never content terms.
var clauseWords = map[string]bool{
	"and": true, "but": true, "or": true, "yet": true, "so": true, "nor": true, "which": true,
	"that": true, "who": true, "whom": true, "whose": true, "where": true, "whereas": true, "while": true,
}

// analyse tokenises s, given its facts, with memo caching canon.
func analyse(s string, facts []fact, memo map[string]string) []tok {
	words := splitWords(s)
	out := make([]tok, 0, len(words))
	canonOf := func(lw string) string {
		if memo == nil {
			return canon(lw)
		}
		c, ok := memo[lw]
		if !ok {
			c = canon(lw)
			memo[lw] = c
		}
		return c
	}
	prev := ""
	for _, w := range words {
		lw := strings.ToLower(w.text)
		lw = strings.TrimSuffix(strings.TrimSuffix(lw, "'s"), "’s")
		t := tok{text: w.text, start: w.start, end: w.end}
		letters := strings.IndexFunc(lw, unicode.IsLetter) >= 0
		c := ""
		if letters {
			c = canonOf(lw)
		}
		// Negation cues are compared by the negation check.
		if letters && !insideFact(w, facts) && !textutil.IsStopword(lw) && !clauseWords[lw] && !negationCues[lw] {
			t.term = c
		}
		switch {
		case lw == "least" && prev == "at", lw == "less" && (prev == "no" || prev == "not"):
			t.polar, t.text = canonMinimum, prev+" "+w.text
		case lw == "most" && prev == "at", lw == "to" && prev == "up",
			lw == "more" && (prev == "no" || prev == "not"):
			t.polar, t.text = canonMaximum, prev+" "+w.text
		case c != "" && (antonyms[c] != nil || scale[c]):
			t.polar = c
		}
		prev = lw
		out = append(out, t)
	}
	return out
}

var (
	canonMinimum = canon("minimum")
	canonMaximum = canon("maximum")
	canonAny     = canon("any")
)

// clause is a piece of a sentence between split points.
type clause struct {
	start, end int
	toks       []tok
	facts      []fact
	afterSemi  bool // opened by a semicolon
}

// splitClauses cuts s at commas, semicolons, colons, citation markers
// and before coordinating conjunctions and relative pronouns. Pieces
// without any word are left out. A comma between digits ("1,800") is not a
// split point.
func splitClauses(s string, toks []tok, facts []fact) []clause {
	var out []clause
	start, semi, k, fi := 0, false, 0, 0
	emit := func(end int, nextSemi bool) {
		c := clause{start: start, end: end, afterSemi: semi}
		for k < len(toks) && toks[k].start < end {
			c.toks = append(c.toks, toks[k])
			k++
		}
		for fi < len(facts) && facts[fi].start < end {
			c.facts = append(c.facts, facts[fi])
			fi++
		}
		if len(c.toks) > 0 {
			out = append(out, c)
			semi = false
		}
		semi = semi || nextSemi
		start = end
	}
	tk := 0
	for i := 0; i < len(s); i++ {
		for tk < len(toks) && toks[tk].end <= i {
			tk++
		}
		if tk < len(toks) && toks[tk].start == i && clauseWords[strings.ToLower(toks[tk].text)] && i > start {
			emit(i, false)
			continue
		}
		switch s[i] {
		case ';':
			emit(i, true)
		case ',', ':':
			if i > 0 && i+1 < len(s) && isDigit(s[i-1]) && isDigit(s[i+1]) {
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

// indexUnits analyses one source sentence. Its units are its clauses
// joined back together, except that a semicolon always starts a new unit,
// and so does a clause stating a quantity of its own after a unit that
// already states one ("replace the seal every 1,800 hours and the filter
// every 250 hours"): a number is bound to the unit it is stated in.
func indexUnits(s string, memo map[string]string) (map[string]uint64, []unitFact) {
	facts := extractFacts(s)
	toks := analyse(s, facts, memo)
	canon := make(map[string]uint64, len(toks))
	var ufacts []unitFact
	unit, unitHasFact, unitHasTerm := 0, false, false
	for ci, c := range splitClauses(s, toks, facts) {
		hasTerm := false
		for _, t := range c.toks {
			hasTerm = hasTerm || t.term != ""
		}
		own := hasTerm && len(c.facts) > 0
		if ci > 0 && (c.afterSemi || own && unitHasFact && unitHasTerm) {
			unit = min(unit+1, 63)
			unitHasFact, unitHasTerm = false, false
		}
		bit := uint64(1) << unit
		for _, t := range c.toks {
			if t.term != "" {
				addTerm(canon, t.term, bit, memo)
			}
			if t.polar != "" {
				// A polarity word is also a term: "at least" states a
				// minimum, "more" an increase.
				canon["#"+t.polar] |= bit
				canon[t.polar] |= bit
			}
		}
		for _, f := range c.facts {
			ufacts = append(ufacts, unitFact{fact: f, in: unit})
		}
		unitHasFact = unitHasFact || len(c.facts) > 0
		unitHasTerm = unitHasTerm || hasTerm
	}
	return canon, ufacts
}

// addTerm records a term, and for a hyphenated one its joined form and its
// parts, so "high-pressure" and "high pressure" meet.
func addTerm(m map[string]uint64, t string, bit uint64, memo map[string]string) {
	m[t] |= bit
	if !strings.Contains(t, "-") {
		return
	}
	m[strings.ReplaceAll(t, "-", "")] |= bit
	for part := range strings.SplitSeq(t, "-") {
		if part != "" {
			m[part] |= bit
			if memo != nil {
				c, ok := memo[part]
				if !ok {
					c = canon(part)
					memo[part] = c
				}
				m[c] |= bit
			}
		}
	}
}

// lookup returns the units of a sentence holding term t: as a whole, or
// for a hyphenated term, joined or with every part present.
func lookup(m map[string]uint64, t string) uint64 {
	if b := m[t]; b != 0 || !strings.Contains(t, "-") {
		return b
	}
	if b := m[strings.ReplaceAll(t, "-", "")]; b != 0 {
		return b
	}
	var units uint64
	for part := range strings.SplitSeq(t, "-") {
		if part == "" {
			continue
		}
		b := m[part] | m[canon(part)]
		if b == 0 {
			return 0
		}
		units |= b
	}
	return units
}
