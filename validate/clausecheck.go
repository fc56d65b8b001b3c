package validate

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// clauseJudge holds what the clauses of one claim sentence are judged
// against: its cited sources.
type clauseJudge struct {
	text   cited
	labels []string
	// sentTerms are the found content terms of the whole claim sentence,
	// used where a clause has none of its own.
	sentTerms []clauseTerm
}

// clauseTerm is a content term of a claim clause.
type clauseTerm struct {
	term, word string
}

// checkClauses splits a claim (markers replaced by markerFill, URLs
// blanked) into clauses and judges each against the cited text.
func checkClauses(marked string, text cited, labels []string) []Failure {
	facts := extractFacts(marked)
	toks := analyse(marked, facts)
	j := clauseJudge{text: text, labels: labels}
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
	for _, t := range toks {
		if t.term != "" && !generic[t.term] {
			out = appendTerm(out, t.term, t.text)
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
	return append(ts, clauseTerm{term: term, word: word})
}

func termsOf(ts []clauseTerm) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.term
	}
	return out
}

func (j *clauseJudge) foundAnywhere(t string) bool {
	for _, e := range j.text {
		if len(e.postings(t)) > 0 {
			return true
		}
	}
	return false
}

// topical reports whether a term is what a cited source is about: named
// in its first sentence (a title or heading) or in two of its sentences.
func (j *clauseJudge) topical(t string) bool {
	for _, e := range j.text {
		if ps := e.postings(t); len(ps) >= 2 || len(ps) == 1 && ps[0].sent == 0 {
			return true
		}
	}
	return false
}

// judge checks one clause: every content term must be in the cited text;
// the terms must be stated together in one source sentence (only leading
// terms naming what the source is about may come from elsewhere); each
// number must sit in the source unit that matches the clause; and polarity
// and scale words must agree with the best-matching sentences.
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

	// Co-location, and the best-matching sentences (the clause's
	// quantities count towards the match too).
	query := found
	if len(terms) == 0 {
		query = j.sentTerms
	}
	cands := j.text.gather(termsOf(query))
	colocated := len(found) < 2
	bestN := 0
	var best []*candidate
	for _, cd := range cands {
		n := cd.n()
		for _, f := range c.facts {
			if j.hasFact(cd.sentRef, f) {
				n++
			}
		}
		switch {
		case n > bestN:
			bestN, best = n, append(best[:0], cd)
		case n == bestN:
			best = append(best, cd)
		}
		if !colocated {
			colocated = j.colocated(cd, found)
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
	if len(c.facts) > 0 {
		var bind []clauseTerm
		if len(terms) == 0 {
			bind = append(bind, j.sentTerms...)
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
	}

	for k, p := range c.toks {
		if p.polar == "" || p.polar == canonAny && leading(c.toks, k) {
			continue
		}
		if j.anyPolar(best, p.polar) {
			continue
		}
		anto := false
		for _, a := range antonyms[p.polar] {
			if j.anyPolar(best, a) {
				anto = true
				break
			}
		}
		switch {
		case anto:
			fail(Antonym, fmt.Sprintf("%q contradicts %s", p.text, j.bestLabel(best)))
		case scale[p.polar]:
			fail(UnsupportedQuantifier, fmt.Sprintf("%q is not stated in %s", p.text, j.bestLabel(best)))
		}
	}
	return out
}

// colocated reports whether cd states the found terms of a clause
// together: every term it lacks must lead the clause (come before the
// first term it holds) and name what a cited source is about.
func (j *clauseJudge) colocated(cd *candidate, found []clauseTerm) bool {
	first := bits.TrailingZeros64(cd.terms)
	for k, t := range found {
		if cd.terms&(1<<k) == 0 && (k > first || !j.topical(t.term)) {
			return false
		}
	}
	return true
}

// anyPolar reports whether one of the best sentences holds polarity id;
// with no best sentence, whether any cited sentence does.
func (j *clauseJudge) anyPolar(best []*candidate, id string) bool {
	if len(best) == 0 {
		for _, e := range j.text {
			if len(e.polar.get(id)) > 0 {
				return true
			}
		}
		return false
	}
	for _, cd := range best {
		if hasPolar(j.text[cd.src], id, cd.sent) {
			return true
		}
	}
	return false
}

func (j *clauseJudge) bestLabel(best []*candidate) string {
	if len(best) == 0 {
		return j.citedLabels()
	}
	return j.labels[best[0].src]
}

// leading reports whether toks[k] opens its clause (after a conjunction
// or pronoun that opened it).
func leading(toks []tok, k int) bool {
	for _, t := range toks[:k] {
		if !t.info.clause {
			return false
		}
	}
	return true
}

// misplaced checks that a quantity found in the cited text is stated about
// what the clause says it is about. The quantity must sit in a source unit
// F (a source clause, see indexSentence) such that no unit sharing more of
// the clause's terms holds a term of the clause that F lacks, unless the
// clause also names something only F states, or the terms F lacks lead
// the clause (its subject, stated earlier in the source sentence).
// "Replace the seal every 250 hours" against "Replace the seal every 1,800
// hours; replace the filter every 250 hours" finds 250 hours only in a
// unit without "seal". It returns a description of the mismatch, or "".
func (j *clauseJudge) misplaced(f fact, bind []clauseTerm) string {
	if len(bind) == 0 || !j.text.factFound(f) {
		return "" // a missing number is reported for the whole sentence
	}
	type unitMask struct {
		mask uint64
		n    int
	}
	// Unit term masks of every candidate sentence.
	var units []unitMask
	masks := map[sentRef][]uint64{}
	for _, cd := range j.text.gather(termsOf(bind)) {
		var m [64]uint64
		top := 0
		for k, um := range cd.units {
			for um != 0 {
				u := bits.TrailingZeros64(um)
				m[u] |= 1 << k
				top = max(top, u+1)
				um &= um - 1
			}
		}
		masks[cd.sentRef] = m[:top:top]
		for _, x := range m[:top] {
			units = append(units, unitMask{x, bits.OnesCount64(x)})
		}
	}
	var holders []unitMask
	where := ""
	for src, e := range j.text {
		for sent, es := range e.sentences {
			for _, uf := range es.facts {
				if !j.sameFact(uf, f) {
					continue
				}
				var h uint64
				if m := masks[sentRef{src, sent}]; uf.in < len(m) {
					h = m[uf.in]
				}
				holders = append(holders, unitMask{h, bits.OnesCount64(h)})
				if where == "" {
					where = j.labels[src]
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

// sameFact reports whether a source quantity is f: the same number, with
// the same unit, or with none when f has none; a bare source number
// matches a unit the source names elsewhere (as factFound does).
func (j *clauseJudge) sameFact(uf unitFact, f fact) bool {
	return uf.num == f.num && (f.unit == "" || uf.unit == f.unit || uf.unit == "" && j.namesUnit(f.unit))
}

// hasFact reports whether the sentence states f.
func (j *clauseJudge) hasFact(ref sentRef, f fact) bool {
	for _, uf := range j.text[ref.src].sentences[ref.sent].facts {
		if j.sameFact(uf, f) {
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
