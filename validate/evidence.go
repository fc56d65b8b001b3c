package validate

import (
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// evidence indexes the text of one source for the support checks.
type evidence struct {
	// seenWords holds lower-cased words and their variants (isWord) and
	// stemmed content terms with hyphen parts (isStem), in one map because
	// most words are their own stem.
	seenWords map[string]uint8
	facts     map[fact]bool   // numbers with their units ("" for none), offsets zero; {num, "*"}: the number with any unit
	units     map[string]bool // units named anywhere, with or without a number
	sentences []evidenceSentence
	// index maps canonical content terms (with hyphen parts) to the
	// sentences and units holding them; polar does the same for polarity
	// and scale words.
	index termIndex
	polar termIndex
	// heading: the first sentence is a heading (a "#" line, or a short line
	// without a full stop), whose numbers hold for the whole source.
	heading bool
	seen    map[string]*wordEntry // by the word as written
	ens     []*wordEntry          // the entries of a sentence's words
	factBuf []fact                // the quantities of a sentence
	// entries and lists are slabs that entries and posting lists are
	// allocated from: there is one of each per distinct word; slab holds
	// the first postings of each list.
	entries slab[wordEntry]
	lists   slab[postingList]
	slab    slab[posting]
	clauses []clause // splitClauses' buffer
	// pruned: only the sentences a query reaches are analysed (see
	// newEvidenceFor); phrase: the query asks for a polarity that a
	// phrase ("at least", "up to") states.
	pruned, phrase bool
}

type evidenceSentence struct {
	negations int
	terms     int // distinct content terms (see polarityMatches)
	// semis marks the clauses (bit i: clause i, as indexSentence splits
	// them) that open a part: after a semicolon, a full stop inside the
	// sentence or before "but". termSegs marks the parts (bit i: part i)
	// holding a content term; negSegs those holding a negation cue,
	// negSegs2 those holding two or more.
	semis, termSegs, negSegs, negSegs2 uint64
	// segTerms counts the distinct content terms of the first parts.
	segTerms   [8]uint8
	facts      []unitFact
	start, end int  // byte offsets in the source text
	heading    bool // a Markdown heading line: it names a topic, it is no evidence
}

// unitFact is a quantity of a source sentence and the unit it is stated in.
type unitFact struct {
	fact
	in int
}

// newEvidence indexes every sentence of text.
func newEvidence(text string) *evidence { return newEvidenceFor(text, nil) }

// newEvidenceFor indexes text for the claims that qs describe (one query
// per claim citing it); nil qs means for any claim. Every word still goes
// to the word, stem and unit sets and every quantity to the fact sets,
// which are cheap; but the costly per-sentence analysis (clauses, units,
// postings, negations) is done only for the sentences a claim can reach:
// the first (a title or heading), those holding a term or polarity word a
// query asks for (or a phrase word when one asks for a phrase's
// polarity), and those stating a number of a query. Every look-up of
// these claims then answers as over the full index, since the sentences
// left out hold nothing they look up; the sentences keep their indices
// and offsets.
func newEvidenceFor(text string, qs []*query) *evidence {
	e := getEvidence(len(text))
	if qs != nil {
		e.pruned = true
		for _, q := range qs {
			e.ask(q)
		}
	}
	var an analyser
	spans := withBlockLines(textutil.Sentences(text), text)
	e.sentences = slices.Grow(e.sentences[:0], len(spans))
	// One pass per sentence: every word is looked up once (infoOf).
	for _, sp := range spans {
		s := text[sp.Start:sp.End]
		e.factBuf = appendFacts(e.factBuf[:0], s)
		facts := e.factBuf
		reach := !e.pruned || len(e.sentences) == 0
		for _, f := range facts {
			e.facts[fact{num: f.num, unit: f.unit}] = true
			e.facts[fact{num: f.num, unit: "*"}] = true
			if f.unit != "" {
				e.units[f.unit] = true
			}
			for _, q := range qs {
				reach = reach || q.nums[f.num]
			}
		}
		an.words = appendWords(an.words[:0], s)
		e.ens = e.ens[:0]
		for _, w := range an.words {
			// Words not in any clause still name entities.
			en := e.entry(w.text)
			e.ens = append(e.ens, en)
			reach = reach || en.asked
		}
		es := evidenceSentence{start: sp.Start, end: sp.End, heading: strings.HasPrefix(strings.TrimSpace(s), "#")}
		if reach {
			toks := an.analyseWords(s, an.words, facts, e.ens)
			if len(e.sentences) == 0 {
				e.heading = isHeading(s, len(toks))
			}
			es.negations = negationsOf(s, toks)
			es.terms = distinctTerms(toks)
			e.indexSentence(len(e.sentences), s, toks, facts, &es)
		}
		e.sentences = append(e.sentences, es)
	}
	return e
}

// distinctTerms counts the different content terms of toks.
func distinctTerms(toks []tok) int {
	n := 0
	for i, t := range toks {
		if t.term != "" && !slices.ContainsFunc(toks[:i], func(u tok) bool { return u.term == t.term }) {
			n++
		}
	}
	return n
}

// ask marks the posting lists q may look up.
func (e *evidence) ask(q *query) {
	for t := range q.terms {
		e.list(e.index, t).asked = true
	}
	for p := range q.polar {
		e.list(e.polar, p).asked = true
	}
	for _, id := range phraseIDs {
		e.phrase = e.phrase || q.terms[id] || q.polar[id]
	}
}

// evidencePool holds indexes a Validate call has finished with: their
// maps and slabs are most of what indexing allocates.
var evidencePool = sync.Pool{New: func() any { return new(evidence) }}

// getEvidence returns an empty index for a text of n bytes, reusing a
// pooled one's maps and slabs.
func getEvidence(n int) *evidence {
	e := evidencePool.Get().(*evidence)
	if e.seenWords == nil {
		// Maps sized for the distinct words of a text of this length, so
		// that they are not rehashed while filled.
		k := n/16 + 8
		e.seenWords = make(map[string]uint8, k)
		e.facts = make(map[fact]bool, k/4)
		e.units = map[string]bool{}
		e.index = make(termIndex, k)
		e.polar = termIndex{}
		e.seen = make(map[string]*wordEntry, k)
		e.entries.size, e.lists.size, e.slab.size = 64, 64, 512
	}
	return e
}

// putEvidence returns an index to the pool. Nothing may use it, nor
// anything taken from its slabs, afterwards.
func putEvidence(e *evidence) {
	clear(e.seenWords)
	clear(e.facts)
	clear(e.units)
	clear(e.index)
	clear(e.polar)
	clear(e.seen)
	e.entries.reset()
	e.lists.reset()
	e.slab.reset()
	clear(e.ens[:cap(e.ens)])
	clear(e.sentences[:cap(e.sentences)])
	clear(e.clauses[:cap(e.clauses)])
	e.sentences, e.ens, e.factBuf, e.clauses = e.sentences[:0], e.ens[:0], e.factBuf[:0], e.clauses[:0]
	e.heading, e.pruned, e.phrase = false, false, false
	evidencePool.Put(e)
}

// isHeading reports whether a source's first sentence is a heading.
func isHeading(s string, words int) bool {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "#") {
		return true
	}
	return words <= 12 && !strings.ContainsAny(s[len(s)-1:], ".!?:;")
}

// addStem adds a stemmed term and, for a hyphenated one, its joined form
// and parts, so "high-pressure" and "high pressure" meet.
func addStem(set map[string]uint8, t string) {
	set[t] |= isStem
	if !strings.Contains(t, "-") {
		return
	}
	set[strings.ReplaceAll(t, "-", "")] |= isStem
	for part := range strings.SplitSeq(t, "-") {
		if part != "" {
			set[part] |= isStem
			set[infoOf(part).stem] |= isStem
		}
	}
}

// Flags of evidence.seenWords.
const (
	isWord uint8 = 1 << iota
	isStem
)

// cited is the union of the evidence of a sentence's cited sources.
type cited []*evidence

func (c cited) hasTerm(t string) bool {
	for _, e := range c {
		if e.seenWords[t]&isStem != 0 {
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
		if e.seenWords[w]&isWord != 0 {
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
		switch {
		case !e.facts[fact{num: f.num, unit: "*"}]:
		case f.unit == "" || e.facts[fact{num: f.num, unit: f.unit}]:
			return true
		case e.facts[fact{num: f.num}] && e.units[f.unit]:
			return true
		}
	}
	return false
}

// polarityMatches compares the negation cues of a sentence with those of
// its best-matching source sentences: most shared canonical terms, then
// fewest terms of their own beyond those. Cues are counted, not just
// detected, so that flipping one of two negations ("requires … and
// cannot" → "does not require … and cannot") is seen. Short claims share
// their few terms with many sentences: "The default value is not 1"
// shares "default" and "value" with "The default value is 1." and with
// "If this clause is not supplied, default values will be used."; the
// first says nothing else, so it is the one compared. In a sentence with
// semicolons only the parts the claim restates count, for what it says
// beyond the claim and for its cues (see restated). It reports
// true when no source sentence shares a term (nothing to compare), or
// when any of the tied best sentences has as many cues, so a verbatim
// quote always matches its own sentence.
func (c cited) polarityMatches(terms []string, negs int) bool {
	best, extra, match := 0, 0, false
	for _, cd := range c.gather(terms) {
		n := cd.n()
		cues, x := cd.restated(c[cd.src].sentences[cd.sent])
		switch {
		case n < best, n == best && x > extra:
		case n > best, x < extra:
			best, extra, match = n, x, cues == negs
		default:
			match = match || cues == negs
		}
	}
	return best == 0 || match
}

// restated returns the negation cues of source sentence es in the parts
// (between semicolons) that the claim restates, holding all of their
// terms among those cd found, or more than half and one that no other
// part holds (else in the parts holding most of them), and in the parts
// without content terms; and how many terms the parts holding at least
// half of theirs hold beyond the claim's. "The alarm counts 180 days; it
// does not measure the pressure drop across the filter." has no cue for
// "The filter alarm does not count 180 days" and one for "The alarm does
// not measure the pressure drop". A verbatim quote restates every part.
// Only a semicolon, a full stop inside the sentence or a contrast ("but")
// ends a cue's reach: "It is not true that the pump is safe" negates what
// follows "that".
func (cd *candidate) restated(es evidenceSentence) (cues, extra int) {
	if es.semis == 0 {
		return es.negations, es.terms - cd.n()
	}
	var held [64]uint8 // claim terms held, per part
	var own uint64     // parts holding a claim term no other part holds
	for _, m := range cd.clauses {
		var segs uint64
		for ; m != 0; m &= m - 1 {
			ci := bits.TrailingZeros64(m)
			segs |= 1 << bits.OnesCount64(es.semis&(2<<ci-1))
		}
		if bits.OnesCount64(segs) == 1 {
			own |= segs
		}
		for ; segs != 0; segs &= segs - 1 {
			held[bits.TrailingZeros64(segs)]++
		}
	}
	in, restates := ^es.termSegs, false
	for seg, n := range held {
		switch {
		case n == 0:
		case seg >= len(es.segTerms):
			if own&(1<<seg) != 0 {
				in, restates = in|1<<seg, true
			}
		case 2*int(n) >= int(es.segTerms[seg]):
			// Half of a part's terms rank the sentence by what it
			// says beyond them; its cues count when the claim holds
			// all of them, or more than half and one from it alone.
			extra += int(es.segTerms[seg]) - int(n)
			if int(n) >= int(es.segTerms[seg]) || 2*int(n) > int(es.segTerms[seg]) && own&(1<<seg) != 0 {
				in, restates = in|1<<seg, true
			}
		}
	}
	if !restates {
		// No part is restated: the claim is compared with the parts
		// holding most of its terms.
		top := slices.Max(held[:])
		for seg, n := range held {
			if n == top {
				in |= 1 << seg
				if seg < len(es.segTerms) {
					extra += int(es.segTerms[seg]) - int(n)
				}
			}
		}
	}
	if es.negSegs&^in == 0 {
		return es.negations, extra // every cue counts: the exact total
	}
	return bits.OnesCount64(es.negSegs&in) + bits.OnesCount64(es.negSegs2&in), extra
}

// countSegTerms records the distinct content terms of part seg, whose
// tokens are toks.
func (es *evidenceSentence) countSegTerms(seg int, toks []tok) {
	if seg < len(es.segTerms) {
		es.segTerms[seg] = uint8(min(distinctTerms(toks), 255))
	}
}

// Blocks of lines, as the extractive generator reads them (its
// quotableSpans): a piece over blockLines lines is quoted line by line
// unless it ends a sentence within proseLines lines.
const (
	blockLines = 4
	proseLines = 8
)

// withBlockLines returns spans, then the lines of every span that is a
// block of lines rather than a sentence (a table, a list without
// punctuation, lines of code outside a fence, as the generator reads
// them) as sentences of their own. Each line of such a block states its
// own thing, and the extractive generator quotes one line of it.
// Compared with the whole block, a quoted line would look negated by
// another line's "none" or "not" ("av_frame_unref(frame);" in an example
// that also passes AV_PIX_FMT_NONE), and the validator must never reject a
// verbatim quote. The block stays too, so that a quote of all of it
// matches it. A sentence hard-wrapped over a few lines is not split: a
// line of it is no statement ("It is not true that\nthe pump is safe to
// open.").
func withBlockLines(spans []textutil.Span, text string) []textutil.Span {
	out := spans
	for _, sp := range spans {
		s := text[sp.Start:sp.End]
		lines := strings.Count(s, "\n") + 1
		if lines < blockLines || textutil.EndsSentence(s) && lines <= proseLines || textutil.IsFence(s) {
			continue
		}
		if len(out) == len(spans) {
			out = slices.Clone(spans)
		}
		for off := sp.Start; off < sp.End; {
			end := sp.End
			if i := strings.IndexByte(text[off:sp.End], '\n'); i >= 0 {
				end = off + i
			}
			if ls, le := textutil.TrimSpan(text, off, end); le > ls {
				out = append(out, textutil.Span{Start: ls, End: le})
			}
			off = end + 1
		}
	}
	return out
}
