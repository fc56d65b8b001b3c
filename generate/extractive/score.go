package extractive

import (
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/internal/textutil"
)

// candidate is one quotable sentence of one source.
type candidate struct {
	source    int    // index in the prompt's sources (label order)
	pos       int    // index in the candidates, which are in reading order
	group     int    // the sentence it is, or is a line of (see quotableSpans)
	label     string // citation label, "S1"…
	relevance float64
	start     int      // byte offset in the source text, for reading order
	midLine   bool     // the sentence starts after other text on its line (unwrapped)
	text      string   // the sentence, verbatim
	words     []string // its words, lower-cased (textutil.Words)
	terms     map[string]bool
	// heading holds the terms of the heading the sentence stands under; a
	// question about "error E4" is answered by the sentences below the
	// heading "E4: Condensate drain blocked", which need not repeat it.
	heading map[string]bool
	// headingText is that heading as written, for exact names.
	headingText string
	// entryWords holds the terms of the first sentence of its source under
	// the same heading (see entryTerms): what its entry is about ("Set
	// window size, in milliseconds." under "window, w").
	entryWords map[string]bool
	// fills and headFills are the question's names whose template the
	// sentence or its heading writes (templateTerms): "KILN_<LANG>_FLAGS"
	// names KILN_CXX_FLAGS.
	fills, headFills []string
	// forms and headForms are the sentence's and heading's words read for
	// an amount's subject (wordForms), when first needed.
	forms, headForms *wordForms
	// context holds the terms of the source's title and of the headings
	// above the innermost one: the page and sections the sentence is in
	// (contextWeight).
	context map[string]bool
	// entry marks an entry of the question's command-line option in an
	// options list (optionEntry), set by optionTerm.
	entry bool
	// owned marks, for a question about an option, a sentence in the
	// entry of what the question names besides; headEntry the first
	// sentence of the option's entry there, written under a heading line
	// that spells it (markOwners).
	owned, headEntry bool
	// unitRow is, for a default row, its entry's unit row ("- Units:
	// seconds" for "- Default: 5.000"; markUnits).
	unitRow *candidate
	// path is the source's heading path as written, one heading a line:
	// "Class: http.Agent" names what the rows of its entry
	// "new Agent([options])" are about.
	path string
	// titleLine is the source's title when its text prints it as a line
	// of its own ("knotc – Knot DNS control utility" atop a manual page),
	// "" otherwise: what a which-program answer may quote to name the
	// program (titleNamed).
	titleLine string
	// block marks list items and unpunctuated lines, which read badly when
	// run into the previous sentence.
	block bool
	// tail: a short sentence that only goes on from the one before it
	// ("0 means forever." after "Loops movie playback <number> times."),
	// quoted with that sentence (figureOf), never on its own.
	tail bool
	// code marks a code block (fenced, or indented lines): quoted only
	// when nothing in prose answers as well (see codeWeight).
	code bool
	// codeLead marks a sentence ending in a colon kept because it leads
	// into the code after it (leadsIntoCode), unless it defines its
	// section's heading, and a command too short to be a candidate but
	// for such a sentence; dropCodeLeads keeps them for how-to questions
	// only.
	codeLead bool
	// spells marks a sentence that spells out the abbreviation the
	// question asks about (scoreExpansion).
	spells bool
	// lead holds the sentence's first content terms, where a definition
	// names its subject ("CLUSTER instructs PostgreSQL to ...").
	lead []string
	// named marks a sentence whose first word, after an article, is its
	// first content term: "Write-Ahead Logging (WAL) is …" names its
	// subject, "If there has been no write-ahead log activity …" does not.
	named bool
	// calls marks a definition by form that leadsWith cannot see: a
	// sentence that gives the subject its name, or the one a naming
	// sentence points back at (scoreCalled), or one that leads with a
	// subject written as a function word, "The with statement is …"
	// (scoreFunctionWordSubject).
	calls bool
	// opens marks the sentence right after a heading line of the source
	// text: under "E4: Condensate drain blocked" or "work_mem (integer)"
	// it says what the heading names.
	opens bool
	// note marks a change note ("New in version 3.13."), see versionNote.
	note bool
	// capsTitle marks a sentence of a section whose heading is an
	// upper-case title rather than a name (see markCapsTitles).
	capsTitle bool
	// box numbers the property box the sentence is a row of (see
	// propertyBoxes), unique over all sources; -1 for none.
	box int
	// sigRow marks a row of an entry's parameters or facts
	// (signatureRow), which says nothing of what the entry is.
	sigRow bool

	overlap float64 // IDF-weighted share of the question's terms, in [0, 1]
	score   float64 // overlap plus the source bonus
}

// countLeadIn matches a lead-in that counts what its list holds ("SQLite
// currently uses nine distinct types of temporary files:", "in 14
// different output formats:"): a figure before a plural noun. Unlike
// "The following options are available:", it states a fact, the one a
// "How many …" question asks for, so it stays a candidate. Its first group
// is the figure (withListAfter).
var countLeadIn = regexp.MustCompile(`(?i)(?:^|[^\w.-])(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\s+(?:[a-z-]+\s+){0,3}[a-z-]+s\b[^:]*:$`)

// collect splits every source into candidate sentences, skipping titles
// (heading lines and FAQ questions on a line of their own, which lend
// their words to the sentences under them instead), very short sentences,
// lead-ins ending in a colon (they announce a list rather than state
// anything), cross-references and sentences that carry a citation marker.
func collect(sources []generate.ContextSource, minWords int) []*candidate {
	var out []*candidate
	group, boxBase := 0, 0
	// Stemming dominates the cost; sources repeat their vocabulary.
	stems := map[string]string{}
	termSet := func(text string, words []string) map[string]bool {
		terms := map[string]bool{}
		add := func(w string) {
			if textutil.IsStopword(w) {
				return
			}
			st, ok := stems[w]
			if !ok {
				st = textutil.Stem(w)
				stems[w] = st
			}
			terms[st] = true
		}
		for _, w := range words {
			add(w)
		}
		// Stop words used as keywords ("UNION ALL", "the while
		// statement") are terms, as in the question (uniqueTerms).
		for w := range textutil.KeywordStopwords(text) {
			terms[w] = true
		}
		negatedForms(words, add)
		// An identifier holds the words it is made of (codeWordTerms),
		// and a member named by a stop word its own term (memberStopwords).
		codeWordTerms(text, add, func(m string) { terms[m] = true })
		return terms
	}
	for i, src := range sources {
		var heading map[string]bool
		var headingText string
		if h := src.Source.Chunk.Heading; len(h) > 0 {
			headingText = h[len(h)-1]
			heading = termSet(headingText, textutil.Words(headingText))
		}
		path := strings.Join(src.Source.Chunk.Heading, "\n")
		titleLine := printedTitle(src.Text, src.Source.Chunk.Title)
		context := contextTerms(src.Source.Chunk.Title, src.Source.Chunk.Heading, termSet)
		afterHeading := false
		// A property box's description row says what its other rows are
		// about (see describedRow); recordBox is the box it belongs to.
		var baseHeading map[string]bool
		var baseHeadingText string
		boxes := propertyBoxes(src.Text)
		// Only a source with a table of changes has its lines to skip.
		changes := strings.Contains(src.Text, "Version |")
		boxID := func(box int) int {
			if box < 0 {
				return -1
			}
			return boxBase + box
		}
		boxBase += len(boxes)
		recordBox := -1
		spans := quotableSpans(src.Text)
		for si, sp := range spans {
			text := src.Text[sp.Start:sp.End]
			group++
			box := boxAt(boxes, sp.Start)
			if recordBox >= 0 && box != recordBox {
				heading, headingText, recordBox = baseHeading, baseHeadingText, -1
			}
			row := box >= 0 && textutil.IsLabelRow(text)
			words := textutil.Words(text)
			// A line of a split block or a property box's row is not a
			// heading: code and table lines would otherwise replace the
			// real one.
			// Nor is an entry's fact line ("Default: 1000", "- <integer>
			// Default: 8192"), short and unpunctuated as it is.
			fact := factRow.MatchString(text) || defaultRow.MatchString(text)
			if !sp.split && !row && !fact && (textutil.IsHeadingLine(src.Text, sp.Span) || textutil.IsQuestionLine(src.Text, sp.Span)) {
				heading, headingText = termSet(text, words), text
				afterHeading = true
				continue
			}
			// A change note under a heading leaves the sentence after it
			// to open the section.
			note := isVersionNote(text) || changes && (textutil.InChangeTable(src.Text, sp.Start) || textutil.IsChangeTableLine(src.Text, sp.Span))
			// So do an API entry's rows of parameters and type: its
			// description, after them, says what the entry is.
			sigRow := signatureRow(text)
			listed := note || sigRow
			opens := afterHeading && !listed
			if afterHeading && usageRow.MatchString(text) {
				// "Usage:  docker top CONTAINER" under "top": the usage
				// line names the command its section documents, which
				// the heading gives only in part.
				merged := maps.Clone(heading)
				maps.Copy(merged, termSet(text, words))
				heading = merged
			}
			afterHeading = afterHeading && listed
			colon := strings.HasSuffix(text, ":")
			// A short command after the sentence leading into it ("…
			// with --show-output:" over "$ cargo test -- --show-output")
			// is what that sentence says (withCodeAfter).
			ledCode := si > 0 && strings.HasPrefix(text, "```") && strings.HasSuffix(src.Text[spans[si-1].Start:spans[si-1].End], ":")
			meaning := len(words) < minWords && valueMeaning.MatchString(text)
			if len(words) < minWords && !((row || fact || ledCode || meaning || returnsRow.MatchString(text) || shortDefault.MatchString(text) || summaryLine.MatchString(text)) && len(words) >= 2) ||
				len(words) > maxQuoteWords || citationLike.MatchString(text) ||
				colon && !countLeadIn.MatchString(text) && !leadsIntoCode(src.Text, spans, si, words) ||
				crossReference.MatchString(text) {
				continue
			}
			terms := termSet(text, words)
			dropValueNames(terms, text, words, headingText)
			if len(terms) == 0 {
				continue
			}
			for _, v := range textutil.SwitchedVerbs(text) {
				// "turns off all busy handlers" answers a question
				// about disabling them (textutil.Switched).
				terms[textutil.Stem(v)] = true
			}
			if row && recordBox < 0 && describedRow.MatchString(text) {
				// The rows after it ("Default: | DeflateInflateRatioLimit
				// 200") are about what it describes ("Maximum inflation
				// ratio for request bodies"), as rows under a heading.
				baseHeading, baseHeadingText, recordBox = heading, headingText, box
				merged := maps.Clone(terms)
				maps.Copy(merged, heading)
				heading, headingText = merged, strings.TrimSpace(headingText+"\n"+text)
			}
			var lead []string
			for _, w := range words {
				if len(lead) == leadTerms {
					break
				}
				if !textutil.IsStopword(w) {
					lead = append(lead, stems[w])
				}
			}
			k := 0
			for k < len(words) && articles[words[k]] {
				k++
			}
			code := strings.HasPrefix(text, "```") || strings.HasPrefix(text, "~~~") || strings.Contains(text, "\n") && looksLikeCode(text) || isSynopsis(text)
			out = append(out, &candidate{
				source: i, pos: len(out), group: group - sp.line, label: src.Label, relevance: src.Source.Relevance, start: sp.Start,
				midLine: sp.Start > 0 && src.Text[sp.Start-1] != '\n', text: text, words: words, terms: terms, heading: heading, headingText: headingText, path: path, titleLine: titleLine, context: context,
				block: code || isListItem(text) || !textutil.EndsSentence(text), code: code, lead: lead, opens: opens && !code, note: note,
				named: k < len(words) && !textutil.IsStopword(words[k]), box: boxID(box), sigRow: sigRow,
				codeLead: colon && !countLeadIn.MatchString(text) && !(opens && definesHeading(words, headingText)) ||
					ledCode && len(words) < minWords,
				tail: meaning,
			})
		}
	}
	markCapsTitles(out)
	markUnits(out)
	return out
}

// crossReference matches a sentence that sends the reader elsewhere ("See
// Chapter 19 for details.", "See also int() for …", "For more information
// on X, see the ANALYZE documentation."): navigation, which states
// nothing the answer could quote; also in a Markdown quotation or after a
// note's label ("> See the [Dockerfile Best Practices guide](…)"), or
// with "Also" first ("Also see default_queue_depth above.").
var crossReference = regexp.MustCompile(`^(?:>\s*)?(?:\*{0,2}(?:Note|Tip):?\*{0,2}:?\s+)?(?:(?:Also\s+see|See|Refer\s+to)\s|For\s+(?:more|further)\s+(?:information|details)\b[^.;]*\bsee\b)`)

// articles may precede the term a sentence names first.
var articles = map[string]bool{"a": true, "an": true, "the": true}

// Limits on what one quoted piece may be: text extracted from PDFs (tables
// of contents, running headers, signatures) and unpunctuated Markdown runs
// form "sentences" of many lines that read as noise when quoted whole.
const (
	// blockSplitLines: a sentence over this many lines that neither ends
	// in sentence punctuation nor looks like code, or is too long to
	// quote, is quoted line by line instead.
	blockSplitLines = 3
	// maxQuoteWords: longer pieces are never quoted.
	maxQuoteWords = 120
	// maxProseLines: a punctuated sentence over more lines than this is
	// a block of lines (a page of PDF text), not hard-wrapped prose.
	maxProseLines = 8
)

// quotable is a piece the generator may quote; line > 0 numbers the
// second and later lines of a split sentence, which count as one sentence
// with the first for IDF.
type quotable struct {
	textutil.Span
	line  int
	split bool // a line of a split sentence
}

// quotableSpans splits text into the pieces the generator may quote: its
// sentences, except that a run of lines that is not a sentence (no closing
// punctuation, or too long) and not a fenced code block becomes one piece
// per line.
func quotableSpans(text string) []quotable {
	var out []quotable
	for _, sp := range textutil.Sentences(text) {
		s := text[sp.Start:sp.End]
		if !allRows(s) && (strings.Count(s, "\n") < blockSplitLines || strings.HasPrefix(s, "```") || strings.HasPrefix(s, "~~~")) {
			out = append(out, quotable{Span: sp})
			continue
		}
		// Hard-wrapped prose ends in sentence punctuation and stays whole
		// unless it is too long to quote.
		lines := strings.Count(s, "\n") + 1
		if !allRows(s) && (looksLikeCode(s) || textutil.EndsSentence(s) && lines <= maxProseLines) && len(textutil.Words(s)) <= maxQuoteWords {
			out = append(out, quotable{Span: sp})
			continue
		}
		off, n := sp.Start, 0
		for _, l := range strings.SplitAfter(s, "\n") {
			if t := strings.TrimSpace(l); t != "" {
				start := off + strings.Index(l, t)
				out = append(out, quotable{Span: textutil.Span{Start: start, End: start + len(t)}, line: n, split: true})
				n++
			}
			off += len(l)
		}
	}
	return out
}

// isSynopsis reports whether text is a command's synopsis written as
// prose, not in a code block: "ab [ -A auth-username:password ] [ -b
// windowsize ] … [http[s]://]hostname[:port]/path". It lists every option
// beside the command's name, so by words alone it covers any question
// about one of them, and says what none of them does.
func isSynopsis(text string) bool {
	return len(optionGroup.FindAllStringIndex(text, 3)) >= 2 && !textutil.EndsSentence(text)
}

// optionGroup matches an optional option group of a synopsis: "[ -b",
// "[--all".
var optionGroup = regexp.MustCompile(`\[\s?-`)

// looksLikeCode reports whether most lines after the first are indented,
// as in a code block without fences (HTML <pre>): quoted whole, it reads as
// code; split, as fragments.
func looksLikeCode(s string) bool {
	lines := strings.Split(s, "\n")[1:]
	indented := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "\t") || strings.HasPrefix(l, "  ") {
			indented++
		}
	}
	return 2*indented >= len(lines)
}

// idfOver computes, for each question term, a BM25-style IDF over the
// candidate sentences: rare terms in this prompt say more about which
// sentence answers than terms every sentence shares. The lines of a split
// sentence count once, as the sentence they came from.
func idfOver(cands []*candidate, qterms []string) map[string]float64 {
	groups := map[int]bool{}
	for _, c := range cands {
		groups[c.group] = true
	}
	n := float64(len(groups))
	idf := make(map[string]float64, len(qterms))
	for _, t := range qterms {
		in := map[int]bool{}
		for _, c := range cands {
			if c.terms[t] {
				in[c.group] = true
			}
		}
		df := float64(len(in))
		idf[t] = math.Log(1 + (n-df+0.5)/(df+0.5))
		if isIdentifier(t) {
			idf[t] *= identifierBoost
		}
	}
	return idf
}

// identifierBoost multiplies the weight of question terms that look like
// codes (error codes, part and model numbers: "e4", "tx-200"). In manuals
// they name exactly what the question is about, while words such as
// "error" or "part" recur everywhere.
const identifierBoost = 2.0

// isIdentifier reports whether a term mixes letters and digits.
func isIdentifier(t string) bool {
	letter, digit := false, false
	for _, r := range t {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case r != '-' && r != '.' && r != '_':
			letter = true
		}
	}
	return letter && digit
}

// scoreAll sets overlap (the IDF-weighted fraction of the question's terms
// the sentence contains) and score (overlap plus a bonus for the source's
// rank and Relevance, only for sentences that overlap at all).
func scoreAll(cands []*candidate, qterms []string, idf map[string]float64, nSources int) {
	total := 0.0
	for _, t := range qterms {
		total += idf[t]
	}
	for _, c := range cands {
		sum, syn := 0.0, 0.0
		for _, t := range qterms {
			switch {
			case c.terms[t]:
				sum += idf[t]
			case c.heading[t]:
				sum += headingWeight * idf[t]
			case synonymIn(t, c.terms):
				syn += synonymWeight * idf[t]
			}
		}
		if total > 0 {
			c.overlap = sum / total
		}
		if c.overlap == 0 {
			continue
		}
		c.score = c.overlap + syn/total + rankBonus*sourceWeight(c.source, nSources, c.relevance) + contextWeight*inContext(c, qterms, idf)/total
		if c.code {
			c.score *= codeWeight
		}
	}
}

// contextWeight is the share of a question term's weight that a sentence
// earns in its score when the term is only in the title of its page or a
// heading above its own: "-t timelimit Maximum number of seconds …" is on
// the page of ab, which the question names ("the -t option of ab") and the
// entry does not repeat. Only the score: whether the sentence covers the
// question enough to answer (overlap) is left to its own words and
// heading, since a page's title covers every sentence on it alike.
// Measured on the 17 labelled sets: key-fact recall up on seven (py311
// +.029, rust +.037), down on three (sqlite −.011), no refusal changed.
const contextWeight = 0.5

// inContext returns the weight of the question terms c holds only in its
// context (title and outer headings).
func inContext(c *candidate, qterms []string, idf map[string]float64) float64 {
	sum := 0.0
	for _, t := range qterms {
		if c.context[t] && !c.terms[t] && !c.heading[t] {
			sum += idf[t]
		}
	}
	return sum
}

// contextTerms returns the terms of a chunk's title and of its headings
// but the innermost, read by terms (collect's termSet); nil when it has
// none.
func contextTerms(title string, headings []string, terms func(string, []string) map[string]bool) map[string]bool {
	text := title
	if len(headings) > 1 {
		text += "\n" + strings.Join(headings[:len(headings)-1], "\n")
	}
	if strings.TrimSpace(text) == "" {
		return nil
	}
	return terms(text, textutil.Words(text))
}

// codeWeight scales the score of code blocks. A synopsis or an example
// shares the question's identifiers, so by term overlap alone it outranks
// the prose sentence that says what they do.
const codeWeight = 0.6

// Definitions. A question such as "What does the CLUSTER command do?" or
// "What is a partial index?" asks about a subject, and the sentence that
// answers it usually starts by naming it ("CLUSTER instructs PostgreSQL
// to ...", "A partial index is an index built over ...").
const (
	// leadTerms is how many of a sentence's first content terms may name
	// its subject.
	leadTerms = 5
	// subjectBonus is added to the score of a sentence that leads with all
	// of the question's subject terms (overlap lies in [0, 1]).
	subjectBonus = 0.25
	// maxSubjectTerms: a longer "subject" is a whole question, not a term.
	maxSubjectTerms = 4
)

// definitionQuestion matches questions that ask what something is or does.
var definitionQuestion = regexp.MustCompile(`(?i)^\s*(what\s+(is|are|does|do|was|were)|what's|define|explain)\b`)

// callVerb matches a question asking what a named thing does in one verb
// of its own ("What does assert.deepStrictEqual() check?"), the name in
// group 1; what turning it on does is asked of it too ("What does setting
// EXTENDED_GLOB enable?", "What does enabling gc.auto change?").
var callVerb = regexp.MustCompile(`(?i)^\s*what\s+(?:does|do)\s+(?:(?:setting|enabling|disabling|turning\s+on|turning\s+off|using|passing)\s+)?(\S+)\s+([a-z]+)\s*\?\s*$`)

// effectVerbs are the verbs that ask what a setting or word does as a
// whole ("What does nbthread set?", "What does idempotent mean?"): its
// entry says so without the verb ("It makes HAProxy run on <number>
// threads."), so the verb is no part of the subject. A verb of its own
// ("What does vacuum reclaim?") stays.
var effectVerbs = map[string]bool{
	"set": true, "control": true, "configure": true, "specify": true, "determine": true,
	"change": true, "enable": true, "affect": true, "define": true, "mean": true, "do": true,
}

// effectVerb returns the effect verb a "What does X <verb>?" question
// asks with (effectVerbs), lower-cased, or "".
func effectVerb(question string) string {
	if m := callVerb.FindStringSubmatch(question); m != nil && effectVerbs[strings.ToLower(m[2])] {
		return strings.ToLower(m[2])
	}
	return ""
}

// subjectText returns the words of a definition question that name its
// subject, and whether it is one: "What does assert.deepStrictEqual()
// check?" names the call; "the -b option of ab" the option, ab being where
// it is documented (its page), which the option's entry does not repeat.
func subjectText(question string) (string, bool) {
	if !definitionQuestion.MatchString(question) {
		return "", false
	}
	rest := definitionQuestion.ReplaceAllString(question, "")
	// "What is the default (value) of X?" asks about X: the default is
	// what the default rules look for, not a word X's entry leads with.
	rest = defaultOf.ReplaceAllString(rest, "")
	if m := callVerb.FindStringSubmatch(question); m != nil && (codeLike.MatchString(m[1]) || plainCall.MatchString(m[1]) || effectVerb(question) != "") {
		// "What does assert.deepStrictEqual() check?": the call is the
		// subject, "check" what is asked of it, as "do" would be.
		rest = m[1]
	}
	rest = domainTail.ReplaceAllString(rest, "")
	return ownerTail.ReplaceAllString(rest, "$1"), true
}

// domainTail matches a qualifier closing a definition question that says
// whose words it uses, not what it asks about: "in git jargon", "in SQL
// terms" ("What is plumbing in git jargon?" asks about plumbing, and the
// glossary's "plumbing / Cute name for core Git." leads with it alone).
// A product name alone ("in Rust") is left: measured on questions of my
// own, dropping it helped three answers and misled two.
var domainTail = regexp.MustCompile(`(?i)\s+(?:in|within)\s+(?:the\s+)?(?:[\w.+#-]+\s+){0,2}(?:jargon|terms|terminology|parlance|speak|lingo|vocabulary)\s*\??\s*$`)

// defaultOf matches "the default (value|setting) of|for" opening a
// definition's subject.
var defaultOf = regexp.MustCompile(`(?i)^\s*(?:the\s+)?default\s+(?:(?:value|setting|behaviou?r)\s+)?(?:of|for)\s+`)

// ownerTail matches, after a command-line option or an upper-case
// keyword, its kind and what follows, which names where it is documented:
// " option of ab" in "the -b option of ab", " option of set" in "the
// PARENT_SCOPE option of set" (its entry says "If the PARENT_SCOPE option
// is given …", and "set" only further on).
var ownerTail = regexp.MustCompile(`(\s(?:--?[A-Za-z][\w-]*(?:\.[\w-]+)*|[A-Z][A-Z0-9_]*[A-Z0-9]))\s+(?i:option|flag|switch|argument|keyword|clause)s?\s+(?i:of|for|in|to)\s+.*$`)

// commandOption matches a command-line option: "-t", "--force", and
// dotted ones ("--web.listen-address", as Prometheus names its flags: cut
// at the dot, every "--web.…" flag was the option asked about).
var commandOption = regexp.MustCompile(`(?:^|\s)(--?[A-Za-z][\w-]*(?:\.[\w-]+)*)\b`)

// askedOption returns the one command-line option a definition's subject
// names, or "".
func askedOption(subject string) string {
	m := commandOption.FindAllStringSubmatch(subject, -1)
	if len(m) != 1 {
		return ""
	}
	return m[0][1]
}

// optionTerm returns qterms with the asked option as a term of its own,
// held by the candidates that write it as written ("-t" is not "-T"), in
// their text or their heading ("--kiln-heat=DEGREES" over its entry):
// analysis keeps no one-letter word, and "t" is a stop word besides. It
// marks the option's entries (candidate.entry).
func optionTerm(cands []*candidate, qterms []string, option string) []string {
	if option == "" {
		return qterms
	}
	for _, c := range cands {
		c.entry = optionEntry(c.text, option)
	}
	if slices.Contains(qterms, option) {
		return qterms
	}
	re := optionPattern(option)
	holdTerm(cands, option, func(s string) bool { return strings.Contains(s, option) && re.MatchString(s) })
	return append(qterms, option)
}

// holdTerm makes term a term of every candidate whose text writes it, and
// of the heading of every candidate whose heading writes it: the question
// spells it in a way word analysis does not keep (an option, an operator,
// a keyword that is a stop word).
func holdTerm(cands []*candidate, term string, writes func(string) bool) {
	for _, c := range cands {
		if writes(c.text) {
			c.terms[term] = true
		}
		if c.headingText != "" && writes(c.headingText) {
			if c.heading == nil {
				c.heading = map[string]bool{}
			}
			c.heading[term] = true
		}
	}
}

// scoreEntryContext counts, for the entries of the asked option
// (optionEntry), the question terms of their page's title and outer
// headings as covered, as if in their own heading: "What does the -k
// option of kilnctl do?" is answered by the "-k" entry on kilnctl's page,
// which does not repeat the command's name. Other sentences on the page
// get no such credit (contextWeight).
func scoreEntryContext(cands []*candidate, qterms []string, idf map[string]float64, option string) {
	if option == "" {
		return
	}
	total := 0.0
	for _, t := range qterms {
		total += idf[t]
	}
	for _, c := range cands {
		if total == 0 || !c.entry {
			continue
		}
		// scoreAll gave the score contextWeight of this share already.
		share := inContext(c, qterms, idf) / total
		c.overlap += headingWeight * share
		c.score += (headingWeight - contextWeight) * share
	}
}

// markOwners reads, for a question about a command-line option, whose
// entry each sentence stands in. The question's names are its terms that
// head an entry in the sources (ownerNames: "fc", "read"). A sentence is
// owned (candidate.owned) when it covers the option and every name in its
// words, its heading, the page's title and outer headings or, under a
// heading line spelling the option, the heading its options list stands
// under (entryOwner); when the question names no entry, every question
// term some title or heading of the prompt holds too ("branch" of "git
// branch -d": "git" is on every page of git's manual). "The -l option
// causes output to be displayed …" under hash does not answer "What does
// the -l option of fc do?".
//
// The owned first sentence under a heading line spelling the option ("-r"
// over "If this option is given, backslash does not act as an escape
// character.": makeinfo writes options lists as headings) is the option's
// entry (candidate.headEntry) when that heading or the page's holds every
// name, or, the question naming none, a term besides the option's. The
// Bash manual's history builtin has a "-r" entry too, "Read the history
// file …", which holds "read" only as a verb: no answer to "What does the
// read builtin do with the -r option?". Only the lead reads the marks;
// optionDocumented does not, since an option heading of another command
// would make it refuse questions that prose answers.
func markOwners(cands []*candidate, qterms []string, option string) {
	if option == "" {
		return
	}
	optionTerms := uniqueTerms(option)
	names := ownerNames(cands, qterms)
	// The question's terms some page title or heading holds: what the
	// entry must hold when the question names no entry ("branch" of "git
	// branch -d", not "author" of "… do with the author?").
	placed := map[string]bool{}
	for _, c := range cands {
		entryHeading := optionHeading(c.headingText) != nil // "--author=<author>" names an option
		for _, t := range qterms {
			placed[t] = placed[t] || c.context[t] || c.heading[t] && !entryHeading
		}
	}
	for i, c := range cands {
		headed := slices.Contains(optionHeading(c.headingText), option)
		var owner map[string]bool
		if headed {
			owner = entryOwner(cands, i)
		}
		// named: the entry's heading or page holds every name, or some
		// term besides the option's when there is none.
		named, covered := len(names) > 0, true
		some, every := false, true // when it names none
		for _, t := range qterms {
			inOwner := owner[t] || c.context[t]
			own := t == option || slices.Contains(optionTerms, t)
			switch {
			case own:
			case len(names) == 0:
				some = some || inOwner
				every = every && (inOwner || covers(c, t) || !placed[t])
			case names[t]:
				named = named && inOwner
			}
			if own || names[t] {
				covered = covered && (inOwner || covers(c, t))
			}
		}
		if len(names) == 0 {
			named = some && every
			covered = covered && every
		}
		c.owned = covered
		c.headEntry = headed && c.opens && !c.code && named && covered
	}
}

// ownerNames returns the question terms that make up, alone or together,
// a heading in the sources other than an option's: the names of entries
// ("fc", "read", "git-commit(1)").
func ownerNames(cands []*candidate, qterms []string) map[string]bool {
	names := map[string]bool{}
	for _, c := range cands {
		if len(c.heading) == 0 || optionHeading(c.headingText) != nil {
			continue
		}
		asked := true
		for t := range c.heading {
			asked = asked && slices.Contains(qterms, t)
		}
		if asked {
			maps.Copy(names, c.heading)
		}
	}
	return names
}

// entryOwner returns the terms of the heading an option's entry stands
// under: the nearest heading line above cands[i] in its source that
// spells no option ("read" above "-a aname" … "-r"), else the innermost
// heading of the source's path.
func entryOwner(cands []*candidate, i int) map[string]bool {
	c := cands[i]
	for k := i - 1; k >= 0 && cands[k].source == c.source; k-- {
		if h := cands[k].headingText; h != c.headingText && optionHeading(h) == nil {
			return cands[k].heading
		}
	}
	owner := map[string]bool{}
	for _, t := range uniqueTerms(c.path[strings.LastIndexByte(c.path, '\n')+1:]) {
		owner[t] = true
	}
	return owner
}

// optionDocumented reports whether, when the sources hold entries of the
// asked option, one of them is the entry the question asks for: it holds
// every question term in its words, its heading or its page's title and
// outer headings. "What does the -z option of rotatelogs do?" is not
// answered by ab's entry for -z, which the sources hold while rotatelogs
// has no such option. True when there is no option or no entry of it.
func optionDocumented(cands []*candidate, qterms []string, option string) bool {
	if option == "" {
		return true
	}
	entries := false
	for _, c := range cands {
		if !c.entry {
			continue
		}
		entries = true
		if !slices.ContainsFunc(qterms, func(t string) bool { return !covers(c, t) && !c.context[t] }) {
			return true
		}
	}
	return !entries
}

// optionPattern matches option as a whole token: "--force" is not in
// "--force-with-lease".
func optionPattern(option string) *regexp.Regexp {
	return regexp.MustCompile(`(^|[^\w\\-])` + regexp.QuoteMeta(option) + `($|[^\w-])`)
}

// optionEntry reports whether text is the entry of option in an options
// list: its first lines spell options (textutil.OptionSpellings), one of
// them option, alone or with its argument ("-t\nRun syntax tests …", "-b
// windowsize\nSize of …", "-f\n--force\n\nUsually, …", "--jobs=N").
func optionEntry(text, option string) bool {
	for line := range strings.Lines(text) {
		spellings := textutil.OptionSpellings(line)
		if spellings == nil {
			return false // the description
		}
		if slices.Contains(spellings, option) {
			return true
		}
	}
	return false
}

// kindWords name the kind of thing a question asks about ("the CLUSTER
// command", "enum types"); definitions name the thing, not its kind. They
// are read as written (kindTerms): "setting" stems to "set", which names
// the Bash builtin and CMake's command.
var kindWords = map[string]bool{}

func init() {
	for _, w := range []string{"command", "function", "type", "option", "parameter", "setting", "statement",
		"clause", "keyword", "operator", "module", "extension", "program", "tool", "flag", "directive",
		"method", "variable", "attribute", "argument", "field", "event"} {
		kindWords[w] = true
		kindWords[w+"s"] = true
	}
	for _, w := range []string{"utility", "utilities", "property", "properties", "class", "classes",
		"mean", "means", "do", "does", "stand", "stands", "use", "uses", "used"} {
		kindWords[w] = true
	}
}

// kindTerms returns the stems of the kind words text writes (kindWords).
func kindTerms(text string) map[string]bool {
	out := map[string]bool{}
	for _, w := range textutil.Words(text) {
		if kindWords[w] {
			out[textutil.Stem(w)] = true
		}
	}
	return out
}

// subjectTerms returns the stemmed terms of the subject of a definition
// question, or nil when the question is not one or its subject is long,
// and the command-line option it asks about, if any (askedOption).
func subjectTerms(question string) (terms []string, option string) {
	rest, ok := subjectText(question)
	if !ok {
		return nil, ""
	}
	if option = askedOption(rest); option != "" {
		// "What does httpd -t do?", "git push --force": the option is the
		// subject, the command where it is documented.
		rest = option
	}
	kind := kindTerms(rest)
	for _, t := range uniqueTerms(rest) {
		if !kind[t] {
			terms = append(terms, t)
		}
	}
	if len(terms) > maxSubjectTerms {
		return nil, option
	}
	return terms, option
}

// scoreSubject adds subjectBonus to the sentences that lead with the
// subject: their first content term is a subject term (or extends one:
// "Enumerated (enum) types"), and every subject term is among their first
// len(subject)+1 content terms.
func scoreSubject(cands []*candidate, subject []string) {
	if len(subject) == 0 {
		return
	}
	for _, c := range cands {
		if c.overlap > 0 && !c.code && leadsWith(c, subject) {
			c.score += subjectBonus
			if summaryLine.MatchString(c.text) {
				c.score += subjectBonus
			}
		}
	}
}

// summaryLine matches a reference page's one-line summary: the name (or
// names), a spaced dash, what it does ("git-gc - Cleanup unnecessary files
// and optimize the local repository", "pg_dump — extract a PostgreSQL
// database into a script file"). Led by the subject, it is the page's own
// definition of it, which side sentences that also lead with the name
// ("git gc tries very hard not to delete objects") are not.
var summaryLine = regexp.MustCompile(`^[\w.+:/-]+(?:\(\d\w*\))?(?:,\s*[\w.+:/-]+(?:\(\d\w*\))?)*\s+[-–—]\s+\S`)

// leadsWith reports whether a sentence leads with the subject (see
// scoreSubject).
func leadsWith(c *candidate, subject []string) bool {
	if len(c.lead) == 0 {
		return false
	}
	lead := c.lead[:min(len(c.lead), len(subject)+1)]
	if !slices.ContainsFunc(subject, func(t string) bool { return strings.HasPrefix(lead[0], t) }) {
		return false
	}
	for _, t := range subject {
		if !slices.Contains(lead, t) {
			return false
		}
	}
	return true
}

// headingWeight is the share of a question term's weight that a sentence
// earns when the term is in its heading rather than in the sentence.
const headingWeight = 0.8

// sourceWeight is in [0, 1]: the mean of the source's rank weight (1 for
// the first source, falling linearly to 0 for the last; the prompt lists
// sources best first) and its Relevance.
func sourceWeight(rank, n int, relevance float64) float64 {
	rw := 1.0
	if n > 1 {
		rw = 1 - float64(rank)/float64(n-1)
	}
	if math.IsNaN(relevance) || relevance < 0 {
		relevance = 0
	}
	return (rw + min(relevance, 1)) / 2
}

// entryTerms gives each candidate the terms of the first candidate of its
// source under the same heading that is not a row of parameters or facts
// (entryWords): the sentence that says what the entry is. Later sentences of a long section (release notes) speak of
// other things too.
func entryTerms(cands []*candidate) {
	for i := 0; i < len(cands); {
		end := i + 1
		for end < len(cands) && cands[end].source == cands[i].source && cands[end].headingText == cands[i].headingText {
			end++
		}
		// An API entry lists its parameters before its description:
		// "- backlog <number> Common parameter of server.listen()
		// functions." is a row of the entry, not what it is about.
		first := cands[i]
		for _, c := range cands[i:end] {
			if !c.sigRow {
				first = c
				break
			}
		}
		for _, c := range cands[i:end] {
			c.entryWords = first.terms
		}
		i = end
	}
}

// uniqueTerms returns the distinct content terms of a question in order,
// without scaffold words ("how often", "what does it mean") that answers
// rarely repeat, unless nothing else is left.
func uniqueTerms(text string) []string {
	seen := map[string]bool{}
	var out, scaffold []string
	keywords := textutil.KeywordStopwords(text)
	if keywords != nil {
		// Read in capitals throughout, they are words (textutil.Unshouted).
		keywords = textutil.KeywordStopwords(textutil.Unshouted(text))
	}
	words := textutil.Words(text)
	for i, w := range words {
		t := w
		if textutil.IsStopword(w) {
			if !keywords[w] {
				continue
			}
		} else {
			t = textutil.Stem(w)
		}
		if seen[t] {
			continue
		}
		seen[t] = true
		if textutil.IsScaffold(w) || textutil.InScaffoldPhrase(words, i) {
			scaffold = append(scaffold, t)
			continue
		}
		out = append(out, t)
	}
	memberStopwords(text, func(t string) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	})
	if len(out) == 0 {
		return scaffold
	}
	return out
}

func jaccard(a, b map[string]bool) float64 {
	inter := 0
	for t := range a {
		if b[t] {
			inter++
		}
	}
	union := len(a) + len(b) - inter
	if union == 0 {
		return 1
	}
	return float64(inter) / float64(union)
}

// shortDefault matches a default given in a short sentence of its own at
// the end of a parameter's description ("Default five seconds.", "Defaults
// to 64."), which is kept however few its words: it is the answer to the
// default's question.
var shortDefault = regexp.MustCompile(`^Defaults?\b[^\n]*\S[.!]$`)

// valueMeaning matches a short sentence that gives one value's meaning
// after a setting's description ("Loops movie playback <number> times.
// 0 means forever.", "-1 means unlimited."): kept however few its words,
// as it is what a question about that value asks, and quoted only after
// the sentence it goes on from (candidate.tail).
var valueMeaning = regexp.MustCompile(`^(?:[Aa]\s+value\s+of\s+|[Tt]he\s+value\s+)?[-+]?\d[\d.]*\s+(?:means|disables|enables|selects)\b[^\n]*\S[.!]$`)

// repeats reports whether c adds nothing to o, a sentence already chosen:
// the two are near-duplicates (duplicateJaccard), or o holds every content
// term of c and c is not much shorter (minRepeatTerms, repeatShare): "At any given time, you can have either one mutable reference
// or any number of immutable references." after the same rule quoted with
// "(but not both)" from another chapter). A longer c that holds all of o
// is kept: it says more.
func repeats(c, o *candidate) bool {
	if jaccard(c.terms, o.terms) >= duplicateJaccard {
		return true
	}
	if len(c.terms) < minRepeatTerms || float64(len(c.terms)) < repeatShare*float64(len(o.terms)) {
		return false
	}
	for t := range c.terms {
		if !o.terms[t] {
			return false
		}
	}
	return true
}

// minRepeatTerms is the fewest content terms, and repeatShare the least
// share of o's, that c needs for being held in o to make it a repeat: a
// short sentence's few terms are held by chance ("It is enabled by
// default."), and a much longer o says something else with them ("Remove
// only files ignored by Git." beside "Normally, only files unknown to Git
// are removed, but if the -x option is specified, ignored files are also
// removed.").
const (
	minRepeatTerms = 4
	repeatShare    = 0.6
)

// isListItem reports whether text starts like a Markdown list item.
func isListItem(text string) bool {
	return len(text) > 1 && strings.ContainsRune("-*+", rune(text[0])) && text[1] == ' ' || textutil.IsNumberedItem(text)
}

// namedBonus is added, in proportion, to a sentence for each of the
// question's written-as-code terms (see namedTerms) it spells exactly as
// the question does: "What does MERGE do?" is answered by the sentence
// that says MERGE, not by one about the MERGES clause or a merge join,
// which stem alike.
const namedBonus = 0.15

// codeLike matches the tokens a question writes as code: upper-case
// keywords of two or more letters (MERGE, LOCK), snake_case and dotted
// names, psql backslash commands and options.
var codeLike = regexp.MustCompile(`\\[a-z]+|--?[a-z][a-z-]+|\b[A-Za-z]+(?:[_.][A-Za-z0-9]+)+\b|\b[A-Z][A-Z0-9]+\b`)

// codeNames returns the tokens question writes as code (codeLike) but the
// second half of a hyphenated word: "-in" of "built-in" and "-threaded" of
// "single-threaded" are no options. As names no text spells, they kept
// every default question with a hyphenated word from its lead by form.
// The whole word is no name either: as one, "command-line" and
// "cookie-based" raised side remarks that spell them (measured: key facts
// fell on five sets).
func codeNames(question string) []string {
	var out []string
	for _, m := range codeLike.FindAllStringIndex(question, -1) {
		if question[m[0]] == '-' && m[0] > 0 {
			if r, _ := utf8.DecodeLastRuneInString(question[:m[0]]); unicode.IsLetter(r) || unicode.IsDigit(r) {
				continue
			}
		}
		out = append(out, question[m[0]:m[1]])
	}
	return out
}

// plainCall matches a word of letters written as a call with no
// arguments ("round()"), not the member of a dotted name (codeLike takes
// those whole) nor an identifier with digits or '_' ("sqlite3_changes()"),
// whose sentences often leave the name to the heading.
var plainCall = regexp.MustCompile(`(?:^|[^\w.])([A-Za-z]{2,})\(\)`)

// namedTerms returns the question's written-as-code terms, each as a
// pattern matching it as a whole word.
func namedTerms(question string) []*regexp.Regexp {
	var out []*regexp.Regexp
	seen := map[string]bool{}
	for _, t := range codeNames(question) {
		if seen[t] || t == "I" {
			continue
		}
		seen[t] = true
		// A dotted or snake_case name is one identifier however a question
		// capitalises it: "Hash.digest()" is the reference's "hash.digest()",
		// "MAX_CONNECTIONS" its "max_connections". Keywords keep their case
		// ("MERGE" is not "merge").
		out = append(out, namePattern(t, strings.ContainsAny(t, "._")))
	}
	// A plain word written as a call ("round()", "printf()") names a
	// function as surely: its entry ("round(X)", "round(X,Y)") must be the
	// one that answers, not a sibling's ("rtrim(X,Y)") that shares the
	// question's other words.
	for _, m := range plainCall.FindAllStringSubmatch(question, -1) {
		if t := m[1]; !seen[t] {
			seen[t] = true
			out = append(out, namePattern(t, false))
		}
	}
	return out
}

// namePattern matches the name t as a whole word, not inside a longer
// name ("-j" not in "--jobs"), case-insensitively when fold is set.
func namePattern(t string, fold bool) *regexp.Regexp {
	flags := ""
	if fold {
		flags = "(?i)"
	}
	return regexp.MustCompile(flags + `(^|[^\w\\-])` + regexp.QuoteMeta(t) + `($|[^\w])`)
}

// scoreNamed adds namedBonus times the share of the question's
// written-as-code terms each overlapping sentence spells exactly, in its
// words or, for the sentence that opens a section, in its heading: an API
// reference names the call in the entry's heading ("os.cpus()") and opens
// the entry without repeating the name ("Returns an array of objects …"),
// as its sibling entries do theirs. Later sentences of the section share
// its heading but say more about other things.
func scoreNamed(cands []*candidate, named []*regexp.Regexp) {
	if len(named) == 0 {
		return
	}
	for _, c := range cands {
		if c.overlap == 0 {
			continue
		}
		n := 0.0
		for _, re := range named {
			switch {
			case re.MatchString(c.text) || c.opens && re.MatchString(c.headingText) ||
				slices.ContainsFunc(c.fills, re.MatchString) || c.opens && slices.ContainsFunc(c.headFills, re.MatchString):
				n++
			case re.MatchString(c.headingText) || slices.ContainsFunc(c.headFills, re.MatchString):
				// Further down the named entry: about it, though less
				// surely than its opening sentence.
				n += 0.5
			}
		}
		c.score += namedBonus * n / float64(len(named))
	}
}
