package extractive

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// Answers to "how do I …?" that name the means. Manuals often say that a
// thing can be done in one sentence and name what does it in the next:
// "When ATOMIC_REQUESTS is enabled, it's still possible to prevent views
// from running in a transaction." over the entry "non_atomic_requests()",
// "… but changes some of them. You can do this using struct update
// syntax.", "Django provides the on_commit() function to …". The lead
// covers the question best, and the sentence naming the means covers
// little of it, so by score alone it is left out and the answer tells the
// reader only that there is a way.

// howAsked matches a question asking how to do something, anywhere in it
// ("With ATOMIC_REQUESTS turned on, how can I …", "…; how do I get it
// back?").
var howAsked = regexp.MustCompile(`(?i)\bhow\s+(?:do|can|could|should|would|might)\s+(?:i|we|you|one)\b|\bhow\s+to\b|\bwhat\s+should\s+(?:i|we)\s+use\b`)

// meansName matches what a sentence names as a means: an option
// ("--show-output", "-j"), a call ("on_commit()"), a snake_case,
// SCREAMING_SNAKE, camelCase or CamelCase identifier ("dispatch_uid",
// "DJANGO_SUPERUSER_PASSWORD", "exitCode", "RemoteIPHeader"), a dotted
// name ("os.availableParallelism"), a shell's dot command (".import"), a
// template tag ("{% empty %}") or a program the sentence calls a command
// ("This information is provided by the sinfo command.").
var meansName = regexp.MustCompile(namedByWordPattern + `|(?:^|[\s("'“‘])--?[a-z][a-z0-9-]*[a-z0-9]\b|\b[A-Za-z_]\w*\(\)|\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\b[a-z]+[A-Z]\w*\b|\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*){2,}\b|\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\b|(?:^|\s)\.[a-z]{2,}\b|\{%\s*\w+`)

// notAName are words before "command" that say which one in words, not by
// name ("the following command"); stop words ("this command") are checked
// apart, with textutil.IsStopword.
var notAName = map[string]bool{
	"following": true, "previous": true, "next": true, "first": true, "last": true, "whole": true, "entire": true,
	"new": true, "old": true, "given": true, "specified": true, "single": true, "external": true, "shell": true,
	"system": true, "appropriate": true, "corresponding": true, "every": true, "one": true, "separate": true,
	"custom": true, "special": true, "simple": true, "original": true,
}

// namesMeans reports whether text names a means (meansName) that the
// question does not write.
func namesMeans(text, question string) bool {
	q := strings.ToLower(question)
	for _, m := range meansName.FindAllString(text, -1) {
		m = strings.TrimLeft(m, " \t\n(\"'“‘")
		if f := strings.Fields(m); len(f) == 2 {
			// "the sinfo command", "a utility called exinext": the name
			// is one of the two words.
			name := f[0]
			if f[0] == "called" || f[0] == "named" {
				name = f[1]
			}
			if notAName[name] || textutil.IsStopword(name) {
				continue // "the following command", "called the …" name none
			}
			m = name
		}
		if !strings.Contains(q, strings.ToLower(m)) {
			return true
		}
	}
	return false
}

// optionAsked matches a question asking which option, flag or switch
// does something ("Which htpasswd flag …", "which ctest command-line flag
// …").
var optionAsked = regexp.MustCompile(`(?i)\b(?:which|what)\s+(?:[\w-]+\s+){0,3}?(?:option|flag|switch)s?\b`)

// meansReferral matches a sentence that points back at what the one
// before it wants done and says what does it, in words rather than a
// name: "You can do this using struct update syntax.", "This is what
// proxy model inheritance is for: …", "To do so, use a savepoint.".
var meansReferral = regexp.MustCompile(`(?i)^(?:(?:you|we|one) can (?:do|achieve|accomplish) (?:this|that|so)\b|(?:this|that) is (?:what|where) \S|to do (?:this|that|so),? (?:use|you|we|call|set|add|run|pass)\b|(?:this|that) (?:can be|is) (?:done|achieved|accomplished) (?:by|with|using|through)\b)`)

// meansReach bounds how many sentences after the lead may name the means.
const meansReach = 3

// meansAfter puts second, for a question asking how, the first of the
// meansReach sentences after the lead in its source that names a means
// (or opens a section whose heading is a name: its heading line is then
// quoted with it, nameLine) when the lead names none. It must share a word
// with the question unless it is the prose sentence right after the
// lead: a release note's next item names something unrelated. That
// sentence also names the means when it points back at the lead in words
// (meansReferral). A task title's command (taskTitle) is put second
// whatever it names. It returns
// the sentence put second, nil when there is none.
func meansAfter(chosen, cands []*candidate, a *ask, most int) ([]*candidate, *candidate) {
	question := a.question
	if most < 2 || len(chosen) == 0 || !howAsked.MatchString(question) {
		return chosen, nil
	}
	lead := chosen[0]
	var next *candidate
	if taskTitle(cands, lead.pos, askedTask(question), question) {
		next = cands[lead.pos+1] // the task's command, under its title
	} else if namesMeans(lead.text, question) || namedBy(lead, question) != "" && !headsSubject(lead, question) {
		return chosen, nil
	} else if before := meansBefore(cands, lead, question); before != nil {
		// In reading order: the sentence that names it, then the lead
		// that says "it".
		rest := slices.DeleteFunc(slices.Clone(chosen[1:]), func(c *candidate) bool { return c == before })
		out := append([]*candidate{before, lead}, rest...)
		return out[:min(len(out), most)], lead
	} else if headingMeans(lead, question) {
		return chosen, nil // meansInHeading quotes the lead's heading
	}
	for k := lead.pos + 1; next == nil && k < len(cands) && k <= lead.pos+meansReach && cands[k].source == lead.source; k++ {
		c := cands[k]
		near := k == lead.pos+1 && !c.block && !lead.block // "… though this can be slow. A faster method is pg_upgrade."
		if (near || sharesWord(c, a.words)) && (namesMeans(c.text, question) || namedBy(c, question) != "") || near && meansReferral.MatchString(c.text) {
			next = c
			break
		}
	}
	if next == nil {
		return chosen, nil
	}
	rest := slices.DeleteFunc(slices.Clone(chosen[1:]), func(c *candidate) bool { return c == next })
	out := append([]*candidate{lead, next}, rest...)
	return out[:min(len(out), most)], next
}

// meansBefore returns the sentence right before lead in its paragraph
// when it names a means: "A utility called exinext … provides the ability
// to fish specific information out of the retry database." before "Given
// a mail domain, it looks up the hosts …", which names it only as "it".
// nil when there is none.
func meansBefore(cands []*candidate, lead *candidate, question string) *candidate {
	k := lead.pos - 1
	if k < 0 || lead.block || lead.opens {
		return nil
	}
	if c := cands[k]; c.source == lead.source && c.headingText == lead.headingText && !c.block && !c.code && namesByWord(c.text, question) {
		return c
	}
	return nil
}

// namedByWord matches a sentence giving a program or thing its name in
// words: "a utility called exinext", "the sinfo command".
var namedByWord = regexp.MustCompile(namedByWordPattern)

// namedByWordPattern is namedByWord's expression, which meansName also
// holds.
const namedByWordPattern = `\b[a-z][a-z0-9_-]*[a-z0-9]\s+command\b|\b(?:called|named)\s+[a-z][a-z0-9_.-]*[a-z0-9]\b`

// namesByWord reports whether text names a means the question does not
// write by one of namedByWord's constructions: the identifiers meansName
// also finds ("PostgreSQL", "mod_deflate") are as often the subject of
// the sentence before an answer as its means.
func namesByWord(text, question string) bool {
	m := namedByWord.FindString(text)
	return m != "" && namesMeans(m, question)
}

// headsSubject reports whether the name heading c's section is what the
// question asks about, written in words ("How do I get exact output from
// the JPEG 2000 encoder?" under "9.5 jpeg2000"): the subject, not the
// means, which the sentences after the lead may still name.
func headsSubject(c *candidate, question string) bool {
	return slices.ContainsFunc(aliasNames(c.headingText), func(n string) bool { return spells(question, n) })
}

// sharesWord reports whether c's own words (not its heading's) hold one
// of words, the stems of the question's content words.
func sharesWord(c *candidate, words map[string]bool) bool {
	for t := range c.terms {
		if words[t] {
			return true
		}
	}
	return false
}

// meansInHeading reports whether, for a question asking how, the lead
// (chosen[0]) stands inside a section headed by a name the question does
// not write ("truncatechars" over "Truncated strings will end with a
// translatable ellipsis character") while no chosen sentence names a
// means: the heading is then the means, quoted before the lead.
//
// A question asking which option does something ("Which command-line flag
// restarts my program whenever one of its source files changes?") is
// answered by an option's entry the same way, the entry's first sentence
// or one below it ("--watch" over "Starts Node.js in watch mode. When in
// watch mode, changes in the watched files cause the Node.js process to
// restart."); a name heading is no option.
func meansInHeading(chosen []*candidate, question string) bool {
	lead := chosen[0]
	switch {
	case howAsked.MatchString(question):
		if !headingMeans(lead, question) {
			return false
		}
	case optionAsked.MatchString(question) && !commandOption.MatchString(question):
		// Other sentences may name other options ("… such as --import");
		// the lead's entry is the one asked for unless it names one.
		return optionHeading(lead.headingText) != nil && headingMeans(lead, question) && !commandOption.MatchString(lead.text)
	default:
		return false
	}
	return !slices.ContainsFunc(chosen, func(c *candidate) bool { return namesMeans(c.text, question) })
}

// headingMeans reports whether c stands in a section headed by a name that
// neither c nor the question spells: an options list's entry ("-k
// --keep-index" over "All changes already added to the index are left
// intact.", below the entry's first sentence) or a name heading
// (nameHeading) that is not the question's subject in words (headsSubject).
func headingMeans(c *candidate, question string) bool {
	if c.code || c.capsTitle {
		return false
	}
	if spellings := optionHeading(c.headingText); spellings != nil {
		return !slices.ContainsFunc(spellings, func(o string) bool { return containsOption(c.text, o) || containsOption(question, o) })
	}
	return spellsNone(aliasNames(c.headingText), c.text, question) && !headsSubject(c, question)
}
