package extractive

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/internal/textutil"
)

// Defaults for Options.
const (
	// DefaultMaxSentences caps the answer length in sentences: the answer,
	// and at most two sentences that qualify or complete it. More were
	// measured to pad answers with side remarks from neighbouring topics.
	DefaultMaxSentences = 3
	// DefaultMinWords is the word count below which a sentence carries too
	// little to be worth quoting on its own.
	DefaultMinWords = 4
	// DefaultMinRelativeScore keeps only sentences scoring at least this
	// fraction of the best sentence, so that one strong match is not padded
	// with sentences that merely mention a question word.
	DefaultMinRelativeScore = 0.4
	// DefaultMinOverlap is the share of the question's (IDF-weighted) terms
	// that the best sentence, with its heading, must hold; below it the
	// sources only mention the question's words here and there, and the
	// generator declines rather than quote them.
	DefaultMinOverlap = 0.45
	// DefaultSupportedOverlap and DefaultSupportedRelevance relax
	// MinOverlap when retrieval found strong evidence: a sentence covering
	// DefaultSupportedOverlap of the question is enough when some source's
	// Relevance reaches DefaultSupportedRelevance. A paraphrased question
	// ("recompute a materialized view while people query it") shares few
	// words with the sentence that answers it ("REFRESH … CONCURRENTLY"),
	// while Relevance, which weighs terms by their rarity in the whole
	// collection and adds the embedding's similarity, already judged the
	// source relevant. Fitted on the tune half of the PostgreSQL 15 manual
	// set, checked on the Go documentation and quickstart sets (see
	// BENCHMARKS.md, "Refusals at defaults").
	DefaultSupportedOverlap   = 0.25
	DefaultSupportedRelevance = 0.40
	// DefaultSupportedRamp is the width of the band of Relevance below
	// DefaultSupportedRelevance over which the overlap needed falls
	// linearly from MinOverlap to SupportedOverlap (Relevance 0.35 to 0.40
	// at the defaults). A step made Relevance 0.39 need 0.45 and 0.40 need
	// 0.25: a paraphrase just under the step was declined though its
	// evidence was as strong as one just above. 0.10 answered an
	// unanswerable question of the tune half at Relevance 0.36; 0.03 and
	// 0.05 gave the same outcomes there (BENCHMARKS.md, "Issue 13: refusal
	// targets").
	DefaultSupportedRamp = 0.05
)

// Scoring constants. They are not options: they shape, rather than tune,
// the ranking.
const (
	// rankBonus weighs the source's position and Relevance against term
	// overlap (which lies in [0, 1]); it breaks ties between similar
	// sentences in favour of better sources without overriding overlap.
	rankBonus = 0.15
	// duplicateJaccard is the content-term Jaccard similarity at or above
	// which a sentence is a near-duplicate of one already chosen.
	duplicateJaccard = 0.8
)

// Name is the generator's name.
const Name = "extractive"

// ErrNoPrompt means a request carried no prompt.
var ErrNoPrompt = errors.New("extractive: request has no prompt")

// citationLike matches a citation marker such as "[S3]". The context
// builder's sanitiser neutralises such markers in source text; a sentence
// that still holds one is skipped rather than copied, since copying it
// would forge a citation.
var citationLike = regexp.MustCompile(`(?i)\[\s*S\d+\s*\]`)

// Options configure a Generator. The zero value uses the defaults above;
// a negative MinWords or MinRelativeScore means zero.
type Options struct {
	// MaxSentences caps the number of sentences in an answer.
	MaxSentences int
	// MinWords skips sentences with fewer words.
	MinWords int
	// MinRelativeScore drops sentences scoring below this fraction of the
	// best sentence's term overlap.
	MinRelativeScore float64
	// MinOverlap is the share of the question the best sentence must cover
	// for the generator to answer at all (see DefaultMinOverlap).
	MinOverlap float64
	// SupportedOverlap is the share a sentence must cover when some
	// source's Relevance is at least SupportedRelevance (see
	// DefaultSupportedOverlap). Zero means the default; a negative
	// SupportedRelevance turns the relaxation off.
	SupportedOverlap   float64
	SupportedRelevance float64
	// SupportedRamp is the width of the Relevance band below
	// SupportedRelevance over which the overlap needed falls from
	// MinOverlap to SupportedOverlap (see DefaultSupportedRamp). Zero means
	// the default; a negative value makes it a step at SupportedRelevance.
	SupportedRamp float64
}

// Generator composes answers from source sentences. It holds only its
// options and is safe for concurrent use.
type Generator struct {
	maxSentences int
	minWords     int
	minRelative  float64
	minOverlap   float64
	supOverlap   float64
	supRelevance float64 // > 1: off
	supRamp      float64 // 0: a step
}

var (
	_ generate.Generator = (*Generator)(nil)
	_ generate.Namer     = (*Generator)(nil)
)

// New returns an extractive generator.
func New(opts Options) *Generator {
	g := &Generator{
		maxSentences: opts.MaxSentences,
		minWords:     opts.MinWords,
		minRelative:  opts.MinRelativeScore,
		minOverlap:   opts.MinOverlap,
		supOverlap:   opts.SupportedOverlap,
		supRelevance: opts.SupportedRelevance,
		supRamp:      opts.SupportedRamp,
	}
	if g.maxSentences <= 0 {
		g.maxSentences = DefaultMaxSentences
	}
	switch {
	case g.minWords == 0:
		g.minWords = DefaultMinWords
	case g.minWords < 0:
		g.minWords = 0
	}
	switch {
	case g.minRelative == 0:
		g.minRelative = DefaultMinRelativeScore
	case g.minRelative < 0:
		g.minRelative = 0
	}
	switch {
	case g.minOverlap == 0:
		g.minOverlap = DefaultMinOverlap
	case g.minOverlap < 0:
		g.minOverlap = 0
	}
	if g.supOverlap <= 0 {
		g.supOverlap = DefaultSupportedOverlap
	}
	switch {
	case g.supRelevance == 0:
		g.supRelevance = DefaultSupportedRelevance
	case g.supRelevance < 0:
		g.supRelevance = 2 // no Relevance reaches it
	}
	switch {
	case g.supRamp == 0:
		g.supRamp = DefaultSupportedRamp
	case g.supRamp < 0:
		g.supRamp = 0
	}
	return g
}

// Name implements generate.Namer.
func (g *Generator) Name() string { return Name }

// Generate implements generate.Generator. It answers from
// req.Prompt.Sources and req.Question only; the prompt's messages are not
// read. The answer is generate.NotInDocs when no usable sentence, with its
// heading, covers MinOverlap of the question's terms (SupportedOverlap when
// some source's Relevance reaches SupportedRelevance). If req.Stream is set, the answer is
// streamed sentence by sentence before Generate returns; the chunks
// concatenate to Generation.Text.
func (g *Generator) Generate(ctx context.Context, req generate.Request) (*generate.Generation, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("extractive: %w", err)
	}
	if req.Prompt == nil {
		return nil, ErrNoPrompt
	}
	pieces := g.answer(req.Question, req.Prompt.Sources)
	if len(pieces) == 0 {
		pieces = []string{generate.NotInDocs}
	}
	if req.Stream != nil {
		for _, p := range pieces {
			if err := req.Stream(ctx, []byte(p)); err != nil {
				return nil, fmt.Errorf("extractive: stream: %w", err)
			}
		}
	}
	return &generate.Generation{Text: strings.Join(pieces, "")}, nil
}

// answer returns the answer as pieces that concatenate to its text (one
// per chosen sentence, separators included), or nil when nothing matches.
func (g *Generator) answer(question string, sources []generate.ContextSource) []string {
	// Read in capitals, every word of the question would count as a name
	// or a keyword; the retriever searched it as words (textutil.Unshouted).
	question = documentedNames(textutil.Switched(textutil.Unshouted(question)), sources)
	qterms := uniqueTerms(textutil.DefaultWorded(question))
	if len(qterms) == 0 {
		return nil
	}
	cands := dropOtherBounds(dropVersionNotes(collect(sources, g.minWords), question), question)
	if len(cands) == 0 {
		return nil
	}
	a := newAsk(question)
	if pieces := tableDefault(a, sources); pieces != nil {
		return pieces
	}
	if pieces := configDefault(a, sources); pieces != nil {
		return pieces
	}
	if pieces := entryLineDefault(a, sources); pieces != nil {
		return pieces
	}
	if cands = dropCodeLeads(cands, a.intent, question); len(cands) == 0 {
		return nil
	}
	subject := a.subject
	if v := effectVerb(question); v != "" && len(qterms) > 1 {
		// "What does relayhost specify?": the entry says what it does in
		// its own words ("The next-hop destination(s) for non-local
		// mail"), rarely with the question's verb.
		qterms = slices.DeleteFunc(qterms, func(t string) bool { return t == textutil.Stem(v) })
	}
	if asksCause.MatchString(question) && len(a.named) > 0 && len(qterms) > 1 {
		// "What usually causes ECONNRESET?": the cause is what is asked
		// for; the word "cause" frames the question ("… the code
		// 'ABORT_ERR' and the cause, if one was provided" is no answer).
		qterms = slices.DeleteFunc(qterms, func(t string) bool { return t == "caus" })
	}
	if len(subject) > 0 || a.option != "" {
		// "What does the CLUSTER command do?": the answer names CLUSTER,
		// rarely its kind ("command"), so the kind must not steer the choice.
		qterms = slices.DeleteFunc(qterms, func(t string) bool { return a.kind[t] })
	}
	qterms = optionTerm(cands, qterms, a.option)
	qterms = symbolTerms(cands, qterms, question)
	spacedCompounds(cands, question)
	joinedCompounds(cands, question)
	if kw := keywordTerms(cands, question); len(kw) > 0 {
		// "What does the ONLY keyword of TRUNCATE do?": the keyword is
		// the subject, whatever its kind.
		qterms = append(slices.DeleteFunc(qterms, func(t string) bool { return a.kind[t] }), kw...)
	}
	boundTerms(cands, qterms)
	abbreviationTerms(cands, sources)
	defaultTerms(cands, qterms)
	templateTerms(cands, question)
	entryTerms(cands)
	negatedTerms(cands, question, qterms, a.intent)
	idf := idfOver(cands, qterms)
	boostCodeNumbers(idf, question)
	a.qterms, a.idf = qterms, idf
	scoreAll(cands, qterms, idf, len(sources))
	scoreChangeLog(cands, sources, question)
	scoreEntryContext(cands, qterms, idf, a.option)
	markOwners(cands, qterms, a.option)
	scoreSubject(cands, subject)
	scoreCalled(cands, subject)
	scoreFunctionWordSubject(cands, a.phrase)
	scoreProximity(cands, qterms)
	scoreQuantifier(cands, question)
	scoreFrame(cands, question, idf, qterms)
	scoreAntecedent(cands, question)
	scoreNamed(cands, a.named)
	scoreNamedAnswer(cands, a, qterms)
	scoreKindIntroduction(cands, a, qterms)
	scoreExpansion(cands, a)
	scoreReason(cands, a)
	scoreWithout(cands, question)
	scoreComparison(cands, question)
	scoreIntent(cands, a.intent)
	scoreWhere(cands, question)
	scoreHowToEntry(cands, a.intent, question, g.minRelative)
	chosen, second := g.choose(cands, g.formLead(cands, a, g.needed(sources)), qterms, a)
	if len(chosen) == 0 {
		return nil
	}
	test := g.newAnswerTest(question, a, cands, sources, qterms)
	chosen, second, ok := g.quoteAnswer(test, chosen, second, qterms)
	if !ok {
		return nil
	}
	said := test.said
	if said == nil && a.defaultAsked {
		// "Where is the PID file stored by default?" names no thing
		// after "default", and still asks for one.
		said = defaultsGiven(&defaulted{}, cands)
	}
	chosen = withDefaultRow(cands, chosen, said, g.maxSentences)
	chosen = withEntryFigure(cands, chosen, a, g.maxSentences)
	chosen = answerOrder(chosen, second)
	if a.defaultAsked {
		chosen = withDefaultMark(cands, chosen)
	}
	chosen = withCodeAfter(cands, chosen)
	chosen = withUnitRow(chosen)
	chosen = withUsageBefore(cands, chosen, a.intent)
	chosen = withSignatureBefore(cands, chosen, question)
	chosen = withListAfter(cands, chosen)
	chosen = test.form.when.withNote(cands, chosen)
	pieces := make([]string, len(chosen))
	// The name lines quoted: once is enough, whichever of their
	// sentences they stand over.
	leadName := nameLine(chosen[0], question)
	named := map[string]bool{leadName: true}
	for i, c := range chosen {
		sep := ""
		if i > 0 {
			sep = separator(chosen[i-1], c)
			// The heading of a named section a later sentence opens is
			// what it is about: between two sentences quoted in their
			// order ("… prevent views from running in a transaction."
			// then "non_atomic_requests(using=None)" over "This decorator
			// will negate …"), or over an option's description quoted
			// after another ("--untracked" over "In addition to searching
			// in the tracked files …, search also in untracked files.").
			// A later sentence of the section quoted just before has had
			// its name given (which-X questions name any sentence's
			// section: namedBy).
			line := nameLine(c, question)
			if line == "" || !c.opens && sameEntry(chosen[i-1], c) {
				line = pageName(chosen, i, question)
			}
			if line != "" && !named[line] {
				// A paragraph of its own: after a row on the line above
				// ("Default: 3.500" then "connect_timeout"), the two
				// read, to the validator too, as one claim whose figure
				// is about the name.
				sep = "\n\n" + line
				named[line] = true
			}
		}
		pieces[i] = sep + withMarker(quoteText(chosen, i), c.label)
	}
	if leadName != "" {
		pieces[0] = leadName + pieces[0]
	} else if c := chosen[0]; a.inSignature(c) || meansInHeading(chosen, question) {
		// The default is in the signature over the lead, or the means in
		// the name heading its section: quoted first.
		pieces[0] = c.headingText + " [" + c.label + "]\n\n" + pieces[0]
	} else {
		pieces[0] = pageName(chosen, 0, question) + pieces[0]
	}
	return pieces
}

// withMarker appends the citation marker for label to a quoted sentence:
// after a space, or on a line of its own after a code block's closing
// fence, where Markdown would read "``` [S1]" as code running on to the
// end of the answer.
func withMarker(text, label string) string {
	if nl := strings.LastIndexByte(text, '\n'); nl >= 0 && textutil.IsFence(text[nl+1:]) {
		return text + "\n[" + label + "]"
	}
	return text + " [" + label + "]"
}

// choose picks the best sentences: lead (if not nil) first, then by score
// those with overlap above the relative cut-off that supplement the
// answer (supplements), near-duplicates skipped, at most maxSentences.
// It also returns the sentence that completes the first (figureAfter,
// meansAfter), which must stay second; nil when there is none.
func (g *Generator) choose(cands []*candidate, lead *candidate, qterms []string, a *ask) ([]*candidate, *candidate) {
	ranked := make([]*candidate, 0, len(cands))
	best := 0.0
	for _, c := range cands {
		if c.overlap > 0 && !c.tail {
			ranked = append(ranked, c)
			best = max(best, c.overlap)
		}
	}
	sort.SliceStable(ranked, func(i, j int) bool { return ranked[i].score > ranked[j].score })

	var chosen []*candidate
	focused := false // the first sentence answers by form, or with its figure
	var fig *candidate
	if lead != nil {
		chosen = append(chosen, lead)
		fig = figureOf(cands, a, lead)
		focused = a.stated(cands, lead.pos) || fig != nil
		if next := entryDescription(cands, lead); next != nil {
			chosen = append(chosen, next)
		}
		// Chosen now, the figure covers its terms for supplements.
		if fig != nil && len(chosen) < g.maxSentences && !slices.Contains(chosen, fig) {
			chosen = append(chosen, fig)
		}
	}
	for _, c := range ranked {
		if len(chosen) == g.maxSentences {
			break
		}
		if slices.Contains(chosen, c) || c.overlap < g.minRelative*best {
			continue
		}
		dup := false
		for _, o := range chosen {
			if repeats(c, o) {
				dup = true
				break
			}
		}
		switch {
		case dup:
		case len(chosen) == 0:
			chosen = append(chosen, c)
			fig = figureOf(cands, a, c)
			focused = a.stated(cands, c.pos) || fig != nil
		case !focused || supplements(c, chosen, fig, qterms, a, cands):
			chosen = append(chosen, c)
		}
	}
	chosen = summaryAfter(chosen, cands, g.maxSentences)
	chosen, second := figureAfter(chosen, fig, g.maxSentences)
	chosen, means := meansAfter(chosen, cands, a, g.maxSentences)
	// Code that names the means reads best where the text puts it, after
	// the prose that leads up to it.
	if means != nil && !means.code {
		second = means
	}
	return chosen, second
}

// figureAfter puts next, the sentence figureOf found for the first
// (choose reads it once), second, and returns it; nil when there is none.
func figureAfter(chosen []*candidate, next *candidate, most int) ([]*candidate, *candidate) {
	if most < 2 || len(chosen) == 0 || next == nil {
		return chosen, nil
	}
	rest := slices.DeleteFunc(slices.Clone(chosen[1:]), func(c *candidate) bool { return c == next })
	out := append([]*candidate{chosen[0], next}, rest...)
	return out[:min(len(out), most)], next
}

// figureOf returns the sentence that gives the amount asked for when lead
// gives none of the asked kind ("exit with status zero" is no age) and it
// goes on about lead (amountContinues: "This attribute defines the
// maximum number of URLs … . Its value should not exceed … 50000"), is
// the default a question asking for one is given a few sentences on
// (followingDefault: "…, git gc --auto consolidates them into one larger
// pack. The default value is 50.") or is the default row of the entry
// lead opens (entryFigure); nil otherwise.
func figureOf(cands []*candidate, a *ask, lead *candidate) *candidate {
	if !a.isAmount {
		if j := a.entryValueDefault(cands, lead.pos); j >= 0 {
			return cands[j]
		}
		return nil
	}
	// A unit is no extent: "The age of pump cookies, in seconds." needs
	// its entry's "Default: 31449600" after it.
	if a.stated(cands, lead.pos) && a.figure.states(figureText(lead)) && (len(a.counted) == 0 || a.counted[0] != extentMark || extentValue(lead.text)) {
		return nil
	}
	i := lead.pos
	if amountContinues(a.counted, a.amountOf, a.figure, cands, i) {
		return cands[i+1]
	}
	if j := a.defaultAfter(cands, i); j >= 0 {
		return cands[j]
	}
	return entryFigure(a.counted, a.amountOf, a.figure, cands, i)
}

// entryDescription returns the sentence after lead when lead is an
// option's entry line that says nothing itself ("-j number-of-jobs
// --jobs=number-of-jobs", the description on the lines below); nil
// otherwise.
func entryDescription(cands []*candidate, lead *candidate) *candidate {
	if !lead.entry || textutil.EndsSentence(lead.text) || lead.pos+1 >= len(cands) {
		return nil
	}
	if next := cands[lead.pos+1]; next.source == lead.source && !next.code {
		return next
	}
	return nil
}

// answerOrder puts the best sentence first (chosen is best first), then
// second (the sentence that completes it, if not nil) or else the
// sentence after it if chosen, then the other chosen sentences of its
// source in reading order, then those of the next source whose best
// sentence ranks highest, and so on: the answer leads with what answers,
// and a source's sentences still read in order.
func answerOrder(chosen []*candidate, second *candidate) []*candidate {
	rank := map[int]int{} // source → rank of its best chosen sentence
	for i, c := range chosen {
		if _, ok := rank[c.source]; !ok {
			rank[c.source] = i
		}
	}
	lead := chosen[0]
	out := slices.Clone(chosen)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		switch {
		case a.source != b.source:
			return rank[a.source] < rank[b.source]
		case a == lead || b == lead:
			return a == lead
		case second != nil && (a == second || b == second):
			return a == second
		case a.pos == lead.pos+1 || b.pos == lead.pos+1:
			// The lead's next sentence goes on with it (an option's
			// entry line and its description below).
			return a.pos == lead.pos+1
		}
		return a.start < b.start
	})
	return out
}

// separator joins two chosen sentences: a blank line between sources and
// around code (so that no reader, the validator included, runs code into
// prose), a line break around list items and unpunctuated lines so that
// they do not run together, a space otherwise.
func separator(prev, next *candidate) string {
	switch {
	case prev.source != next.source || prev.code || next.code:
		return "\n\n"
	case prev.block && !textutil.EndsSentence(prev.text) && !isListItem(prev.text) && !isListItem(next.text):
		// An unpunctuated line (a signature, a table row) followed by a
		// sentence would read, to the validator too, as one sentence.
		return "\n\n"
	case strings.HasSuffix(prev.text, ":"):
		// A sentence ending in a colon announces what follows it in its
		// source; run into another sentence, even on the next line, it
		// reads, to the validator too, as one sentence.
		return "\n\n"
	case prev.block || next.block:
		return "\n"
	}
	return " "
}

// answerTest tells which candidates answer the question: those that
// cover enough of it (needed, less polarRelief for a polar sentence
// answering a yes/no question or entryRelief for a count stated in the
// entry asked about) and, for a question asking for an amount,
// state one (statesAmount, and a figure of the asked kind: figureTest), or
// are followed by the default asked for (defaultAfter); the sentence must
// have the asked form (askedForm: prose, the names asked about, a share,
// the thing whose default is asked) and, for a default, give it
// (givesDefault). Built once per question.
type answerTest struct {
	a          *ask
	cands      []*candidate
	need       float64
	form       askedForm
	said       []bool
	documented bool             // optionDocumented: the option asked about is in the sources
	sections   []*regexp.Regexp // the sections the question names (sectionWords)
}

func (g *Generator) newAnswerTest(question string, a *ask, cands []*candidate, sources []generate.ContextSource, qterms []string) *answerTest {
	form := newAskedForm(question, a, sources)
	return &answerTest{
		a:          a,
		cands:      cands,
		need:       g.needed(sources),
		form:       form,
		said:       defaultsGiven(form.defaulted, cands),
		documented: optionDocumented(cands, qterms, a.option),
		sections:   sectionWords(question, cands, sources),
	}
}

// entryRelief is the overlap a sentence may lack when it states the
// amount a count question asks for in the section of what is asked about
// (its heading made of the question's words: "post-receive" for "How many
// times does the post-receive hook run for one push …?"). An entry
// refers to its subject as "this hook" or "it" and words what it does its
// own way ("It executes … once after all the refs have been updated"), so
// it covers few of the question's words. On the 18 sets any relief from
// 0.10 to 0.25 answers the same two questions more and refuses none
// fewer; the smallest is taken.
const entryRelief = 0.10

// answersAt reports whether cands[i] answers the question.
func (t *answerTest) answersAt(i int) bool {
	if !t.documented {
		return false
	}
	a, cands, c := t.a, t.cands, t.cands[i]
	var prev *candidate
	if i > 0 && cands[i-1].source == c.source {
		prev = cands[i-1]
	}
	if c.overlap >= t.need && a.inSignature(c) {
		return true // the signature of the asked entry gives the default
	}
	counted, isAmount, subject, figure := a.counted, a.isAmount, a.amountOf, a.figure
	relief := polarRelief(a.intent, c)
	if isAmount && !isExtent(counted) && headedByQuestion(c, a.words) && statesAmount(counted, subject, isAmount, c, prev) && figure.states(figureText(c)) {
		relief = max(relief, entryRelief)
	}
	return c.overlap >= t.need-relief && t.form.holds(c, prev, nameScope(cands, i)) &&
		(t.form.defaulted == nil || givesDefault(t.form.defaulted, t.said, cands, i) || a.entryValueDefault(cands, i) >= 0) && (statesAmount(counted, subject, isAmount, c, prev) && figure.states(figureText(c)) || a.defaultAfter(cands, i) >= 0 ||
		isAmount && (amountContinues(counted, subject, figure, cands, i) || entryFigure(counted, subject, figure, cands, i) != nil))
}

// quoteAnswer makes sure the answer quotes a sentence that answers the
// question, and reports whether any does (false: the generator declines).
// Score and the answer test are separate judgements: the best-scoring
// sentences may cover the question's words while only a lower one states
// what was asked (a note on a cookie setting outscores "Default: 31449600
// (approximately 1 year, in seconds)"), and an answer given because of a
// sentence it does not quote presents text that does not answer. The
// best-scoring prose sentence that answers is then quoted: first, unless
// keepsLead. Code is never promoted (formLead never leads with it either);
// when only code answers, chosen stays as it is if it quotes that code or
// a sentence next to it (codeQuoted), and the generator declines
// otherwise: an example's output giving "port = [80]" is no reason to
// quote prose about something else.
func (g *Generator) quoteAnswer(t *answerTest, chosen []*candidate, second *candidate, qterms []string) ([]*candidate, *candidate, bool) {
	// Inside the sections the question names, when something there
	// answers (sectionWords).
	scoped := t.sectionAnswers()
	preferred := func(i int) bool { return !scoped || t.inSection(i) }
	for _, c := range chosen {
		if t.answersAt(c.pos) && preferred(c.pos) {
			chosen, second = t.withinSections(scoped, chosen, second)
			return chosen, second, true
		}
	}
	var best *candidate
	answered := false // some candidate answers, code included
	for i, c := range t.cands {
		if c.code {
			answered = answered || t.answersAt(i)
			continue
		}
		if c.tail {
			continue
		}
		if (best == nil || c.score > best.score) && t.answersAt(i) && preferred(i) {
			best, answered = c, true
		}
	}
	switch {
	case best == nil:
		return chosen, second, answered && t.codeQuoted(chosen)
	case t.keepsLead(chosen[0], best):
		// The sentence goes with its figure when the figure follows it
		// (amountContinues, a default below: figureOf).
		add := []*candidate{best}
		if f := figureOf(t.cands, t.a, best); f != nil && !slices.Contains(chosen, f) {
			add = append(add, f)
		}
		if g.maxSentences <= len(add) {
			return chosen, second, true
		}
		chosen = chosen[:min(len(chosen), g.maxSentences-len(add))]
		if !slices.Contains(chosen, second) {
			second = nil
		}
		return slices.Insert(chosen, 1, add...), second, true
	}
	chosen, second = g.choose(t.cands, best, qterms, t.a)
	chosen, second = t.withinSections(scoped, chosen, second)
	return chosen, second, true
}

// needed returns the overlap the best sentence must reach: MinOverlap, or
// SupportedOverlap when some source's Relevance reaches SupportedRelevance,
// and in between, linearly, over the SupportedRamp below it. It relaxes,
// never tightens: MinOverlap may be set below SupportedOverlap.
func (g *Generator) needed(sources []generate.ContextSource) float64 {
	best := math.Inf(-1)
	for _, s := range sources {
		if r := s.Source.Relevance; r > best { // false for NaN
			best = r
		}
	}
	low := min(g.minOverlap, g.supOverlap)
	switch {
	case best >= g.supRelevance:
		return low
	case g.supRamp <= 0 || best <= g.supRelevance-g.supRamp:
		return g.minOverlap
	}
	f := (best - (g.supRelevance - g.supRamp)) / g.supRamp
	return g.minOverlap - f*(g.minOverlap-low)
}

// keepsLead reports whether an amount question's answer keeps lead first
// and quotes c, the sentence that answers, after it: when lead already
// gives a figure of the asked kind (the answer test's subject match is
// looser than formLead's: "one mutable reference" passes with "same data"
// in the sentence before), and for an extent question unless c is in the
// entry of the thing asked about or is the default row asked for
// (formLead's rule: "a 10MB size limit on the .crate file" is no length
// of the crate's name).
func (t *answerTest) keepsLead(lead, c *candidate) bool {
	a := t.a
	if !a.isAmount {
		return false
	}
	return a.figure.states(figureText(lead)) ||
		isExtent(a.counted) && !a.extentEntry(c) && !(a.defaultAsked && defaultRow.MatchString(c.text))
}

// isExtent reports whether counted, an ask's amountTerms, is an extent's.
func isExtent(counted []string) bool {
	return len(counted) > 0 && counted[0] == extentMark
}

// codeQuoted reports whether chosen quotes code that answers, or a
// sentence next to such code in its source (the sentence introducing a
// command, the description under an option's name line): when only code
// answers, prose quoted away from it does not.
func (t *answerTest) codeQuoted(chosen []*candidate) bool {
	for _, c := range chosen {
		for _, n := range []int{c.pos - 1, c.pos, c.pos + 1} {
			if n >= 0 && n < len(t.cands) && t.cands[n].source == c.source && t.cands[n].code && t.answersAt(n) {
				return true
			}
		}
	}
	return false
}
