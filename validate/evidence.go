package validate

import (
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// evidence indexes the text of one source for the support checks.
type evidence struct {
	terms     map[string]bool            // stemmed content terms, with hyphen parts
	words     map[string]bool            // lower-cased words and their variants
	facts     map[string]map[string]bool // number → units seen with it ("" for none)
	units     map[string]bool            // units named anywhere, with or without a number
	sentences []evidenceSentence
	// canonCount counts the sentences holding each canonical term.
	canonCount map[string]int
}

type evidenceSentence struct {
	terms     map[string]bool
	negations int
	// canon maps canonical content terms (with hyphen parts) and, prefixed
	// with "#", polarity and scale words to the units of the sentence that
	// hold them: bit u for unit u (units past 63 share bit 63).
	canon map[string]uint64
	facts []unitFact
}

// unitFact is a quantity of a source sentence and the unit it is stated in.
type unitFact struct {
	fact
	in int
}

func newEvidence(text string) *evidence {
	e := &evidence{
		terms: termSet(text),
		words: map[string]bool{},
		facts: map[string]map[string]bool{},
		units: map[string]bool{},
	}
	for _, w := range splitWords(text) {
		for _, v := range wordVariants(w.text) {
			e.words[v] = true
		}
		if u, ok := isUnitWord(w.text); ok {
			e.units[u] = true
		}
	}
	for _, f := range extractFacts(text) {
		if e.facts[f.num] == nil {
			e.facts[f.num] = map[string]bool{}
		}
		e.facts[f.num][f.unit] = true
		if f.unit != "" {
			e.units[f.unit] = true
		}
	}
	e.canonCount = map[string]int{}
	memo := map[string]string{}
	for _, sp := range textutil.Sentences(text) {
		s := text[sp.Start:sp.End]
		es := evidenceSentence{terms: termSet(s), negations: negations(s)}
		es.canon, es.facts = indexUnits(s, memo)
		for t := range es.canon {
			if t[0] != '#' {
				e.canonCount[t]++
			}
		}
		e.sentences = append(e.sentences, es)
	}
	return e
}

// termSet returns the content terms of s, adding the parts of hyphenated
// terms and their joined form, so "high-pressure" and "high pressure" meet.
func termSet(s string) map[string]bool {
	set := map[string]bool{}
	for _, t := range textutil.ContentTerms(s) {
		set[t] = true
		if strings.Contains(t, "-") {
			set[strings.ReplaceAll(t, "-", "")] = true
			for part := range strings.SplitSeq(t, "-") {
				if part != "" {
					set[part] = true
					set[textutil.Stem(part)] = true
				}
			}
		}
	}
	return set
}

// wordVariants returns the lower-cased forms under which a word can be
// found: as written, without a possessive, and without hyphens.
func wordVariants(w string) []string {
	lw := strings.ToLower(w)
	lw = strings.TrimSuffix(strings.TrimSuffix(lw, "'s"), "’s")
	out := []string{lw}
	if strings.Contains(lw, "-") {
		out = append(out, strings.ReplaceAll(lw, "-", ""))
	}
	return out
}

// cited is the union of the evidence of a sentence's cited sources.
type cited []*evidence

func (c cited) hasTerm(t string) bool {
	for _, e := range c {
		if e.terms[t] {
			return true
		}
	}
	return false
}

// termFound reports whether a sentence term occurs in the cited text, as
// a whole or, for a hyphenated term, part by part.
func (c cited) termFound(t string) bool {
	if c.hasTerm(t) {
		return true
	}
	if !strings.Contains(t, "-") {
		return c.hasTerm(strings.ReplaceAll(t, "-", ""))
	}
	for part := range strings.SplitSeq(t, "-") {
		if part != "" && !c.hasTerm(part) && !c.hasTerm(textutil.Stem(part)) {
			return false
		}
	}
	return true
}

func (c cited) hasWord(w string) bool {
	for _, e := range c {
		if e.words[w] {
			return true
		}
	}
	return false
}

// entityFound reports whether an entity occurs in the cited text, case
// and hyphens ignored ("Wi-Fi" = "wifi"), or as the same stem.
func (c cited) entityFound(en entity) bool {
	candidates := []string{en.key, strings.ReplaceAll(en.key, "-", ""), en.key + "s"}
	for _, k := range candidates {
		if c.hasWord(k) {
			return true
		}
	}
	return c.hasTerm(textutil.Stem(en.key))
}

// factFound reports whether a quantity of the sentence occurs in the cited
// text: the same number with the same unit, or with no unit when the
// sentence gives none. A number written bare in the source ("pressure
// (bar): 3.5") also supports "3.5 bar" when the source names that unit.
func (c cited) factFound(f fact) bool {
	for _, e := range c {
		units, ok := e.facts[f.num]
		switch {
		case !ok:
		case f.unit == "" || units[f.unit]:
			return true
		case units[""] && e.units[f.unit]:
			return true
		}
	}
	return false
}

// polarityMatches compares the negation cues of a sentence with those of
// its best-matching source sentences (most shared terms). Cues are counted,
// not just detected, so that flipping one of two negations ("requires … and
// cannot" → "does not require … and cannot") is seen. It reports true when
// no source sentence shares a term (nothing to compare), or when any of the
// tied best sentences has as many cues.
func (c cited) polarityMatches(terms []string, negs int) bool {
	best, match := 0, false
	for _, e := range c {
		for _, s := range e.sentences {
			n := 0
			for _, t := range terms {
				if s.terms[t] {
					n++
				}
			}
			switch {
			case n == 0 || n < best:
			case n > best:
				best, match = n, s.negations == negs
			default:
				match = match || s.negations == negs
			}
		}
	}
	return best == 0 || match
}
