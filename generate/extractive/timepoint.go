package extractive

import (
	"regexp"
	"slices"
	"strings"
)

// A question asking for a point in time ("On which date was 2.0
// released?", "Until what year …", "Since which version …", "When was
// the flag added?") is answered only by a sentence that states one:
// sentences about releases, dates or years in general share its words
// without saying when. A date, year, month or weekday answers a question
// asking for one; a version also answers "which version" and "when was it
// added", which manuals answer with the version that added it. A point
// the question itself names ("… was 2.4.0 released?") is no answer.

// dateQuestion matches a question asking for a calendar point. "Which
// date format …" and "what year field …" ask for a thing named after
// dates, not a date, and "When does X run?" asks for a condition.
var dateQuestion = regexp.MustCompile(`(?i)\b(?:on|in|until|till|by|since|from|before|after)\s+(?:which|what)\s+(?:date|day|year|month)s?\b` +
	`|^\s*(?:what|which)\s+(?:date|year|month)\s+(?:was|were|did|will|is|does)\b`)

// versionQuestion matches a question asking since when (a product's name
// or "future" may come before the word: "In which future CMake version
// …") or when something was added or released, which a version answers
// as well as a date, and one asking which versions of something ("Which
// versions of Windows does it support?"), which a sentence without a
// version or year does not answer.
var versionQuestion = regexp.MustCompile(`(?i)\b(?:on|in|until|till|by|since|from|before|after)\s+(?:which|what)\s+(?:(?:future|later|earlier|new|newer|major|minor|(?-i:[A-Z][\w.+-]*))\s+){0,2}?(?:version|release)s?\b` +
	`|\bsince\s+when\b` +
	`|^\s*(?:which|what)\s+versions?\s+of\b` +
	`|\bwhen\s+(?:was|were|did)\b[^?]*\b(?:released|introduced|added|published|deprecated|removed|dropped|announced|created|launched|shipped|first)\b`)

// dateCue matches a stated calendar point: a year, a month or weekday name
// (with a day or year), or an ISO date (its year matches).
var dateCue = regexp.MustCompile(`\b(?:1[89]\d\d|20\d\d)\b` +
	`|\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?\s+\d` +
	`|\b\d{1,2}\s+(?:January|February|March|April|May|June|July|August|September|October|November|December)\b` +
	`|\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?\b`)

// versionCue matches a version number ("2.4.17", "version 3", "v1.2").
var versionCue = regexp.MustCompile(`\b\d+\.\d+(?:\.\d+)*\b|(?i:\b(?:version|release|v)\s*\d+\b)`)

// futureAsked matches a question about what is still to come ("In which
// release will it be removed?"): release notes' titles give the version
// they describe, not a later one, so only the sentence can answer.
var futureAsked = regexp.MustCompile(`(?i)\bwill\b|\bfuture\b`)

// pointAsk is what a question asking when needs of a sentence.
type pointAsk struct {
	date, version bool     // a date answers; a version answers too
	future        bool     // asks what is to come: the sentence must state it
	named         []string // the points the question names itself
}

func newPointAsk(question string) pointAsk {
	p := pointAsk{date: dateQuestion.MatchString(question), version: versionQuestion.MatchString(question)}
	p.future = (p.date || p.version) && futureAsked.MatchString(question)
	if p.date || p.version {
		p.named = append(dateCue.FindAllString(question, -1), versionCue.FindAllString(question, -1)...)
	}
	return p
}

// stated reports whether c, its heading, a heading above it or the change
// note right before it (prev, nil if none in its source) states a point in
// time of the asked kind other than those the question names, or whether
// none is asked for. Release notes give the version in their title
// ("Django 3.1 release notes" over "The new migrate --check option …"),
// a reference entry in the note under its name ("New in Django 3.1.").
func (p pointAsk) stated(c, prev *candidate) bool {
	if !p.date && !p.version {
		return true
	}
	if p.future {
		return p.statedAhead(c.text)
	}
	return p.statedIn(c.text) || p.statedInTitle(c.headingText) || p.statedInTitle(c.path) || prev != nil && prev.note && p.statedIn(prev.text)
}

// statedInTitle reports whether a heading or heading path (one heading a
// line) states a point in time of the asked kind (statedIn) as a
// release's, its section numbers left out: a date, a dotted
// version ("Django 3.1 release notes", "Release 3.34.0"), or a version
// under a title that speaks of releases or changes. A title naming the
// product's generation ("The C language interface to SQLite Version 2")
// dates none of the sentences under it: read as a release, it answered
// "From which version can I make a table reject values of the wrong type?"
// with a sentence on error codes.
func (p pointAsk) statedInTitle(title string) bool {
	// Most titles state no point at all: no copy made for them. A
	// heading's number ("1.4 Error Codes", "34.1.2. Parameter Key Words")
	// is its place in the manual, not a release.
	if !p.statedIn(title) {
		return false
	}
	if title = headingNumber.ReplaceAllString(title, ""); !p.statedIn(title) {
		return false
	}
	if !p.version || dateCue.MatchString(title) || releaseTitle.MatchString(title) {
		return true
	}
	for _, m := range dottedVersion.FindAllString(title, -1) {
		if !p.names(m) {
			return true
		}
	}
	return false
}

// dottedVersion matches a release number with a dot ("3.34", "2.4.17");
// releaseTitle a title about releases or changes; headingNumber the number
// opening a heading line.
var (
	headingNumber = regexp.MustCompile(`(?m)^\s*(?:\d+\.)*\d+\.?\s+`)
	dottedVersion = regexp.MustCompile(`\b\d+\.\d+(?:\.\d+)*\b`)
	releaseTitle  = regexp.MustCompile(`(?i)\b(?:release[sd]?|notes|news|changes?|changelog|what's\s+new|history|new\s+in|upgrad\w*|migrat\w*)\b`)
)

// withNote returns chosen led by the change note that gives the asked
// point in time ("New in version 3.20.") of the first quoted sentence
// whose sentence, heading and path give none: the answer then says when,
// first.
func (p pointAsk) withNote(cands, chosen []*candidate) []*candidate {
	if !p.date && !p.version || p.future {
		return chosen // a note dates what was, not what will be
	}
	for i, c := range chosen {
		if c.note && p.statedIn(c.text) {
			// Quoted already, after what it dates: it goes first.
			return slices.Insert(slices.Delete(slices.Clone(chosen), i, i+1), 0, c)
		}
		if p.statedIn(c.text) || p.statedInTitle(c.headingText) || p.statedInTitle(c.path) {
			return chosen
		}
		if c.pos == 0 {
			continue
		}
		prev := cands[c.pos-1]
		if prev.source == c.source && prev.note && !slices.Contains(chosen, prev) && p.statedIn(prev.text) {
			return slices.Insert(chosen, 0, prev)
		}
	}
	return chosen
}

// futureCue matches what puts a sentence's point in time ahead: "will be
// removed in 3.14", "scheduled for 2025", "to be dropped in version 4".
var futureCue = regexp.MustCompile(`(?i)\b(?:will|shall|future|planned|scheduled|upcoming|next)\b|\bto\s+be\b`)

// futureReach is how many words may part a stated point from the
// futureCue that puts it ahead.
const futureReach = 8

// statedAhead reports whether text states a point of the asked kind that
// the question does not name within futureReach words of a futureCue.
// "The Visual Studio 10 2010 generator has been removed." says when
// something else went, and "… will be removed in a future version of
// CMake." says no when: neither answers "In which CMake release will the
// Visual Studio 11 2012 generator be removed?".
func (p pointAsk) statedAhead(text string) bool {
	cues := futureCue.FindAllStringIndex(text, -1)
	if len(cues) == 0 {
		return false
	}
	for _, re := range []*regexp.Regexp{dateCue, versionCue} {
		if re == versionCue && !p.version {
			continue
		}
		for _, m := range re.FindAllStringIndex(text, -1) {
			if p.names(text[m[0]:m[1]]) {
				continue
			}
			for _, cue := range cues {
				lo, hi := min(m[0], cue[0]), max(m[1], cue[1])
				if len(strings.Fields(text[lo:hi])) <= futureReach+2 {
					return true
				}
			}
		}
	}
	return false
}

func (p pointAsk) statedIn(text string) bool {
	for _, re := range []*regexp.Regexp{dateCue, versionCue} {
		if re == versionCue && !p.version {
			continue
		}
		for _, m := range re.FindAllString(text, -1) {
			if !p.names(m) {
				return true
			}
		}
	}
	return false
}

func (p pointAsk) names(point string) bool {
	for _, n := range p.named {
		if strings.EqualFold(n, point) {
			return true
		}
	}
	return false
}
