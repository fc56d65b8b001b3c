package validate

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// citedSentence is a sentence of a cited source.
type citedSentence struct {
	s     *evidenceSentence
	label string // "S1", …
}

// clauseJudge holds what the clauses of one claim sentence are judged
// against: the sentences of its cited sources.
type clauseJudge struct {
	text      cited
	labels    []string
	sentences []citedSentence
	// sentTerms are the found content terms of the whole claim sentence,
	// used where a clause has too few of its own.
	sentTerms []clauseTerm
}

// clauseTerm is a content term of a claim clause.
type clauseTerm struct {
	term, word string
	idx        int // position among the clause's terms
}

// checkClauses splits a claim (markers replaced by markerFill, URLs
// blanked) into clauses and judges each against the cited text.
func checkClauses(marked string, text cited, labels []string) []Failure {
	facts := extractFacts(marked)
	toks := analyse(marked, facts, nil)
	j := clauseJudge{text: text, labels: labels}
	for i, e := range text {
		for k := range e.sentences {
			j.sentences = append(j.sentences, citedSentence{&e.sentences[k], labels[i]})
		}
	}
	for _, t := range contentTerms(toks) {
		if j.foundAnywhere(t.term) {
			j.sentTerms = append(j.sentTerms, t)
		}
	}
	var out []Failure
	for _, c := range splitClauses(marked, toks, facts) {
		out = append(out, j.judge(marked, c)...)
	}
	return out
}

// contentTerms returns the distinct content terms of toks that a
// paraphrase may not add freely, in order.
func contentTerms(toks []tok) []clauseTerm {
	var out []clauseTerm
	seen := map[string]bool{}
	for _, t := range toks {
		if t.term == "" || generic[t.term] || seen[t.term] {
			continue
		}
		seen[t.term] = true
		out = append(out, clauseTerm{term: t.term, word: t.text, idx: len(out)})
	}
	return out
}

func (j *clauseJudge) foundAnywhere(t string) bool {
	for _, e := range j.text {
		if e.canonCount[t] > 0 {
			return true
		}
	}
	for _, s := range j.sentences {
		if lookup(s.s.canon, t) != 0 {
			return true
		}
	}
	return false
}

// topical reports whether a term is what a cited source is about: named
// in its first sentence (a title or heading) or in two of its sentences.
func (j *clauseJudge) topical(t string) bool {
	for _, e := range j.text {
		if e.canonCount[t] >= 2 || len(e.sentences) > 0 && lookup(e.sentences[0].canon, t) != 0 {
			return true
		}
	}
	return false
}

// judge checks one clause: every content term must be in the cited text;
// the terms must be stated together in one source sentence (only leading
// terms naming what the source is about may come from elsewhere); each
// number must sit in the source unit that best matches the clause; and
// polarity and scale words must agree with the best-matching sentences.
func (j *clauseJudge) judge(marked string, c clause) []Failure {
	text := strings.TrimSpace(strings.ReplaceAll(marked[c.start:c.end], string(markerFill), " "))
	text = strings.TrimSpace(strings.Trim(text, ",;: "))
	terms := contentTerms(c.toks)
	var out []Failure
	fail := func(is Issue, detail string) {
		out = append(out, Failure{Clause: text, Issue: is, Detail: detail})
	}
	var found []clauseTerm
	var missing []string
	for _, t := range terms {
		if j.foundAnywhere(t.term) {
			found = append(found, t)
		} else {
			missing = append(missing, strconv.Quote(t.word))
		}
	}
	if len(missing) > 0 {
		fail(MissingTerm, strings.Join(missing, ", ")+" not in "+j.citedLabels())
	}

	// Co-location, and the best-matching sentences.
	colocated := len(found) < 2
	bestN := 0
	var best []citedSentence
	for _, s := range j.sentences {
		n, first := 0, -1
		for _, t := range found {
			if lookup(s.s.canon, t.term) != 0 {
				n++
				if first < 0 {
					first = t.idx
				}
			}
		}
		if n == 0 {
			continue
		}
		// The clause's quantities count towards the best match too.
		for _, f := range c.facts {
			if s.hasFact(f, j) {
				n++
			}
		}
		switch {
		case n > bestN:
			bestN, best = n, append(best[:0], s)
		case n == bestN:
			best = append(best, s)
		}
		if !colocated {
			ok := true
			for _, t := range found {
				if lookup(s.s.canon, t.term) == 0 && (t.idx > first || !j.topical(t.term)) {
					ok = false
					break
				}
			}
			colocated = ok
		}
	}
	if !colocated {
		var words []string
		for _, t := range found {
			words = append(words, strconv.Quote(t.word))
		}
		fail(UnsupportedClause, strings.Join(words, ", ")+" are not stated together in any sentence of "+j.citedLabels())
	}

	// Numbers are bound with the clause's terms and polarity words
	// ("12% more than in 2020": the increase); a clause with no term of
	// its own is bound with those of its sentence.
	var bind []clauseTerm
	if len(terms) == 0 {
		bind = append(bind, j.sentTerms...)
		best = j.bestFor(bind)
	}
	for _, p := range c.toks {
		switch {
		case p.term != "" && !generic[p.term] && j.foundAnywhere(p.term):
			bind = appendTerm(bind, p.term, p.text)
		case p.polar != "" && j.foundAnywhere(p.polar):
			bind = appendTerm(bind, p.polar, p.text)
		}
	}
	for _, f := range c.facts {
		if d := j.misplaced(f, bind); d != "" {
			fail(NumberMismatch, d)
		}
	}
	if len(best) == 0 {
		best = j.sentences
	}
	for k, p := range c.toks {
		if p.polar == "" || p.polar == canonAny && leading(c.toks, k) {
			continue
		}
		if anyHas(best, "#"+p.polar) {
			continue
		}
		anto := ""
		for _, a := range antonyms[p.polar] {
			if anyHas(best, "#"+a) {
				anto = a
				break
			}
		}
		switch {
		case anto != "":
			fail(Antonym, fmt.Sprintf("%q contradicts %s", p.text, best[0].label))
		case scale[p.polar]:
			fail(UnsupportedQuantifier, fmt.Sprintf("%q is not stated in %s", p.text, best[0].label))
		}
	}
	return out
}

func appendTerm(ts []clauseTerm, term, word string) []clauseTerm {
	for _, t := range ts {
		if t.term == term {
			return ts
		}
	}
	return append(ts, clauseTerm{term: term, word: word, idx: len(ts)})
}

// leading reports whether toks[k] opens its clause (after a conjunction
// or pronoun that opened it).
func leading(toks []tok, k int) bool {
	for _, t := range toks[:k] {
		if !clauseWords[strings.ToLower(t.text)] {
			return false
		}
	}
	return true
}

func anyHas(ss []citedSentence, key string) bool {
	for _, s := range ss {
		if s.s.canon[key] != 0 {
			return true
		}
	}
	return false
}

// bestFor returns the cited sentences sharing most of terms.
func (j *clauseJudge) bestFor(terms []clauseTerm) []citedSentence {
	bestN := 0
	var best []citedSentence
	for _, s := range j.sentences {
		n := 0
		for _, t := range terms {
			if lookup(s.s.canon, t.term) != 0 {
				n++
			}
		}
		switch {
		case n == 0 || n < bestN:
		case n > bestN:
			bestN, best = n, append(best[:0], s)
		default:
			best = append(best, s)
		}
	}
	return best
}

// misplaced checks that a quantity found in the cited text is stated about
// what the clause says it is about. The quantity must sit in a source unit
// F (a source clause, see indexUnits) such that no unit sharing more of the
// clause's terms holds a term of the clause that F lacks, unless that term
// leads the clause (its subject, stated earlier in the source sentence).
// "Replace the seal every 250 hours" against "Replace the seal every 1,800
// hours; replace the filter every 250 hours" finds 250 hours only in a
// unit without "seal". It returns a description of the mismatch, or "".
func (j *clauseJudge) misplaced(f fact, bind []clauseTerm) string {
	if len(bind) == 0 || !j.text.factFound(f) {
		return "" // a missing number is reported for the whole sentence
	}
	bind = bind[:min(len(bind), 64)]
	type unitMask struct {
		mask uint64
		n    int
	}
	var units, holders []unitMask
	where := ""
	for _, s := range j.sentences {
		var masks [64]uint64
		top := 0
		for k, t := range bind {
			m := lookup(s.s.canon, t.term)
			for m != 0 {
				u := bits.TrailingZeros64(m)
				masks[u] |= 1 << k
				top = max(top, u+1)
				m &= m - 1
			}
		}
		for u := range top {
			units = append(units, unitMask{masks[u], bits.OnesCount64(masks[u])})
		}
		for _, uf := range s.s.facts {
			if uf.num == f.num && (f.unit == "" || uf.unit == f.unit || uf.unit == "" && j.namesUnit(f.unit)) {
				holders = append(holders, unitMask{masks[uf.in], bits.OnesCount64(masks[uf.in])})
				if where == "" {
					where = s.label
				}
			}
		}
	}
	for _, h := range holders {
		first := bits.TrailingZeros64(h.mask) // 64 when h shares no term
		ok := true
		for _, u := range units {
			// A better-matching unit is harmless when the clause also
			// names something only h states, or when what only it states
			// leads the clause.
			if u.n > h.n && (h.mask == 0 || h.mask&^u.mask == 0 && (u.mask&^h.mask)>>first != 0) {
				ok = false
				break
			}
		}
		if ok {
			return ""
		}
	}
	if len(holders) == 0 {
		return ""
	}
	return fmt.Sprintf("%s is stated in %s about something else", strings.TrimSpace(f.num+" "+f.unit), where)
}

// hasFact reports whether the sentence states f.
func (s citedSentence) hasFact(f fact, j *clauseJudge) bool {
	for _, uf := range s.s.facts {
		if uf.num == f.num && (f.unit == "" || uf.unit == f.unit || uf.unit == "" && j.namesUnit(f.unit)) {
			return true
		}
	}
	return false
}

func (j *clauseJudge) namesUnit(u string) bool {
	for _, e := range j.text {
		if e.units[u] {
			return true
		}
	}
	return false
}

func (j *clauseJudge) citedLabels() string { return strings.Join(j.labels, ", ") }
