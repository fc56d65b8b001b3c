package extractive

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/retrieve"
)

// Answer focus. The sentences after the first must answer too: a sentence
// that only mentions the question's subject ("The carton contains … two G4
// filters …" for how often the filters are replaced) pads the answer with
// a side remark, most often from a weaker source that shares the subject
// and nothing else.

// ask is what a question asks for, read from its form once for both the
// choice of sentences and the support decision: an amount or extent
// (amountTerms), a default value, a definition of its subject, its intent.
type ask struct {
	counted   []string
	amountOf  []string
	extentOf  []string // the words naming what an extent question asks about (extentHead)
	isAmount  bool
	isDefault bool
	// defaultAsked: the question asks for a default in any words
	// (asksDefault), read once for followingDefault on every candidate.
	defaultAsked bool
	defaulted    *defaulted // the thing whose default is asked (defaultSubject)
	// spelled are the names the question's word runs spell joined
	// (spelledNames); namedEntry whether a candidate's entry bears one
	// (0 not yet read, 1 no, 2 yes), read once per answer by
	// entryValueDefault, which the answer test calls per candidate.
	spelled    map[string]bool
	namedEntry uint8
	isReturn   bool       // what a call returns (asksReturn)
	figure     figureTest // the figure an amount question needs
	// qterms and idf are the question's terms and their weights over the
	// candidates, once scoreAll has them (entryGain).
	qterms   []string
	idf      map[string]float64
	question string
	words    map[string]bool // stems of the question's content words
	kind     map[string]bool // stems of the kind words it writes (kindTerms)
	// wordSubject: the subject is one term the question writes as a plain
	// word ("REQUIRED"), not a part of an identifier (plainSubject).
	wordSubject bool
	named       []*regexp.Regexp
	subject     []string
	// entryName: the definition's subject when the question writes it as
	// one word or name ("nbthread", "a checkpoint", "recipient_delimiter"),
	// its kind included: "a window function" is two, whose entry is no
	// "WINDOW <…>" (entryOf); "" otherwise.
	entryName string
	option    string // the command-line option a definition asks about (askedOption)
	intent    retrieve.Intent
	// phrase: the subject is a function word and its kind, as written
	// ("with statement", functionWordSubject).
	phrase []string
	// abbr: the abbreviation the question asks to spell out
	// (expansionAsk).
	abbr string
}

// existential matches a yes-no question asking whether something exists
// ("Is there a limit …", "Are there any …"): what exists is the answer.
var existential = regexp.MustCompile(`(?i)^\s*(?:is|are)\s+there\b`)

// newAsk reads what the question asks. A return question has no
// definition subject: its subject is the call, and "return" is what is
// asked of it.
func newAsk(question string) *ask {
	a := &ask{named: namedTerms(question), intent: retrieve.DetectIntent(question), question: question, kind: kindTerms(question)}
	aq := boundWorded(question)
	if a.intent != retrieve.IntentYesNo || existential.MatchString(question) {
		// "Is the highWaterMark a hard cap on how much memory a stream
		// may use?" asks whether, not how much: "The highWaterMark option
		// is a threshold, not a limit" answers it with no figure. "Is
		// there a cap on how long a pattern may be?" asks for the cap.
		a.counted, a.isAmount = amountTerms(aq)
	}
	a.amountOf = amountSubject(aq)
	a.extentOf = extentHead(aq)
	a.figure = newFigureTest(aq, a.counted, a.isAmount)
	a.isDefault = (defaultQuestion.MatchString(question) || textutil.DefaultInOtherWords.MatchString(question) || textutil.OmittedInQuestion.MatchString(question)) &&
		(!notValue.MatchString(question) || defaultsTo.MatchString(question))
	a.defaulted = defaultSubject(question)
	a.defaultAsked = asksDefault(question)
	a.spelled = spelledNames(question)
	a.isReturn = asksReturn(question)
	if !a.isReturn {
		a.subject, a.option = subjectTerms(question)
		if rest, ok := subjectText(question); ok {
			a.entryName = oneName(rest)
		}
		a.wordSubject = plainSubject(question, a.subject)
		a.phrase = functionWordSubject(question)
	}
	if m := expansionAsk.FindStringSubmatch(question); m != nil {
		a.abbr = m[1]
	} else if m := abbrMeaningAsk.FindStringSubmatch(question); m != nil {
		a.abbr = m[1]
	}
	a.words = map[string]bool{}
	for _, t := range uniqueTerms(question) {
		a.words[t] = true
	}
	return a
}

// stated reports whether the sentence cands[i] has the form of an answer
// to the ask: it states the amount, extent or default asked for, or it
// defines the subject (leads with it, or opens the section its heading
// names). A question of no such form has no answer by form.
func (a *ask) stated(cands []*candidate, i int) bool {
	c := cands[i]
	if c.code {
		return false
	}
	var prev *candidate
	if i > 0 && cands[i-1].source == c.source {
		prev = cands[i-1]
	}
	switch {
	case a.isAmount:
		extent := len(a.counted) > 0 && a.counted[0] == extentMark
		return statesAmount(a.counted, a.amountOf, true, c, prev) &&
			(statedNumber.MatchString(notReference.ReplaceAllString(c.text, "")) || extent && extentInWords(c.text) ||
				asksFrequency(a.counted) && statesFrequency(c.text)) && a.figure.kindStated(figureText(c)) &&
			(!a.figure.timed || extentValue(c.text))
	case a.isDefault:
		return a.statesDefault(cands, i)
	case a.isReturn:
		return statesReturn(c.text) && namesAll(a.named, cands, i)
	case c.entry:
		return true
	case len(a.subject) > 0:
		return definesSubject(c, a) && namesWritten(a, cands, i)
	}
	return false
}

// statesDefault reports whether cands[i] states a default (defaultStated,
// or the next sentence marks it as the default: markedDefault)
// of the thing asked about: it, its heading or the sentence before names
// the defaulted thing (namesDefaulted) and every name the question writes
// as code. "It defaults to 'r'" after a sentence on open()'s mode is no
// default of its encoding.
func (a *ask) statesDefault(cands []*candidate, i int) bool {
	c := cands[i]
	if !(statesDefaultValue(c.text) || markedDefault(cands, i)) || !namesAll(a.named, cands, i) {
		return false
	}
	var prev *candidate
	if i > 0 && cands[i-1].source == c.source {
		prev = cands[i-1]
	}
	return namesDefaulted(a.defaulted, c, prev)
}

// definesSubject reports whether the sentence has the form of a definition
// of the subject: it starts by naming it (leadsWith, with nothing but an
// article before it), is marked calls (it gives the subject its name, is
// what a naming sentence points back at, or leads with a function-word
// subject), or opens the section its heading names (opensOn).
// Its callers also require every name the question writes as code to be
// written there (namesWritten): the parts of "av_strdup" are in the
// heading "#define AV_DICT_DONT_STRDUP_KEY", which names another thing.
func definesSubject(c *candidate, a *ask) bool {
	return c.named && leadsWith(c, a.subject) || c.calls || opensOn(c, a.subject, a.wordSubject)
}

// opensOn reports whether the sentence opens a section whose heading names
// the subject: every subject term, or one that is an identifier ("E4" in
// "What does error code E4 mean?"), is in the heading. A subject the
// question writes as one plain word (word) must be a word of the heading,
// not a part of one of its identifiers: "CMAKE_REQUIRE_FIND_PACKAGE_<PackageName>"
// does not name the REQUIRED option.
func opensOn(c *candidate, subject []string, word bool) bool {
	if !c.opens {
		return false
	}
	if word && c.heading[subject[0]] && !c.headingForms().plain[subject[0]] {
		return false
	}
	all := true
	for _, t := range subject {
		if c.heading[t] {
			if isIdentifier(t) {
				return true
			}
		} else {
			all = false
		}
	}
	return all
}

// holdsAll reports whether c holds in its own words every question term
// first covers, in its words or its heading.
func holdsAll(c, first *candidate, qterms []string) bool {
	for _, t := range qterms {
		if (first.terms[t] || first.heading[t]) && !c.terms[t] {
			return false
		}
	}
	return true
}

// supplements reports whether c may follow the chosen sentences when the
// first of them answers by form (ask.stated): c covers a question term
// none of them holds, so it answers a part of the question they leave
// open; or it holds in its own words every question term the first
// covers, with its heading or not (another answer, not a side remark; a
// heading covers every sentence under it alike, so c's does not count);
// or it stands under the first sentence's heading in its source and
// answers by form too (a second figure; not a second default, which is
// another setting's, under its heading or not); or the first is an API
// entry's Returns row and c opens that entry. A sentence that mentions
// only what is already covered, from another source or without the form
// asked for, is a side remark; so is code. When the first sentence does not answer
// by form, nothing tells a side remark from the answer, and the scores
// decide alone (choose does not call supplements).
//
// A first sentence completed by its figure (figureOf: an entry's
// description and its default row) covers what both cover.
func supplements(c *candidate, chosen []*candidate, fig *candidate, qterms []string, a *ask, cands []*candidate) bool {
	if c.code {
		// A synopsis or an example holds many of the question's names
		// and states no amount, default or definition in words (measured:
		// those quoted after an answer by form were side remarks, from
		// the same section or not).
		return false
	}
	if lead := chosen[0]; a.isDefault && len(a.named) > 0 && statesDefaultValue(c.text) && entryNamed(lead, a.named, true) && entryNamed(c, a.named, false) {
		// The lead gives the default in the entry of the name asked about;
		// a default stated in another name's entry is that name's, however
		// many of the question's words it holds: HISTFILESIZE's "The shell
		// sets the default value to the value of HISTSIZE …" after
		// HISTSIZE's own.
		return false
	}
	for _, t := range qterms {
		// What a default question asks for ("default value") the first
		// sentence gives by form, in whatever words: another sentence's
		// "the default value is …" is another setting's default.
		if a.isDefault && (t == defaultStem || t == valueStem) {
			continue
		}
		if covers(c, t) && !slices.ContainsFunc(chosen, func(o *candidate) bool { return covers(o, t) }) {
			return true
		}
	}
	if holdsAll(c, chosen[0], qterms) && (fig == nil || holdsAll(c, fig, qterms)) {
		return true
	}
	if lead := chosen[0]; returnsRow.MatchString(lead.text) && c.opens && c.source == lead.source && c.headingText == lead.headingText {
		// "- Returns: <string>" gives only a type; the entry's
		// description says what the value is ("Generates a random RFC
		// 4122 version 4 UUID.").
		return true
	}
	// A setting has one default: a second one stated in the section is
	// another setting's.
	return !a.isDefault && c.source == chosen[0].source && c.headingText == chosen[0].headingText && a.stated(cands, c.pos)
}

// entryNamed reports whether c's heading is a name (nameHeading) that
// matches every one of named (all true) or none of them (all false).
func entryNamed(c *candidate, named []*regexp.Regexp, all bool) bool {
	name := nameHeading(c.headingText)
	if name == "" {
		return false
	}
	for _, re := range named {
		if re.MatchString(name) != all {
			return false
		}
	}
	return true
}

// covers reports whether the sentence or its heading holds the term.
func covers(c *candidate, t string) bool { return c.terms[t] || c.heading[t] }

// namesWritten reports whether every name the question writes as code is
// written whole in cands[i], its heading or the sentence before it
// (namesAll), or is a member of a template the sentence or its heading
// writes ("KILN_<LANG>_LAUNCHER" for KILN_CXX_LAUNCHER: templateTerms).
// Asked about an option of something ("the QUIET option of
// find_package"), a name its source's heading path writes counts too: the
// entry is on find_package's page and does not repeat it.
func namesWritten(a *ask, cands []*candidate, i int) bool {
	c := cands[i]
	if namesAll(a.named, cands, i) || len(c.fills) > 0 || len(c.headFills) > 0 {
		return true
	}
	if !ownerTail.MatchString(a.question) {
		return false
	}
	var prev string
	if i > 0 && cands[i-1].source == c.source {
		prev = cands[i-1].text
	}
	for _, re := range a.named {
		if !re.MatchString(c.text) && !re.MatchString(prev) && !re.MatchString(c.headingText) && !re.MatchString(c.path) {
			return false
		}
	}
	return true
}

// plainSubject reports whether subject is one term that question writes
// as a plain word of letters ("REQUIRED"), not only inside an identifier
// ("latest" of "get_latest_by").
func plainSubject(question string, subject []string) bool {
	if len(subject) != 1 {
		return false
	}
	return slices.ContainsFunc(plainWords(question), func(w string) bool { return textutil.Stem(strings.ToLower(w)) == subject[0] })
}
