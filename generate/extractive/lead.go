package extractive

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// The lead sentence. Scores rank sentences by how much of the question
// they cover; a question asking for an amount or a definition is answered
// only by a sentence of that form, and one that covers more words without
// it (a side remark on the same setting) must not open the answer while a
// sentence that answers is at hand.

// formLead returns the sentence the answer must open with, or nil to let
// the scores decide. Only sentences covering need of the question and the
// relative cut-off of choose qualify; among them, the best-scoring one
// that: for an amount question (amountTerms), states the amount
// (statesAmount, the support decision's test, plus a figure and what is
// counted); for a question asking for a default value, states a default
// (defaultStated) under or naming what the question writes as code
// (namesAll); for a question asking what a call returns, says what is
// returned, under or naming the call (statesReturn, namesAll); for a
// definition question, defines its subject
// (definesSubject: starts by naming it, or opens the section its heading
// names; the sentence opening a one-word subject's entry line, entryOf,
// ranks above the others). Between entries, a description and the
// subjectless default after it are weighed together (entryGain).
func (g *Generator) formLead(cands []*candidate, a *ask, need float64) *candidate {
	counted, isAmount, amountOf := a.counted, a.isAmount, a.amountOf
	best := 0.0
	for _, c := range cands {
		best = max(best, c.overlap)
	}
	cut := max(need, g.minRelative*best)
	var lead *candidate
	leadRank, leadScore := 0, 0.0
	task := askedTask(a.question)
	for i, c := range cands {
		// A default stated under the setting's own heading beats one that
		// names the setting in passing ("It defaults to -1, indicating that
		// the value of maintenance_work_mem should be used instead." under
		// autovacuum_work_mem), whatever their scores; so does a property
		// box row that answers (rowAnswers) any sentence. The row of the
		// parameter whose default is asked beats both: an entry's other
		// rows name it in passing ("- maxRetries … ignored if the
		// recursive option is not true. Default: 0.").
		row := rowAnswers(c, a) && namesAll(a.named, cands, i)
		under := row || (a.isDefault || a.isReturn) && len(a.named) > 0 && headingNames(a.named, c)
		// An entry's default row above its description ("Default:
		// 'DENY'" over "The default value for the X-Frame-Options header
		// …") gives the default the description covers.
		below := -1
		if a.isDefault {
			below = describedBelow(cands, i, cut)
		}
		above := below >= 0
		signed := a.isDefault && a.inSignature(c)
		rank := 0
		switch {
		case c.spells:
			// "GIN stands for Generalized Inverted Index." over "GIN is
			// designed for …", whatever the definition rules say.
			rank = 3
		case a.isDefault && rowOf(c.text, a.defaulted):
			rank = 2
		case under || above || signed || c.headEntry || isAmount && c.opens && a.extentEntry(c):
			// The first sentence of the entry an extent question names
			// ("TCPTimeout": "Time permitted for TCP connections to be
			// established.", its default after it) over a sentence
			// elsewhere with every word and another figure.
			rank = 1
		case a.entryName != "" && c.opens && !c.block && entryOf(c.headingText, a.entryName):
			// "It makes HAProxy run on <number> threads." opening the
			// entry "nbthread <number>" over a later sentence that leads
			// with the name ("\"nbthread\" also works when …").
			rank = 1
		case len(a.subject) > 0 && c.opens && (!c.block || summaryLine.MatchString(c.text)) && opensWithName(c.text, a.named):
			// "LOCK TABLE obtains a table-level lock, …", the first
			// sentence of its page's description, over a note that leads
			// with the same stems ("The tables are locked one-by-one …").
			rank = 1
		}
		// An option's entry in an options list is its definition by form,
		// like a row: the synopsis that lists it among the others covers
		// more of the question ("ab [ -A … ] [ -t timelimit ]").
		// So does a sentence in the entry of what an extent question asks
		// about ("How long can a username be …?" under "username": "150
		// characters or fewer."): a sentence elsewhere that covers every
		// word and gives no figure sets the cut.
		score := c.score + a.entryGain(cands, i)
		if c.overlap < cut && !(c.overlap >= need && (row || c.spells || c.entry || c.headEntry || a.isDefault && continues(cands, i, cut) ||
			isAmount && headedByQuestion(c, a.words) && headingNamesExtent(c, a.extentOf))) && !above ||
			c.code || lead != nil && (rank < leadRank || rank == leadRank && !outscores(score, leadScore, c, lead, a.words)) {
			continue
		}
		var ok bool
		switch {
		case row || c.spells:
			ok = true
		case isAmount:
			var prev *candidate
			if i > 0 && cands[i-1].source == c.source {
				prev = cands[i-1]
			}
			// Cheap tests first: every candidate that covers the question
			// is tried. A figure in the raw text is necessary, since
			// cutting references removes figures and never makes one.
			//
			// An extent counts nothing a sentence could name: its figure
			// leads from the entry of the thing asked about
			// (headedByQuestion), else the score decides.
			ok = (namesCounted(counted, c, prev) || a.extentEntry(c)) && statedNumber.MatchString(c.text) &&
				statesAmount(counted, amountOf, true, c, prev) &&
				statedNumber.MatchString(notReference.ReplaceAllString(c.text, "")) && a.figure.kindStated(figureText(c)) ||
				// For a count, or any amount asked as a default, an entry's
				// description whose default row above gives the figure ("-
				// <integer> Default: 8192" over "This is the size (in
				// bytes) of pre-allocated internal Buffer instances …"):
				// figureAfter quotes the row after it. (Any other extent
				// question's lead is left to the score.)
				(a.figure.count || a.defaultAsked) && c.opens && entryFigure(counted, amountOf, a.figure, cands, i) != nil ||
				// A description whose next sentence gives the amount ("When
				// there are more than this many packs …, git gc --auto
				// consolidates them … . The default value is 50."):
				// figureAfter quotes that sentence second.
				amountContinues(counted, amountOf, a.figure, cands, i) || a.defaultAfter(cands, i) >= 0
		case a.isDefault:
			// The row names nothing; its description names what the
			// question does.
			ok = a.statesDefault(cands, i) || above && namesAll(a.named, cands, below) || signed
		case a.isReturn:
			ok = statesReturn(c.text) && namesAll(a.named, cands, i)
		case c.entry || c.headEntry:
			ok = true
		case len(a.subject) > 0:
			// Another command's sentence naming the option defines it for
			// that command.
			ok = definesSubject(c, a) && namesWritten(a, cands, i) && (a.option == "" || c.owned)
		case task != "":
			ok = taskTitle(cands, i, task, a.question)
		}
		if ok {
			lead, leadRank, leadScore = c, rank, score
		}
	}
	return lead
}

// extentEntry reports whether a is an extent question and c sits in the
// entry of the thing it asks about, the only place whose figure may lead
// an extent's answer by form.
func (a *ask) extentEntry(c *candidate) bool {
	return isExtent(a.counted) && headedByQuestion(c, a.words) && headingNamesExtent(c, a.extentOf)
}

// outscores reports whether c beats lead at equal rank: by score (as
// formLead weighs it, entryGain included, between entries), and at
// equal score by saying less besides the question in its heading
// (headingExtra). Sibling entries' rows tie: "Default: |
// DeflateInflateRatioBurst 3" and "Default: | DeflateInflateRatioLimit
// 200" cover "the default maximum inflation ratio for request bodies"
// alike, but only the second's box is described by it ("Maximum inflation
// ratio for request bodies", not "Maximum number of times the inflation
// ratio … can be crossed").
func outscores(score, leadScore float64, c, lead *candidate, words map[string]bool) bool {
	if sameEntry(c, lead) {
		score, leadScore = c.score, lead.score
	}
	if score != leadScore {
		return score > leadScore
	}
	return headingExtra(c, words) < headingExtra(lead, words)
}

// headedByQuestion reports whether c's heading is made of the question's
// own words: the entry of the thing asked about. An identifier counts by
// its parts: "TCPTimeout" heads the entry of "the TCP connect timeout".
func headedByQuestion(c *candidate, words map[string]bool) bool {
	if len(c.heading) == 0 {
		return false
	}
	for t := range c.heading {
		if !words[t] && !joinedOf(t, c.heading) {
			return false
		}
	}
	return true
}

// joinedOf reports whether term t is two or more other terms of set
// written together ("tcptimeout" of "tcp" and "timeout"): an
// identifier's whole, whose parts the set holds.
func joinedOf(t string, set map[string]bool) bool {
	var from func(rest string, n int) bool
	from = func(rest string, n int) bool {
		if rest == "" {
			return n >= 2
		}
		for p := range set {
			if p == t || p == "" {
				continue
			}
			if strings.HasPrefix(rest, p) && from(rest[len(p):], n+1) {
				return true
			}
		}
		return false
	}
	return from(t, 0)
}

// headingNamesExtent reports whether c's heading names what an extent
// question asks about (extent: its words, the head noun last): every
// word, or of three or more all but one besides the head noun. An
// entry's name leaves out what it takes for granted: "TCPTimeout" is the
// "TCP connect timeout".
func headingNamesExtent(c *candidate, extent []string) bool {
	if len(extent) < 3 {
		return headingHas(c, extent)
	}
	missing := 0
	for _, t := range extent {
		if !c.heading[t] {
			missing++
		}
	}
	return missing == 0 || missing == 1 && c.heading[extent[len(extent)-1]]
}

// headingHas reports whether c's heading holds every one of terms, and
// there is at least one.
func headingHas(c *candidate, terms []string) bool {
	for _, t := range terms {
		if !c.heading[t] {
			return false
		}
	}
	return len(terms) > 0
}

// headingExtra counts the terms of c's heading the question does not use.
func headingExtra(c *candidate, words map[string]bool) int {
	n := 0
	for t := range c.heading {
		if !words[t] {
			n++
		}
	}
	return n
}

// continues reports whether cands[i] follows, in its source, a sentence
// that covers cut of the question: "If no argument is given, the process
// is sent 'SIGTERM'." after "The subprocess.kill() method sends a signal
// to the child process." gives the default of what the sentence before
// describes, in words of its own.
func continues(cands []*candidate, i int, cut float64) bool {
	return i > 0 && cands[i-1].source == cands[i].source && cands[i-1].overlap >= cut
}

// describedBelow returns, when cands[i] is an entry's default row
// ("Default: 'DENY'") and the entry's description (the first sentence
// after its fact rows) covers cut of the question, the description's
// index; -1 otherwise.
func describedBelow(cands []*candidate, i int, cut float64) int {
	c := cands[i]
	if !defaultRow.MatchString(c.text) || defaultReference.MatchString(c.text) {
		return -1
	}
	for k := i + 1; k < len(cands) && cands[k].source == c.source && cands[k].headingText == c.headingText; k++ {
		if !entryRow(cands[k].text) {
			if cands[k].overlap >= cut {
				return k
			}
			return -1
		}
	}
	return -1
}

// headingNames reports whether the sentence's heading spells every one of
// the question's written-as-code terms.
func headingNames(named []*regexp.Regexp, c *candidate) bool {
	for _, re := range named {
		if !re.MatchString(c.headingText) {
			return false
		}
	}
	return true
}

// statedNumber is stricter than amountCue, which the support decision
// uses: a sentence leading the answer must give the figure. "one" is
// mostly a pronoun ("one of these parameters"), and a digit inside a word
// ("-j1", "shake_128") names something rather than counts it.
var statedNumber = regexp.MustCompile(`(?i)(^|[^\w-])\d|\b(` + figureWords + `|arbitrar(y|ily))\b`)

// figureWords are the words that give a figure without digits (from two
// up: "one" is mostly a pronoun), or say there is no bound.
const figureWords = `two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|thousand|million|billion|half|twice|unlimited|infinite|infinity|zero|no\s+(fixed\s+)?limit|any\s+number`

// notReference matches numbers that refer rather than count: listings,
// tables, sections, versions ("3.2.1", "v1.2"), manual page sections
// ("git-tag(1)", "glob(7)"), and protocol versions ("HTTP/1.1", "TLS 1.3",
// "IPv6").
var notReference = regexp.MustCompile(`(?i)\b(listing|table|figure|example|section|chapter|appendix|step|version|versions|release|python|postgresql|rust|pep|rfc)\s+\d[\w.-]*|#\d+|\b\d+\.\d+\.\d+\b|\bv\d+(?:\.\d+)+[a-z]?\b|\b[a-z][\w.-]*\(\d[a-z]?\)|` +
	`\b[a-z]{2,}/\d+(?:\.\d+)?\b|\b(?:tls|ssl|dtls|ipv|smtp|http|imap|pop|snmp|nfs|smb)v?\s?\d+(?:\.\d+)?\b`)

// namesCounted reports whether the sentence, its heading or the sentence
// before it names what the question counts. statesAmount lets any
// sentence giving a default pass ("-1 (the default) means no limit."),
// which answers only under the setting the question asks about.
func namesCounted(counted []string, c, prev *candidate) bool {
	var before map[string]bool
	if prev != nil {
		before = prev.terms
	}
	return countedAmong(counted, c.terms, c.heading, before)
}

// countedAmong reports whether one of the term sets (nil for none) holds
// a term of what the question counts; true when it counts nothing but a
// limit.
func countedAmong(counted []string, terms, heading, before map[string]bool) bool {
	any := false
	for _, t := range counted {
		if t == limitMark {
			continue
		}
		any = true
		if terms[t] || heading[t] || before[t] {
			return true
		}
	}
	return !any
}

// omittedArgument matches what an API reference says holds when an
// argument is left out: "If no argument is given, the process is sent
// 'SIGTERM'", "If the Y argument is omitted or negative, it is taken to
// be 0", "if omitted, …", and what holds when nothing is set: "The load
// balancing algorithm of a backend is set to roundrobin when no other
// algorithm, mode nor option have been set", "If not set, …", "Unless
// otherwise specified, …". The value it goes on to name is the default.
const omittedArgument = `\b(?:if|when)\s+no\s+(?:[\w,]+\s+){0,5}(?:is|are|has\s+been|have\s+been)\s+(?:given|specified|provided|passed|supplied|set|configured|selected|chosen)\b|\b(?:is|are)\s+omitted\b|\b(?:if|when)\s+omitted\b|` +
	`\b(?:if|when)\s+(?:none|nothing)\s+is\s+(?:given|specified|provided|set|configured|selected)\b|\b(?:if|when)\s+not\s+(?:set|specified|given|provided|configured)\b|\bunless\s+otherwise\s+(?:specified|set|configured|stated|noted)\b`

// defaultQuestion matches a question asking for a default value ("What
// is the default value of X?", "Which port … by default?"), unless it asks
// what something does (notValue: "What does a program do by default
// when …"); defaultStated a
// sentence that gives one ("The default is 4.0.", "It defaults to 64MB",
// "hex (the default)", "a value greater than 4 (its current default
// value)", "; 5432 by default", "By default this is empty.",
// "The shell sets the default value to 500 …", "the default is set to 8"
// of the entry itself, one after another clause ("Range is 1 to 128 and
// default is 3.", "…, default is 44100."), a default several words long
// given as a figure or quoted ("the default file name prefix is
// “ffmpeg2pass”"), an option's "Default value is 1.", a property box's "Default: |
// KeepAlive 5" row, an option's "Default: 5000." label, what holds when
// the argument is omitted: omittedArgument), a value list's item that
// calls itself the default ("- bitmap: The default format, …"), not one
// that only mentions it ("than the default value reflects", "the default hash function is
// too slow", "By default, the server waits for …").
var (
	defaultQuestion = regexp.MustCompile(`(?i)^\s*(what|which)\b.*(\bby\s+default\b|\bthe\s+(built-in\s+)?default\b|\bdefaults?\s+to\b)`)
	notValue        = regexp.MustCompile(`(?i)^\s*what\s+(does|do|did|happens)\b`)
	// defaultsTo matches "… default to?", which asks for a value even in
	// notValue's form ("What does the encoding option default to?").
	defaultsTo    = regexp.MustCompile(`(?i)\bdefaults?\s+to\s*\?*\s*$`)
	defaultStated = regexp.MustCompile(`(?i)\b(the\s+(built-in\s+)?default(\s+\w+)?\s+(is|was)\b|(?-i:[Dd]efaults|[Dd]efaulting)\s+to\b|is\s+\S+\s+by\s+default\b)|[;:]\s*\S+\s+by\s+default\b|\((?:the|its)\s+(?:current\s+)?default(?:\s+value|\s+setting)?\)|\(default\)|^default:?\s*\|\s*\S|(?-i:\bDefault:)\s*\S|^by\s+default,?\s+(?:this|it)\s+(?:is|are)\s+\w|^default(?:\s+value)?\s+is\s+\S|\bsets?\s+(?:the|its)\s+default(?:\s+value)?\s+to\s+\S|\bdefault(?:\s+value)?\s+is\s+set\s+to\s+\S|` +
		`(?:[,;(]|\band)\s*default(?:\s+value)?\s+is\s+\S|\b(?:its|their)\s+default(?:\s+value)?\s+(?:is|are)\s+\S|^[-*•]\s+[^:\n]{1,60}:\s+(?:the\s+)?default\b(?:\s+[\w-]+)?\s*[,.;(–—]|\bthe\s+default(?:\s+[\w-]+){2,3}\s+is\s+(?:["“'‘` + "`" + `]|\d)|` + omittedArgument)
)

// defaultReference matches a default row that points elsewhere instead of
// giving a value ("Default: See profile docs.", "Default: | see below"):
// it states no default, and under a sibling key it would lead the answer
// to "What opt-level do the dev and release profiles use by default?".
// So does a default that is another setting's ("Default: .connect_timeout
// attribute from the Backend definition, which defaults to the
// connect_timeout parameter"), where that setting's own row gives the
// value.
var defaultReference = regexp.MustCompile(`(?i)\bdefault(?:\s+value)?:\s*(?:\|\s*)?(?:see|refer\s+to|as\s+described)\b|` +
	`\bdefault(?:\s+value)?:.*\bdefaults?\s+to\s+the\s+[\w.-]+\s+(?:parameter|setting|option|variable|attribute|directive)\b`)

// statesDefaultValue reports whether text gives a default (defaultStated)
// rather than a pointer to one (defaultReference).
func statesDefaultValue(text string) bool {
	return defaultStated.MatchString(text) && !defaultReference.MatchString(text)
}

// namesAll reports whether every written-as-code term of the question
// (namedTerms) is in the sentence cands[i], its heading or the sentence
// before it in its source, or, for a property box's row, another row of
// its box: "The default is 2MB." answers a question about shared_buffers
// only under it, and "Default: | ReadLimit 20" one about mod_limit where
// its box's "Module: | mod_limit" row says so.
func namesAll(named []*regexp.Regexp, cands []*candidate, i int) bool {
	c := cands[i]
	var around []string
	around = append(around, c.text)
	if i > 0 && cands[i-1].source == c.source {
		around = append(around, cands[i-1].text)
	}
	around = append(around, c.headingText)
	if c.box >= 0 {
		for _, o := range cands {
			if o.box == c.box && o != c {
				around = append(around, o.text)
			}
		}
	}
	for _, re := range named {
		if !slices.ContainsFunc(around, re.MatchString) {
			return false
		}
	}
	return true
}

// opensWithName reports whether text starts with one of the names the
// question writes as code or in capitals (named), spelled as written, as
// the subject of its verb (leadingName). The name must be a command of
// several words or an identifier ("LOCK TABLE", "pg_basebackup"): a single
// word in capitals often qualifies the sentence's subject ("TOAST pointers
// can point to data that is not on disk").
func opensWithName(text string, named []*regexp.Regexp) bool {
	m := leadingName.FindStringSubmatch(text)
	if m == nil || !strings.ContainsAny(m[1], " _.(-") {
		return false
	}
	for _, re := range named {
		if loc := re.FindStringIndex(text); loc != nil && loc[0] == 0 {
			return true
		}
	}
	return false
}

// entryOf reports whether heading is the entry line of the subject name:
// the name followed by its arguments, type or default only ("nbthread
// <number>", "work_mem (integer)", "relayhost (default: empty)"). A
// heading going on in words ("CLUSTER Progress Reporting") is a section
// about something else.
func entryOf(heading, name string) bool {
	// Inner groups first: "[<thread-group>/]" is one group.
	for k := 0; k < 3 && bracketed.MatchString(heading); k++ {
		heading = bracketed.ReplaceAllString(heading, " ")
	}
	f := strings.Fields(heading)
	if len(f) != 1 {
		return false
	}
	if textutil.LettersKey(f[0]) == textutil.LettersKey(name) {
		return true
	}
	// A plain word in another form: "checkpoints" over "checkpoint".
	w, n := textutil.Words(f[0]), textutil.Words(name)
	return len(w) == 1 && len(n) == 1 && textutil.Stem(w[0]) == textutil.Stem(n[0])
}

// oneName returns the one word or name a definition's subject text
// writes besides articles and stop words ("a checkpoint",
// "recipient_delimiter"), "" when it writes more or none.
func oneName(rest string) string {
	name := ""
	for _, f := range strings.Fields(rest) {
		w := strings.Trim(f, "?!.,;:\"'()")
		if w == "" || textutil.IsStopword(strings.ToLower(w)) {
			continue
		}
		if name != "" {
			return ""
		}
		name = w
	}
	return name
}

// bracketed matches a bracketed group of an entry line: "<number>",
// "[<thread-group>/]", "(default: empty)".
var bracketed = regexp.MustCompile(`[(\[<{][^()\[\]<>{}]*[)\]>}]`)
