package extractive

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/generate"
)

// An amount or extent question that names what it asks about as code
// ("How long does VACUUM take on a large database?", "How many rows can
// sqlite3_step() return?") is answered only by a sentence about that
// thing: a figure on a sibling ("a linear scan of 1.5 GB takes around 30
// seconds") shares the question's other words (database, GB) but not its
// subject. amountSubject asks for any one subject word, which a sibling
// sentence always has; the name is the word it must have.

// unitName matches upper-case tokens that are units, not names (10 GB,
// 4 KiB, 30 MS).
var unitName = regexp.MustCompile(`^(?:[KMGTP]I?B|MS|US|NS|CPU|RAM|OS)$`)

// askedNames returns, for an amount or extent question (isAmount), the
// names it writes as code (codeNames, as namedTerms takes them, units left
// out), each as a case-insensitive whole-word pattern.
func askedNames(question string, isAmount bool) []*regexp.Regexp {
	if !isAmount {
		return nil
	}
	var out []*regexp.Regexp
	seen := map[string]bool{}
	for _, t := range codeNames(question) {
		if t == "I" || seen[t] || unitName.MatchString(strings.ToUpper(t)) && strings.ToUpper(t) == t {
			continue
		}
		seen[t] = true
		out = append(out, namePattern(t, true))
	}
	return out
}

// namesAsked reports whether c, its heading, a heading above it, the
// sentence before it (prev, nil if none in its source) or a sentence
// before it in its section (section: the section's sentences up to c,
// and the other rows of c's property box; nameScope) names every name the
// question asks about (askedNames): "- maxSockets
// <number> Maximum number of sockets to allow per host." stands under
// "Class: http.Agent", and "When absolute_max is None, it defaults to
// max_num + 1000." follows "… forms that can be instantiated when
// supplying POST data" in its section.
func namesAsked(names []*regexp.Regexp, c, prev *candidate, section []*candidate) bool {
	for _, re := range names {
		if !re.MatchString(c.text) && !re.MatchString(c.headingText) && !re.MatchString(c.path) && (prev == nil || !re.MatchString(prev.text)) &&
			!slices.ContainsFunc(section, func(o *candidate) bool { return re.MatchString(o.text) }) {
			return false
		}
	}
	return true
}

// nameScope returns the candidates that may name what cands[i] is about
// besides itself and its headings: those before it in its source under the
// same heading and, when cands[i] is a row of a property box, the box's
// rows after it, since a box names its module in any row ("Default: |
// SubstituteMaxLineLength 1m" above "Module: | mod_substitute").
func nameScope(cands []*candidate, i int) []*candidate {
	c := cands[i]
	k := i
	for k > 0 && cands[k-1].source == c.source && cands[k-1].headingText == c.headingText {
		k--
	}
	if c.box < 0 {
		return cands[k:i]
	}
	out := slices.Clone(cands[k:i])
	for j := i + 1; j < len(cands) && cands[j].box == c.box; j++ {
		out = append(out, cands[j])
	}
	return out
}

// askedForm gathers what the support decision (answers) asks of a
// sentence besides its overlap and amount: prose for an amount
// (statesInProse), the names the question asks about (namesAsked), a
// share when it asks for one (shareStated), a port number when it asks
// which port (portGiven), a point in time when it asks
// when (pointAsk) and the thing whose default it asks for
// (namesDefaulted).
type askedForm struct {
	isAmount, share bool
	port            bool // asks which port (portQuestion)
	when            pointAsk
	names           []*regexp.Regexp
	defaulted       *defaulted // the thing whose default is asked (defaultSubject)
}

func newAskedForm(question string, a *ask, sources []generate.ContextSource) askedForm {
	isAmount := a.isAmount
	when := newPointAsk(question)
	// A point in time is as much a figure of what the question names:
	// "Since which version can I write substring() …?" is not answered
	// by a release note on recursive queries under "Release 3.34.0".
	asked := askedNames(question, isAmount || when.date || when.version)
	if when.date || when.version {
		for _, m := range plainCall.FindAllStringSubmatch(question, -1) {
			asked = append(asked, namePattern(m[1], true))
		}
	}
	if portQuestion.MatchString(question) {
		// "Which port does git use for an ssh:// URL …?" asks the port of
		// that scheme: git-daemon's 9418 is another protocol's.
		for _, m := range urlScheme.FindAllStringSubmatch(question, -1) {
			asked = append(asked, namePattern(m[1], true))
		}
	}
	names := notCollectionNames(asked, sources)
	if isAmount {
		names = append(names, properNames(question, sources)...)
	} else if a.defaultAsked {
		// "What is Tomcat's default maxThreads …?": the default of
		// another product's setting is not this one's.
		names = append(names, possessiveNames(question, sources)...)
	}
	return askedForm{isAmount: isAmount, share: shareQuestion.MatchString(question), port: portQuestion.MatchString(question), when: when,
		names: names, defaulted: a.defaulted}
}

// notCollectionNames drops from names those that three quarters or more of
// the sources' documents mention, when they come from at least three: such
// a name is the collection's own product written as code ("Node.js",
// "ASP.NET"), which a sentence stating a figure rarely repeats. The
// subject of an amount question is mentioned where it is documented and
// in passing elsewhere ("VACUUM" in 8 of 14 pages), not on almost every
// page.
func notCollectionNames(names []*regexp.Regexp, sources []generate.ContextSource) []*regexp.Regexp {
	docs := map[string]bool{}
	for _, s := range sources {
		docs[s.Source.Chunk.Source] = true
	}
	if len(names) == 0 || len(docs) < 3 {
		return names
	}
	return slices.DeleteFunc(names, func(re *regexp.Regexp) bool {
		with := map[string]bool{}
		for _, s := range sources {
			doc := s.Source.Chunk.Source
			if !with[doc] && mentions(re, s) {
				with[doc] = true
			}
		}
		return 4*len(with) >= 3*len(docs)
	})
}

// mentions reports whether source s names re anywhere in its text or
// heading path.
func mentions(re *regexp.Regexp, s generate.ContextSource) bool {
	return re.MatchString(s.Text) || re.MatchString(s.Source.Chunk.HeadingPath())
}

// urlScheme matches a URL scheme a question writes ("ssh://", "rtsp://").
var urlScheme = regexp.MustCompile(`(?i)\b([a-z][a-z0-9+.-]*)://`)

// ownerName matches a capitalised name written as a possessive inside a
// question ("… Tomcat's default …").
var ownerName = regexp.MustCompile(`\s([A-Z][a-z]+[A-Za-z0-9]*)(?:'s|’s)\s`)

// possessiveNames returns the question's possessive names (ownerName) that at
// most half of the sources mention, as properNames does.
func possessiveNames(question string, sources []generate.ContextSource) []*regexp.Regexp {
	var out []*regexp.Regexp
	for _, re := range properNames(question, sources) {
		for _, m := range ownerName.FindAllStringSubmatch(question, -1) {
			if re.MatchString(m[1]) && !slices.Contains(out, re) {
				out = append(out, re)
			}
		}
	}
	return out
}

// properName matches a capitalised word inside a question ("before Clippy
// warns"): the name of a tool or product.
var properName = regexp.MustCompile(`\s([A-Z][a-z]+[A-Za-z0-9]*)\b`)

// properNames returns the question's capitalised names (properName) that
// at most half of the sources mention, anywhere in their text or heading
// path: a name most sources mention is the collection's own product ("a
// Rust program", "an SQLite table"), which the sentence answering need not
// repeat; a name few mention is the subject the figure must be about.
func properNames(question string, sources []generate.ContextSource) []*regexp.Regexp {
	var out []*regexp.Regexp
	for _, m := range properName.FindAllStringSubmatch(question, -1) {
		re := namePattern(m[1], true)
		with := 0
		for _, s := range sources {
			if mentions(re, s) {
				with++
			}
		}
		if 2*with <= len(sources) {
			out = append(out, re)
		}
	}
	return out
}

// holds reports whether c (prev: the sentence before it in its source, or
// nil; section: the sentences before it under its heading) has the asked
// form.
func (f askedForm) holds(c, prev *candidate, section []*candidate) bool {
	return statesInProse(f.isAmount, c) && namesAsked(f.names, c, prev, section) && shareStated(f.share, c) && portGiven(f.port, c) &&
		f.when.stated(c, prev) && namesDefaulted(f.defaulted, c, prev)
}
