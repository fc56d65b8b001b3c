package extractive

import (
	"iter"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/retrieve"
)

// Answers that name what was asked. "Which variable holds the path of the
// top level source directory?" is answered by a NAME, and reference manuals
// often give it only as the heading of the section whose first sentence
// describes it ("CMAKE_SOURCE_DIR" over "The path to the top level of the
// source tree."). When the lead opens a section headed by a name it neither
// spells nor the question does, the heading line is quoted before it,
// verbatim and under the same citation, as the source prints it.

// nameHeading returns the name a heading line gives ("CMAKE_SOURCE_DIR",
// "work_mem" of "work_mem (integer)", "len" of "len(s)", "ALTER TABLE"), or
// "" when the heading is prose ("Description", "11.8. Partial Indexes") or
// a Markdown heading (quoting its marks would not read as a name).
func nameHeading(heading string) string {
	if heading == "" || strings.HasPrefix(heading, "#") || strings.Contains(heading, "\n") {
		return ""
	}
	if n := numberedName.FindStringSubmatch(heading); n != nil {
		// "2.7 dca_core", "F.12. dblink": a numbered section of one
		// name, as Texinfo and DocBook number every entry.
		heading = n[1]
	}
	m := headingName.FindString(heading)
	if m == "" {
		return ""
	}
	if sectionNumber.MatchString(m) || manSections[m] {
		return ""
	}
	if strings.ContainsAny(m, "_.:()") || strings.ToLower(m[:1]) == m[:1] || strings.ToUpper(m) == m && len(m) > 1 || m == heading && camelCase(m) ||
		settingList.MatchString(heading) {
		return strings.TrimRight(m, ".:(")
	}
	return ""
}

// settingList matches a heading of key=value settings' names, as systemd's
// pages head each entry: "Persistent=", "KillOnlyUsers=, KillExcludeUsers=".
// The sign makes a capitalised word a name.
var settingList = regexp.MustCompile(`^[A-Za-z][\w-]*=(?:, [A-Za-z][\w-]*=)*$`)

// camelCase reports a word with a capital after a small letter
// ("KillWait", "MaxJobCount"): a setting's name, where a capitalised
// word alone ("Description") is a title.
func camelCase(w string) bool {
	prevLower := false
	for _, r := range w {
		if unicode.IsUpper(r) && prevLower {
			return true
		}
		prevLower = unicode.IsLower(r)
	}
	return false
}

// aliasNames returns the names a heading gives on each of its lines when
// every line is one (nameHeading): Sphinx prints an entry's aliases as
// lines of its signature ("re.X\nre.VERBOSE"); a one-line heading gives
// its one name, or the one long option its title spells. Nil otherwise.
func aliasNames(heading string) []string {
	if !strings.Contains(heading, "\n") {
		if name := nameHeading(heading); name != "" {
			return []string{name}
		}
		// A title spelling one long option names it: "The
		// --zero-fill-buffers command-line option" heads the section that
		// answers "Which flag makes every new Buffer be filled with
		// zeros?".
		if m := longOption.FindAllStringSubmatch(heading, 2); len(m) == 1 {
			return []string{m[0][1]}
		}
		return nil
	}
	if strings.Count(heading, "\n") > 2 {
		return nil
	}
	var out []string
	for line := range strings.Lines(heading) {
		name := nameHeading(strings.TrimSpace(line))
		if name == "" {
			return nil
		}
		out = append(out, name)
	}
	return out
}

// spellsNone reports whether neither text nor question spells any of
// names.
func spellsNone(names []string, text, question string) bool {
	return spellsNoneBy(names, text, question, containsWord)
}

// spellsNoneBy is spellsNone with spelled telling whether text spells a
// name; the question may write a name in any case.
func spellsNoneBy(names []string, text, question string, spelled func(text, name string) bool) bool {
	return len(names) > 0 && !slices.ContainsFunc(names, func(n string) bool { return spelled(text, n) || containsWord(question, n) })
}

// spelledIn reports whether text spells name: as containsWord does, but
// in capitals when the name is written so (textutil.AllCapitals). The
// name line nameLine quotes is the name's: zsh's option BEEP heads "Beep
// on error in ZLE.", which writes the word, not the name ("How do I stop
// zsh from beeping?" is answered by the option). Choosing sentences
// still reads the word as the name (namedBy, headingMeans): "parallel
// restricted" under PARALLEL speaks of the keyword.
func spelledIn(text, name string) bool {
	if textutil.AllCapitals(name) {
		return holdsWord(text, name)
	}
	return containsWord(text, name)
}

// spells reports whether s writes name, as a whole word or as words that
// join into it: "the JPEG 2000 encoder" names jpeg2000, "dead letter
// queue" dead_letter_queue. spellsNone does not join words: "Set the
// noise reduction in dB" does not give the option's name,
// noise_reduction, which the answer should.
func spells(s, name string) bool {
	if containsWord(s, name) {
		return true
	}
	joined := strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(name))
	if joined == "" || strings.ContainsFunc(joined, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		return false
	}
	words := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for i := range words {
		run := ""
		for j := i; j < len(words) && j < i+4 && len(run) < len(joined); j++ {
			if run += words[j]; run == joined && j > i {
				return true
			}
		}
	}
	return false
}

// manSections are the conventional section headings of a manual page
// (man-pages(7)): written in capitals like a command or a signal name
// ("VACUUM", "SIGHUP"), they name no means ("DESCRIPTION" over "-f / Flush
// the queue").
var manSections = map[string]bool{
	"NAME": true, "SYNOPSIS": true, "DESCRIPTION": true, "OPTIONS": true, "COMMANDS": true, "EXAMPLES": true,
	"EXAMPLE": true, "FILES": true, "ENVIRONMENT": true, "DIAGNOSTICS": true, "BUGS": true, "NOTES": true,
	"AUTHOR": true, "AUTHORS": true, "HISTORY": true, "SEE": true, "CONFIGURATION": true, "EXIT": true,
	"RETURN": true, "ERRORS": true, "LICENSE": true, "SECURITY": true, "STANDARDS": true, "OVERVIEW": true,
}

// longOption matches a long command-line option in a title; its group is
// the option.
var longOption = regexp.MustCompile("(?:^|[\\s(`'\"])(--[A-Za-z][\\w-]*\\w)(?:[\\s)`'\",.:]|$)")

// numberedName matches a numbered heading whose title is one token; the
// group is the token.
var numberedName = regexp.MustCompile(`^(?:[A-Z]\.)?(?:\d+\.)*\d+\.?\s+(\S+)$`)

// sectionNumber matches a numbered heading's number ("F.28.", "20.4.1",
// "IV.3"); a version inside a name ("downgrade-1.0") is none.
var sectionNumber = regexp.MustCompile(`^[A-Za-z]?\.?\d|^[A-Za-z]+\.\d`)

// headingName is the first token of a heading line that may be a name: an
// identifier, optionally dotted, with a call's parentheses, or a run of
// upper-case keywords.
var headingName = regexp.MustCompile(`^(?:[A-Z][A-Z0-9_]*(?:\s+[A-Z][A-Z0-9_]+)+\b|[A-Za-z_][\w.:-]*(?:\(|\b))`)

// namedBy returns the heading line to quote before the lead sentence c:
// the sentence opens a section headed by a name (nameHeading) that neither
// the sentence nor the question spells, or, when the question asks which
// thing of a kind does something (nameQuestion) or how to do something
// that an option does (optionAnswers), lies anywhere in such a section:
// "Which timer option catches up on missed runs?" is answered by
// Persistent='s third sentence, and the answer is the entry's name. A
// sentence that points back at its section's subject (pointsBack) is
// named wherever it stands and whatever the question. Under
// a heading that names nothing, a which-program question may be answered
// by the page's title line (titleNamed). "" otherwise.
func namedBy(c *candidate, question string) string {
	return namedAs(c, question, containsWord)
}

// namedAs is namedBy with spelled telling whether a text spells a name:
// the name line quoted before a sentence (nameLine) reads a name in
// capitals only as written (spelledIn); which sentence names the means
// (means.go) reads the word as the name too.
func namedAs(c *candidate, question string, spelled func(text, name string) bool) string {
	if !c.opens && !pointsBack.MatchString(c.text) && !nameQuestion.MatchString(question) && !optionAnswers(c, question) || c.code || c.capsTitle {
		return ""
	}
	if spellings := optionHeading(c.headingText); spellings != nil {
		// "-b\n--branch" over "Show the branch and tracking info even in
		// short-format.": the option is the answer to "How do I get …?".
		if slices.ContainsFunc(spellings, func(o string) bool { return containsOption(c.text, o) || containsOption(question, o) }) {
			return ""
		}
		return c.headingText
	}
	names := aliasNames(c.headingText)
	if names == nil {
		return titleNamed(c, question)
	}
	if !spellsNoneBy(names, c.text, question, spelled) {
		return ""
	}
	return c.headingText
}

// pointsBack matches a sentence whose subject is a pronoun, a possessive
// or a demonstrative ("It contains safe portable string functions …",
// "Its initial value is taken from …", "This is the default merge
// strategy when …"): under a name heading, what it is about is the
// heading's name, which the sentence never spells.
var pointsBack = regexp.MustCompile(`^(?:It|Its|This|These|They|Their)\s`)

// optionAnswers reports whether c stands in an option's entry (an options
// list's entry line heads it: optionHeading) and the question asks how to
// do something: the option is the answer, whichever sentence of its entry
// says what it does. "How do I make git submodule update also handle
// submodules nested inside submodules?" is answered by --recursive's third
// sentence, "The operation is performed not only in the submodules of the
// current repo, but also in any nested submodules …", which names no
// option.
func optionAnswers(c *candidate, question string) bool {
	return optionHeading(c.headingText) != nil && retrieve.DetectIntent(question) == retrieve.IntentHowTo
}

// optionHeading returns the options a heading spells when it is an options
// list's entry line or lines ("-b\n--branch", "--untracked", "--depth
// <depth>", "-f, --force"): every line starts with an option; nil
// otherwise.
func optionHeading(heading string) []string {
	if heading == "" || strings.Count(heading, "\n") > 2 {
		return nil
	}
	var out []string
	for line := range strings.Lines(heading) {
		spellings := textutil.OptionSpellings(line)
		if spellings == nil {
			return nil
		}
		out = append(out, spellings...)
	}
	return out
}

// containsOption reports whether text writes option as a whole token.
func containsOption(text, option string) bool {
	return strings.Contains(text, option) && optionPattern(option).MatchString(text)
}

// markCapsTitles sets capsTitle on the sentences of a section headed
// by upper-case words ("COMMANDS", "GIT URLS", "SHAKE variable length
// digests") that no sentence of the prompt spells in capitals. Manual
// pages shout their section titles, which are not names; a keyword
// heading ("ALTER TABLE", "CASCADE") is spelled so in the text too. A name
// with digits, underscores or dots (SQLITE_MAX_DEPTH) is a name anyway.
func markCapsTitles(cands []*candidate) {
	spelled := map[string]bool{}
	for _, c := range cands {
		name := nameHeading(c.headingText)
		if name == "" || strings.ToUpper(name) != name || strings.ContainsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && r != ' ' }) {
			continue
		}
		ok, seen := spelled[name]
		if !seen {
			re := namePattern(name, false)
			ok = slices.ContainsFunc(cands, func(o *candidate) bool { return re.MatchString(o.text) })
			spelled[name] = ok
		}
		c.capsTitle = !ok
	}
}

// containsWord reports whether s spells name as a whole word, ignoring case.
func containsWord(s, name string) bool {
	return holdsWord(strings.ToLower(s), strings.ToLower(name))
}

// holdsWord reports whether s spells name as a whole word, as written.
func holdsWord(s, name string) bool {
	for k := range occurrences(s, name) {
		end := k + len(name)
		if (k == 0 || !isWordByte(s[k-1])) && (end == len(s) || !isWordByte(s[end])) {
			return true
		}
	}
	return false
}

// occurrences yields the offset of every occurrence of sub in s,
// overlapping ones included.
func occurrences(s, sub string) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i <= len(s); {
			k := strings.Index(s[i:], sub)
			if k < 0 || !yield(i+k) {
				return
			}
			i += k + 1
		}
	}
}

// isWordByte reports whether b is an ASCII letter (either case), digit or
// '_': a byte that continues a word.
func isWordByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// nameLine returns what to print before the lead sentence c: its section's
// heading line and a line break when the heading names what c describes
// (namedBy), "" otherwise. The two lines are the source's own, in its
// order, so the validator reads them as one quoted statement of c's source.
func nameLine(c *candidate, question string) string {
	if h := namedAs(c, question, spelledIn); h != "" {
		return h + " [" + c.label + "]\n\n"
	}
	return ""
}

// nameQuestion matches a question asking which thing of a kind does
// something ("Which variable holds …", "What option makes …", "Which
// timer option catches up …"): the kind word, after at most one word that
// says whose, then the verb that frames the description.
var nameQuestion = regexp.MustCompile(`(?i)^\s*(?:which|what)\s+(?:[\w.-]+\s+)?(` + nameKinds + `)s?\s+([a-z]+)\b`)

// nameKinds are the kinds of named things manuals document one per section.
const nameKinds = `variable|option|command|setting|parameter|function|method|property|module|flag|key|field|keyword|directive|macro|policy|extension|tool|program|utility|attribute|package|crate|trait|class|pragma|switch|hook|library|filter|encoder|decoder|codec|muxer|demuxer|protocol|strategy|algorithm|signal|event|handler|generator|backend|driver|plugin|subcommand|builtin|constant|exception`

// scoreFrame takes back from the score (never the overlap, which the
// support decision reads) what a which-X question's frame, its kind word
// and the verb after it ("Which variable holds …"), earned in sentences
// that point at their section's subject instead of naming it ("This
// variable holds the major version …"): every sibling section repeats that
// frame, and the one that answers matches the description after it. A
// sentence that names the thing ("The pgcrypto module provides …") keeps
// the credit: measured, taking it from every sentence cost key facts.
func scoreFrame(cands []*candidate, question string, idf map[string]float64, qterms []string) {
	m := nameQuestion.FindStringSubmatch(question)
	if m == nil {
		return
	}
	total := 0.0
	for _, t := range qterms {
		total += idf[t]
	}
	if total == 0 {
		return
	}
	deictic := regexp.MustCompile(`(?i)^(?:this|these)\s+` + regexp.QuoteMeta(m[1]) + `s?\b`)
	for _, w := range []string{m[1], m[2]} {
		if textutil.IsStopword(strings.ToLower(w)) {
			continue
		}
		t := textutil.Stem(strings.ToLower(w))
		for _, c := range cands {
			switch {
			case c.overlap == 0 || !deictic.MatchString(c.text):
			case c.terms[t]:
				c.score -= idf[t] / total
			case c.heading[t]:
				c.score -= headingWeight * idf[t] / total
			}
		}
	}
}
