package validate

import (
	"math/bits"
	"slices"
	"strings"
)

// posting says that a sentence of a source holds a term, and in which of
// its units (bit u for unit u; units past 63 share bit 63).
type posting struct {
	sent    int
	units   uint64
	clauses uint64 // the same for the sentence's clauses (splitClauses)
}

// postingList is the postings of one term, sorted by sentence, each
// sentence once (sentences are indexed in order).
type postingList struct {
	ps []posting
	// asked: a claim of the answer being validated may look the term up
	// (see query); only sentences holding such a term are indexed.
	asked bool
}

func (e *evidence) add(l *postingList, sent int, bit, cbit uint64) {
	if n := len(l.ps); n > 0 && l.ps[n-1].sent == sent {
		l.ps[n-1].units |= bit
		l.ps[n-1].clauses |= cbit
		return
	}
	if l.ps == nil {
		// Most terms are in a few sentences: start each list with room
		// for 4 postings cut from a shared slab.
		l.ps = e.slab.take(4, false)
	}
	l.ps = append(l.ps, posting{sent, bit, cbit})
}

// wordEntry is where a word of a source goes in its indexes.
type wordEntry struct {
	term  []*postingList // as a content term
	polar []*postingList // as a polarity word
	one   [1]*postingList
	info  *wordInfo
	// asked: the word posts to a list a claim may look up, so a sentence
	// holding it must be indexed.
	asked bool
}

// entry returns the entry of a word as written, recording the word in
// the source's word, stem and unit sets the first time it is seen. A word
// as written has one info (infoOf), so the entry is found by its text: one
// look-up per word of the source.
func (e *evidence) entry(w string) *wordEntry {
	if en := e.seen[w]; en != nil {
		return en
	}
	info := infoOf(w)
	if !info.stop && info.stem == info.lower {
		e.seenWords[info.lower] |= isWord | isStem
	} else {
		e.seenWords[info.lower] |= isWord
		if !info.stop && info.stem != "" {
			addStem(e.seenWords, info.stem)
		}
	}
	if info.joined != "" {
		e.seenWords[info.joined] |= isWord
	}
	if info.unit != "" {
		e.units[info.unit] = true
	}
	en := e.entries.one()
	en.info = info
	switch {
	case info.canon != "" && !strings.Contains(info.canon, "-"):
		en.one[0] = e.list(e.index, info.canon) // the common case, without allocating
		en.term = en.one[:]
	case info.canon != "":
		en.term = e.listsFor(info.canon, "")
	}
	if info.polar != "" {
		en.polar = e.listsFor("", info.polar)
	}
	if e.pruned {
		en.asked = e.phrase && phraseWords[info.lower]
		for _, l := range en.term {
			en.asked = en.asked || l.asked
		}
		for _, l := range en.polar {
			en.asked = en.asked || l.asked
		}
	}
	e.seen[w] = en
	return en
}

// termIndex maps a term to its postings.
type termIndex map[string]*postingList

func (x termIndex) get(t string) []posting {
	if l := x[t]; l != nil {
		return l.ps
	}
	return nil
}

func (e *evidence) list(index termIndex, t string) *postingList {
	l := index[t]
	if l == nil {
		l = e.lists.one()
		index[t] = l
	}
	return l
}

// listsFor returns the posting lists a word goes to: its term, and for a
// hyphenated one its joined form and its parts, so "high-pressure" and
// "high pressure" meet; a polarity word goes to the polarity index and,
// as a term, to the term index too ("at least" states a minimum, "more"
// an increase).
func (e *evidence) listsFor(term, polar string) []*postingList {
	if polar == "" && !strings.Contains(term, "-") {
		return []*postingList{e.list(e.index, term)} // the common case
	}
	var out []*postingList
	add := func(index termIndex, t string) {
		l := e.list(index, t)
		for _, x := range out {
			if x == l {
				return
			}
		}
		out = append(out, l)
	}
	if term != "" {
		add(e.index, term)
		if strings.Contains(term, "-") {
			add(e.index, strings.ReplaceAll(term, "-", ""))
			for part := range strings.SplitSeq(term, "-") {
				if part != "" {
					add(e.index, part)
					if c := infoOf(part).canon; c != "" {
						add(e.index, c)
					}
				}
			}
		}
	}
	if polar != "" {
		add(e.polar, polar)
		add(e.index, polar)
	}
	return out
}

// indexSentence adds the analysed words of sentence sent to e's indexes
// and records in es its quantities with their units and, when it has
// more than one part (see evidenceSentence.semis), what each part holds
// (indexParts). The units of a sentence are its clauses joined back together, except that
// a semicolon always starts a new unit, and so does a clause stating a
// quantity of its own after a unit that already states one ("replace the
// seal every 1,800 hours and the filter every 250 hours"): a number is
// bound to the unit it is stated in.
func (e *evidence) indexSentence(sent int, s string, toks []tok, facts []fact, es *evidenceSentence) {
	var ufacts []unitFact
	unit, unitHasFact, unitHasTerm := 0, false, false
	e.clauses = appendClauses(e.clauses[:0], s, toks, facts)
	for ci, c := range e.clauses {
		hasTerm := false
		for _, t := range c.toks {
			hasTerm = hasTerm || t.term != ""
		}
		own := hasTerm && len(c.facts) > 0
		if ci > 0 && (c.afterSemi || own && unitHasFact && unitHasTerm) {
			unit = min(unit+1, 63)
			unitHasFact, unitHasTerm = false, false
		}
		bit, cbit := uint64(1)<<unit, uint64(1)<<min(ci, 63)
		if ci > 0 && c.afterSemi {
			es.semis |= cbit
		}
		for _, t := range c.toks {
			if t.term == "" && t.polar == "" {
				continue
			}
			// Most words recur: their index entries are found through
			// the word's entry, without hashing the term again.
			en := t.en
			if t.term != "" {
				for _, l := range en.term {
					e.add(l, sent, bit, cbit)
				}
			}
			switch {
			case t.polar == "":
			case t.polar == t.info.polar:
				for _, l := range en.polar {
					e.add(l, sent, bit, cbit)
				}
			default: // a phrase: "at least", "up to"
				for _, l := range e.listsFor("", t.polar) {
					e.add(l, sent, bit, cbit)
				}
			}
		}
		for _, f := range c.facts {
			ufacts = append(ufacts, unitFact{fact: f, in: unit})
		}
		unitHasFact = unitHasFact || len(c.facts) > 0
		unitHasTerm = unitHasTerm || hasTerm
	}
	if es.semis != 0 {
		e.indexParts(s, toks, es)
	}
	es.facts = ufacts
}

// indexParts records in es which parts of its sentence s (its clauses,
// e.clauses, which share out toks in order, split where es.semis says)
// hold content terms and negation cues, and how many distinct terms the
// first parts hold. A sentence of one part needs none of it: its cues
// are es.negations.
func (e *evidence) indexParts(s string, toks []tok, es *evidenceSentence) {
	seg, from, at := 0, 0, 0
	for ci, c := range e.clauses {
		if ci > 0 && c.afterSemi {
			es.countSegTerms(seg, toks[from:at])
			seg, from = min(seg+1, 63), at
		}
		at += len(c.toks)
		if slices.ContainsFunc(c.toks, func(t tok) bool { return t.term != "" }) {
			es.termSegs |= 1 << seg
		}
		switch negationsOf(s, c.toks) {
		case 0:
		case 1:
			es.negSegs |= 1 << seg
		default:
			es.negSegs |= 1 << seg
			es.negSegs2 |= 1 << seg
		}
	}
	es.countSegTerms(seg, toks[from:at])
}

// postings returns the sentences of e holding term t: as a whole, or for a
// hyphenated term joined or with every part in the sentence.
func (e *evidence) postings(t string) []posting {
	if ps := e.index.get(t); len(ps) > 0 || !strings.Contains(t, "-") {
		return ps
	}
	if ps := e.index.get(strings.ReplaceAll(t, "-", "")); len(ps) > 0 {
		return ps
	}
	var out []posting
	first := true
	for part := range strings.SplitSeq(t, "-") {
		if part == "" {
			continue
		}
		ps := e.index.get(part)
		if c := infoOf(part).canon; len(ps) == 0 && c != "" {
			ps = e.index.get(c)
		}
		if first {
			out, first = append(out, ps...), false
			continue
		}
		out = intersect(out, ps)
	}
	return out
}

// intersect keeps the sentences of a that b holds, joining their units.
func intersect(a, b []posting) []posting {
	out := a[:0]
	j := 0
	for _, p := range a {
		for j < len(b) && b[j].sent < p.sent {
			j++
		}
		if j < len(b) && b[j].sent == p.sent {
			out = append(out, posting{p.sent, p.units | b[j].units, p.clauses | b[j].clauses})
		}
	}
	return out
}

// polarIn returns the clauses of sentence sent holding polarity id (0
// when none does).
func polarIn(e *evidence, id string, sent int) uint64 {
	for _, p := range e.polar.get(id) {
		if p.sent == sent {
			return p.clauses
		}
		if p.sent > sent {
			break
		}
	}
	return 0
}

// sentRef names a sentence of a cited source.
type sentRef struct {
	src  int // index into the cited list
	sent int
}

// candidate is a cited sentence sharing terms with a query, with the units
// holding each of the query's terms.
type candidate struct {
	sentRef
	terms   uint64   // bit k: query term k is in the sentence
	units   []uint64 // units[k]: the units holding term k
	clauses []uint64 // clauses[k]: the clauses holding term k
}

func (c *candidate) n() int { return bits.OnesCount64(c.terms) }

// gather returns the cited sentences holding any of terms (at most 64).
func (c cited) gather(terms []string) []*candidate {
	terms = terms[:min(len(terms), 64)]
	var out []*candidate
	at := map[sentRef]*candidate{}
	// Candidates and their masks are cut from slabs: there are many.
	var cds []candidate
	var masks []uint64
	for k, t := range terms {
		for ei, e := range c {
			for _, p := range e.postings(t) {
				ref := sentRef{ei, p.sent}
				cd := at[ref]
				if cd == nil {
					if len(cds) == cap(cds) {
						cds = make([]candidate, 0, 16)
					}
					if len(masks)+2*len(terms) > cap(masks) {
						masks = make([]uint64, 0, 32*len(terms))
					}
					n := len(masks)
					masks = masks[:n+2*len(terms)]
					cds = append(cds, candidate{sentRef: ref, units: masks[n : n+len(terms) : n+len(terms)], clauses: masks[n+len(terms) : n+2*len(terms) : n+2*len(terms)]})
					cd = &cds[len(cds)-1]
					at[ref] = cd
					out = append(out, cd)
				}
				cd.terms |= 1 << k
				cd.units[k] |= p.units
				cd.clauses[k] |= p.clauses
			}
		}
	}
	return out
}
