package validate

import (
	"fmt"
	"math/bits"
	"slices"
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
	// sentPolar holds the polarity ids of the whole claim sentence.
	sentPolar map[string]bool
}

// clauseTerm is a content term of a claim clause.
type clauseTerm struct {
	term, word string
}

// checkClauses splits a claim (markers replaced by markerFill, URLs
// blanked) into clauses and judges each against the cited text.
func checkClauses(marked string, text cited, labels []string) ([]Failure, []sentRef) {
	facts := extractFacts(marked)
	toks := analyse(marked, facts)
	j := clauseJudge{text: text, labels: labels}
	for _, t := range contentTerms(toks) {
		if j.foundAnywhere(t.term) {
			j.sentTerms = append(j.sentTerms, t)
		}
	}
	for _, t := range toks {
		if t.polar != "" {
			if j.sentPolar == nil {
				j.sentPolar = map[string]bool{}
			}
			j.sentPolar[t.polar] = true
		}
	}
	var out []Failure
	var support []sentRef
	var prev []*candidate // the best sentences of the clause before
	for _, c := range splitClauses(marked, toks, facts) {
		fails, best, cands := j.judge(marked, c)
		if len(fails) == 0 && relates(c) && len(prev) > 0 && len(cands) > 0 && !j.near(prev, cands) {
			fails = append(fails, Failure{Clause: clauseText(marked, c), Issue: UnsupportedClause, Detail: "stated apart from what it follows in " + j.citedLabels()})
		}
		out = append(out, fails...)
		if len(fails) == 0 && best != nil && !slices.Contains(support, *best) {
			support = append(support, *best)
		}
		if len(cands) > 0 {
			prev = cands
		}
	}
	return out, support
}

// clauseText is clause c of marked as a Failure quotes it: markers
// blanked, edge punctuation trimmed.
func clauseText(marked string, c clause) string {
	text := strings.TrimSpace(strings.ReplaceAll(marked[c.start:c.end], string(markerFill), " "))
	return strings.TrimSpace(strings.Trim(text, ",;:.!? "))
}

// relationWords open a clause that says how it follows from the clause
// before: in time ("and then switches the unit off"), from a starting
// point ("starting from the date of installation") or as a cause. Such a
// clause restates one source passage with the clause it follows; words
// the source states together elsewhere do not support the relation.
var relationWords = map[string]bool{
	"then": true, "afterwards": true, "thereafter": true, "starting": true, "beginning": true,
	"because": true, "therefore": true, "thus": true, "hence": true,
}

// relates reports whether clause c opens with a relation word, after an
// optional "and".
func relates(c clause) bool {
	for i, t := range c.toks {
		switch {
		case relationWords[t.info.lower]:
			return true
		case i == 0 && t.info.lower == "and":
		default:
			return false
		}
	}
	return false
}

// sectionSentences is how far apart, in sentences of one source with no
// Markdown heading between, a clause and the clause it follows may be
// supported: the steps of one procedure ("Replace the filters every 6
// months, then reset the filter alarm", a section's first sentence and
// its last step), not two sections.
const sectionSentences = 12

// near reports whether some best sentence of a is near some best sentence
// of b: in the same source and section, at most sectionSentences apart.
func (j *clauseJudge) near(a, b []*candidate) bool {
	for _, x := range a {
		for _, y := range b {
			lo, hi := min(x.sent, y.sent), max(x.sent, y.sent)
			if x.src == y.src && hi-lo <= sectionSentences &&
				!slices.ContainsFunc(j.text[x.src].sentences[lo+1:hi+1], func(es evidenceSentence) bool { return es.heading }) {
				return true
			}
		}
	}
	return false
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
// the terms must be stated together in one source sentence (only words of
// a source's title, or leading terms naming what the source is about, may
// come from elsewhere); each
// number must sit in the source unit that matches the clause; and polarity
// and scale words must agree with the best-matching sentences.
//
// It also returns the cited sentence that matches the clause best (most
// shared terms and quantities, first in citation order), nil if none does,
// and every sentence tied for best.
func (j *clauseJudge) judge(marked string, c clause) ([]Failure, *sentRef, []*candidate) {
	text := clauseText(marked, c)
	terms := contentTerms(c.toks)
	var out []Failure
	fail := func(is Issue, detail string) {
		out = append(out, Failure{Clause: text, Issue: is, Detail: detail})
	}
	var found []clauseTerm
	var missing []string
	bare := false // a number without its unit: a unit word may be its
	for _, f := range c.facts {
		bare = bare || f.unit == ""
	}
	for _, t := range terms {
		if u := infoOf(t.word).unit; bare && u != "" && j.namesUnit(u) {
			continue // "36 operating hours" against "36 hours of operation"
		}
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
	// A polarity or scale word ("maximum") never names what a source is
	// about, so it cannot lead a clause from another sentence.
	polarTerms := map[string]bool{}
	for _, p := range c.toks {
		if p.polar != "" && p.term != "" {
			polarTerms[p.term] = true
		}
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
			colocated = j.colocated(cd, found, polarTerms)
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
			if d := j.misplaced(f, bind, len(terms) == 0, len(c.facts) == 1); d != "" {
				fail(NumberMismatch, d)
			}
		}
		if len(c.facts) > 1 && len(out) == 0 && !j.statedTogether(c.facts) {
			fail(NumberMismatch, "its quantities are not stated together in any sentence of "+j.citedLabels())
		}
	}

	var bestCl []clauseRef
	for k, p := range c.toks {
		if p.polar == "" || p.polar == canonAny && leading(c.toks, k) {
			continue
		}
		present := j.anyPolar(best, p.polar)
		anto := false
		for _, a := range antonyms[p.polar] {
			// A sentence that states both poles ("after contact, rinse …
			// before applying the gel") reorders them, which words alone
			// cannot judge.
			if !present && !j.sentPolar[a] && j.anyPolar(best, a) {
				anto = true
				break
			}
		}
		if present && !anto && antonyms[p.polar] != nil {
			// The sentence states both words ("disabled by default and
			// must be enabled"): compare with its best-matching clause.
			if bestCl == nil {
				bestCl = bestClauses(best)
			}
			anto = contradictsClause(j, bestCl, p.polar)
		}
		switch {
		case anto:
			fail(Antonym, fmt.Sprintf("%q contradicts %s", p.text, j.bestLabel(best)))
		case !present && scale[p.polar]:
			fail(UnsupportedQuantifier, fmt.Sprintf("%q is not stated in %s", p.text, j.bestLabel(best)))
		}
	}
	if bestN == 0 {
		return out, nil, nil
	}
	top := best[0].sentRef
	for _, cd := range best[1:] {
		if cd.src < top.src || cd.src == top.src && cd.sent < top.sent {
			top = cd.sentRef
		}
	}
	return out, &top, best
}

// clauseRef is a clause of a cited sentence.
type clauseRef struct {
	cd   *candidate
	mask uint64 // bit of the clause
}

// bestClauses returns the clauses of the best sentences that share most
// query terms.
func bestClauses(best []*candidate) []clauseRef {
	var out []clauseRef
	top := 0
	for _, cd := range best {
		var counts [64]int
		for _, m := range cd.clauses {
			for m != 0 {
				counts[bits.TrailingZeros64(m)]++
				m &= m - 1
			}
		}
		for cl, n := range counts {
			switch {
			case n == 0 || n < top:
			case n > top:
				top, out = n, append(out[:0], clauseRef{cd, 1 << cl})
			default:
				out = append(out, clauseRef{cd, 1 << cl})
			}
		}
	}
	return out
}

// contradictsClause reports whether no best clause holds polarity id and
// one holds an antonym of it.
func contradictsClause(j *clauseJudge, cls []clauseRef, id string) bool {
	anto := false
	for _, cl := range cls {
		e := j.text[cl.cd.src]
		if polarOrSibling(e, id, cl.cd.sent)&cl.mask != 0 {
			return false
		}
		for _, a := range antonyms[id] {
			anto = anto || polarIn(e, a, cl.cd.sent)&cl.mask != 0
		}
	}
	return anto
}

// colocated reports whether cd states the found terms of a clause
// together: every term it lacks must be named in a cited source's title
// (its first sentence: the product or subject) or lead the clause (come
// before the first term it holds) and name what the source is about. An
// action (actionWords) never leads so: what a manual says to replace or
// check is the object it names, and "Replace the heat exchanger core" is
// not stated by a manual about replacing filters that also speaks of the
// core.
func (j *clauseJudge) colocated(cd *candidate, found []clauseTerm, polar map[string]bool) bool {
	first := bits.TrailingZeros64(cd.terms)
	for k, t := range found {
		if cd.terms&(1<<k) == 0 && !j.inTitle(t.term) && (k > first || polar[t.term] || actions[t.term] || !j.topical(t.term)) {
			return false
		}
	}
	return true
}

// inTitle reports whether a cited source's first sentence holds t.
func (j *clauseJudge) inTitle(t string) bool {
	for _, e := range j.text {
		if ps := e.postings(t); len(ps) > 0 && ps[0].sent == 0 {
			return true
		}
	}
	return false
}

// anyPolar reports whether one of the best sentences holds polarity id;
// with no best sentence, whether any cited sentence does.
func (j *clauseJudge) anyPolar(best []*candidate, id string) bool {
	if len(best) == 0 {
		for _, e := range j.text {
			if len(e.polar.get(id)) > 0 || siblings[id] != "" && len(e.polar.get(siblings[id])) > 0 {
				return true
			}
		}
		return false
	}
	for _, cd := range best {
		if polarOrSibling(j.text[cd.src], id, cd.sent) != 0 {
			return true
		}
	}
	return false
}

// polarOrSibling is polarIn for id or its sibling group.
func polarOrSibling(e *evidence, id string, sent int) uint64 {
	m := polarIn(e, id, sent)
	if sib := siblings[id]; sib != "" {
		m |= polarIn(e, sib, sent)
	}
	return m
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
//
// whole is set when the clause names nothing of its own ("For Go 1.23, it
// defaults to …"): it modifies its sentence, so the number is bound at
// sentence level (every clause of a source sentence counts as one unit).
//
// single is set when f is the clause's only quantity. Then F may not lack
// a term of the clause that a later unit of its sentence holds beside a
// quantity of its own: "a warranty of 5 years on the unit and 2 years on
// the control panel" does not give the control panel 5 years. (A term of
// an earlier unit is the sentence's subject: "warranty" for the panel's 2
// years.)
func (j *clauseJudge) misplaced(f fact, bind []clauseTerm, whole, single bool) string {
	if len(bind) == 0 || !j.text.factFound(f) {
		return "" // a missing number is reported for the whole sentence
	}
	type unitMask struct {
		ref  sentRef
		mask uint64
		n    int
		in   int // a holder's unit
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
		if whole {
			var all uint64
			for _, x := range m[:top] {
				all |= x
			}
			for u := range m[:top] {
				m[u] = all
			}
			top = min(top, 1)
		}
		masks[cd.sentRef] = m[:top:top]
		for _, x := range m[:top] {
			units = append(units, unitMask{ref: cd.sentRef, mask: x, n: bits.OnesCount64(x)})
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
				if sent == 0 && e.heading {
					return "" // stated in the heading: about the whole source ("Annual report 2022")
				}
				var h uint64
				m := masks[sentRef{src, sent}]
				switch {
				case whole && len(m) > 0:
					h = m[0]
				case uf.in < len(m):
					h = m[uf.in]
				}
				holders = append(holders, unitMask{sentRef{src, sent}, h, bits.OnesCount64(h), uf.in})
				if where == "" {
					where = j.labels[src]
				}
			}
		}
	}
	// subject reports whether the terms of extra may be the subject of h:
	// leading the clause and, unless stated earlier in h's own sentence,
	// named in a source's title.
	subject := func(h unitMask, u unitMask) bool {
		first := bits.TrailingZeros64(h.mask) // 64 when h shares no term
		extra := u.mask &^ h.mask
		if extra>>first != 0 {
			return false
		}
		if u.ref == h.ref {
			return true
		}
		for extra != 0 {
			k := bits.TrailingZeros64(extra)
			if !j.inTitle(bind[k].term) {
				return false
			}
			extra &= extra - 1
		}
		return true
	}
	// laterOwner reports whether a later unit of h's sentence holds a
	// clause term that h lacks, beside a quantity other than f.
	laterOwner := func(h unitMask) bool {
		if whole || !single {
			return false
		}
		m := masks[h.ref]
		lack := (uint64(1)<<min(len(bind), 63) - 1) &^ h.mask
		for _, uf := range j.text[h.ref.src].sentences[h.ref.sent].facts {
			if uf.in > h.in && uf.in < len(m) && m[uf.in]&lack != 0 && !j.sameFact(uf, f) {
				return true
			}
		}
		return false
	}
	for _, h := range holders {
		ok := !laterOwner(h)
		for _, u := range units {
			if !ok {
				break
			}
			// A better-matching unit is harmless when the clause also
			// names something only h states, or when what only it states
			// is the clause's subject.
			if u.n > h.n && (h.mask == 0 || h.mask&^u.mask == 0 && !subject(h, u)) {
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

// statedTogether reports whether one cited sentence states every quantity
// of fs (or a source's heading does some of them, for its whole text): a
// clause joining two quantities states how they belong together, and
// "Speed 2 is 60 m3/h" is not stated by "Speed 1 (60 m3/h) …. Speed 2
// (150 m3/h) …". A quantity missing from every source is reported for the
// whole sentence: it is not looked for here.
func (j *clauseJudge) statedTogether(fs []fact) bool {
	var found []fact
	for _, f := range fs {
		if j.text.factFound(f) {
			found = append(found, f)
		}
	}
	if len(found) < 2 {
		return true
	}
	for _, e := range j.text {
		var head []unitFact
		if e.heading && len(e.sentences) > 0 {
			head = e.sentences[0].facts
		}
		for _, es := range e.sentences {
			all := true
			for _, f := range found {
				if !slices.ContainsFunc(es.facts, func(uf unitFact) bool { return j.sameFact(uf, f) }) &&
					!slices.ContainsFunc(head, func(uf unitFact) bool { return j.sameFact(uf, f) }) {
					all = false
					break
				}
			}
			if all {
				return true
			}
		}
	}
	return false
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
