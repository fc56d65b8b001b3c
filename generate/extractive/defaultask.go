package extractive

import (
	"regexp"
	"slices"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// A question may ask for a default without the word: "How much disk cache
// does the planner assume unless told otherwise?", "How many users run at
// once unless I say otherwise?", "What does it use out of the box?". The
// default the documents give answers it as it answers "What is the
// default …?" (followingDefault).

// asksDefault reports whether a question asks for a default, in that word
// (mentionsDefault) or in other words (textutil.DefaultInOtherWords).
func asksDefault(question string) bool {
	return mentionsDefault.MatchString(question) || textutil.DefaultInOtherWords.MatchString(question)
}

// defaultStem and valueStem are the question terms of the words
// "default" and "value".
var (
	defaultStem = textutil.Stem("default")
	valueStem   = textutil.Stem("value")
)

// defaultTerms gives the term "default", when the question holds it, to
// every sentence that states a default in other words (defaultStated: "If
// no argument is given, the process is sent 'SIGTERM'.", "Defaults to
// 5000."): it says what the question's word asks, and the question's other
// words ("signal", "kill") are spread over the whole entry, so without it
// the sentence that gives the default covers less of the question than
// the one that only describes the call.
func defaultTerms(cands []*candidate, qterms []string) {
	if !slices.Contains(qterms, defaultStem) {
		return
	}
	for i, c := range cands {
		if !c.code && !c.terms[defaultStem] && (statesDefaultValue(c.text) || markedDefault(cands, i)) {
			c.terms[defaultStem] = true
		}
	}
}

// markedDefault reports whether the sentence after cands[i], in the same
// source, marks it as the default ("- unicode61: based on Unicode 6.1. This
// is the default."): the choice is what the question asks for, and the mark
// alone names nothing (withDefaultMark quotes the two together).
func markedDefault(cands []*candidate, i int) bool {
	return i+1 < len(cands) && cands[i+1].source == cands[i].source && defaultMark.MatchString(cands[i+1].text)
}

// defaultMark matches a sentence that says that the one before it is the
// default: "- FIRST: The virtual environment is used first. This is the
// default.", "This is also the default behavior if X is not set."
var defaultMark = regexp.MustCompile(`(?i)^(?:this|that|it)\s+is\s+(?:also\s+)?the\s+default(?:\s+(?:value|behaviou?r|setting|mode|choice))?(?:\s*\.?$|\s+(?:if|when|unless)\s)`)

// withDefaultMark returns chosen with the first quoted sentence that the
// next sentence of its source marks as the default (defaultMark) followed
// by that mark, or with the first quoted mark preceded by the choice it
// marks: apart, a question asking for the default is answered with a
// choice nothing says is the default, or with "This is the default."
// of nothing.
func withDefaultMark(cands []*candidate, chosen []*candidate) []*candidate {
	for i, c := range chosen {
		// A mark quoted without the choice it marks gets it before it.
		if c.pos > 0 && defaultMark.MatchString(c.text) {
			p := cands[c.pos-1]
			if p.source == c.source && !p.code && !slices.Contains(chosen, p) {
				return slices.Insert(chosen, i, p)
			}
			continue
		}
		if c.pos+1 >= len(cands) {
			continue
		}
		n := cands[c.pos+1]
		if n.source == c.source && !slices.Contains(chosen, n) && defaultMark.MatchString(n.text) {
			return slices.Insert(chosen, i+1, n)
		}
	}
	return chosen
}

// entryDefaultRow returns the sentence after c that gives a default: the
// next sentence of its source, or, past a note or two of the same entry
// ("Change of this parameter requires restart …"), the entry's
// "Default: …" row or default sentence (statesEntryDefault); nil when
// there is none.
func entryDefaultRow(cands []*candidate, c *candidate, said []bool) *candidate {
	for j := c.pos + 1; j < len(cands) && j <= c.pos+3; j++ {
		n := cands[j]
		if n.source != c.source || n.code || j > c.pos+1 && (n.headingText != c.headingText || n.opens) {
			return nil
		}
		if said[j] && (j == c.pos+1 || statesEntryDefault(n.text)) {
			return n
		}
	}
	return nil
}

// withDefaultRow returns chosen with the sentence after the first quoted
// one put second when the question asks for a default (said, from
// defaultsGiven, is nil otherwise), the first states none itself and the
// next sentence of its source gives one: an entry's description and its
// "Default: 1232" row below it. The answer test takes the description
// for the answer because of that row (givesDefault); quoted alone, it
// answered "What is the default maximum EDNS0 UDP payload size?" with
// "Maximum EDNS0 UDP payload size default for both IPv4 and IPv6." and no
// figure. When no quoted sentence gives a default, a later entry's
// opening sentence brings its entry's "Default: …" row (or its "The
// default value is …" sentence) the same way, past a note or two, in
// place of the last other sentence: "pidfile: A PID file location." with
// "Default: rundir/knot.pid" after rundir's description led. At most
// most sentences are kept.
func withDefaultRow(cands, chosen []*candidate, said []bool, most int) []*candidate {
	if said == nil || len(chosen) == 0 || most < 2 {
		return chosen
	}
	if slices.ContainsFunc(chosen, func(c *candidate) bool { return said[c.pos] && !c.code }) {
		return chosen // the answer gives a default already
	}
	// The lead's row first; else the row of a later entry's opening
	// sentence ("pidfile: A PID file location." over "Default:
	// rundir/knot.pid", quoted after rundir's entry).
	for i, c := range chosen {
		if c.code || c.pos+1 >= len(cands) || i > 0 && !c.opens {
			continue
		}
		n := entryDefaultRow(cands, c, said)
		if n == nil || i > 0 && !statesEntryDefault(n.text) {
			// After the lead only a "Default: …" row: "It is useful if
			// by default you want …" gives no default of the entry.
			continue
		}
		// At the limit the row takes the place of a code example, or,
		// after a later entry's sentence, of the last sentence quoted
		// after it; never of the lead's prose: a sentence quoted after a
		// wrong lead may be the answer, and a default without its
		// description names no setting.
		if out, ok := insertAfter(chosen, i, n, most, true); ok {
			return out
		}
	}
	return chosen
}

// insertAfter returns chosen with row put after chosen[i], and ok true.
// At the limit (most) the row takes the place of a code example quoted
// after the lead when codeFirst, else of the last sentence other than the
// lead and chosen[i]; never of the lead. ok is false when no place can be
// taken.
func insertAfter(chosen []*candidate, i int, row *candidate, most int, codeFirst bool) ([]*candidate, bool) {
	out := slices.Clone(chosen)
	if len(out) >= most {
		k := -1
		if codeFirst {
			if j := slices.IndexFunc(out[1:], func(c *candidate) bool { return c.code }); j >= 0 {
				k = j + 1
			}
		}
		if k < 0 {
			if i == 0 {
				return chosen, false
			}
			k = len(out) - 1
			if k == i {
				k--
			}
			if k == 0 {
				return chosen, false
			}
		}
		out = slices.Delete(out, k, k+1)
		if k < i {
			i--
		}
	}
	return slices.Insert(out, i+1, row), true
}

// statesEntryDefault reports whether text gives its entry's default: a
// "Default: …" row, or a sentence leaving its subject to the entry ("The
// default value is "/tmp".", subjectlessDefault).
func statesEntryDefault(text string) bool {
	return defaultRow.MatchString(text) || subjectlessDefault.MatchString(text)
}

// withEntryFigure returns chosen with, for an amount question none of
// whose quoted sentences gives a figure of the asked kind (a lead's "the
// final 250 response" gives no time for "How long does Exim wait …?"),
// the figure row of an entry a
// later quoted sentence opens (entryFigure) after it: "Timeout before we
// close unused backend connections." quoted second for "How long does
// Varnish keep unused backend connections open?" brings its entry's "-
// Default: 60.000", where the lead only said "until the
// backend_idle_timeout expires". At the limit the row takes the last
// sentence's place other than the lead and the description.
func withEntryFigure(cands, chosen []*candidate, a *ask, most int) []*candidate {
	if !a.isAmount || len(chosen) < 2 || most < 2 {
		return chosen
	}
	if slices.ContainsFunc(chosen, func(c *candidate) bool {
		return statedNumber.MatchString(c.text) && a.figure.states(figureText(c))
	}) {
		return chosen
	}
	for i, c := range chosen {
		if i == 0 || c.code || !c.opens {
			continue
		}
		row := entryFigure(a.counted, a.amountOf, a.figure, cands, c.pos)
		if row == nil || slices.Contains(chosen, row) {
			continue
		}
		if out, ok := insertAfter(chosen, i, row, most, false); ok {
			return out
		}
	}
	return chosen
}
