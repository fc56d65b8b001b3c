package validate

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/internal/parallel"
	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/retrieve"
)

// DefaultMinRecall is the fraction of a sentence's content terms that must
// occur in its cited text (as stems, or through the lexicon: a synonym, or
// a light word a paraphrase adds freely). It was tuned on
// testdata/pairs.jsonl (TestRecallSweep) before the clause checks existed:
// 0.6 was then the lowest value that caught every unrelated, wrong-source
// and invented sentence there. The clause checks (a content word missing
// from a clause fails it) are now stricter than recall, which remains a
// coarse whole-sentence check that MinRecall tunes.
const DefaultMinRecall = 0.6

// Options configures a Lexical validator. The zero value is the default.
// New copies what it needs, so Options may be reused; the Extractor must be
// safe for concurrent use.
type Options struct {
	// MinRecall in (0, 1]; 0 or less means DefaultMinRecall.
	MinRecall float64
	// Extractor parses citation markers; nil means cite.New(cite.Options{}).
	Extractor cite.Extractor
}

// Lexical is a high-precision lexical Validator. For every claim sentence
// of the answer it checks, against the union of the texts of the sources
// that sentence cites:
//
//   - LowOverlap: fewer than MinRecall of its stemmed content terms occur;
//   - NumberMismatch: a number, percentage, date, time, version or
//     quantity with its unit does not occur (thousands separators and
//     spacing normalised: "1,000 mm" = "1000mm");
//   - EntityMismatch: a product code ("TX-200"), acronym, camel-case name
//     or capitalised word not starting the sentence does not occur (case
//     and hyphens ignored);
//   - NegationMismatch: the sentence and its best-matching source sentence
//     (most shared content terms) carry different numbers of negation cues
//     (not, no, never, without, cannot, n't, neither, nor, none), so both
//     "must" → "must not" and flipping one of two negations are caught;
//   - MissingCitation: it cites nothing; InvalidCitation: it cites a
//     source that was not retrieved (then it is unsupported even if its
//     valid citations support it: a made-up reference discredits it).
//
// Then each clause of the sentence (split at commas, semicolons, colons,
// citation markers, coordinating conjunctions and relative pronouns) is
// judged on its own against the sentences of the cited text (see
// checkClauses):
//
//   - MissingTerm: a content word of the clause, after stemming and the
//     synonym table of lexicon.go, is not in the cited text;
//   - UnsupportedClause: its words are not stated together in one cited
//     sentence (only words of a source's title, or leading words naming
//     what the source is about, may come from elsewhere), so "destroys the
//     bearing" fails where the source says "destroys the seal";
//   - NumberMismatch: a number sits in a source unit (a source clause)
//     about something else ("the seal every 250 hours" against "seal every
//     1,800 hours; filter every 250 hours");
//   - Antonym and UnsupportedQuantifier: a polarity word whose opposite the
//     best-matching source sentence or clause states, or a quantifier,
//     superlative or comparative it does not state;
//   - URLMismatch: a URL (bare or a Markdown link or image target) that no
//     cited source holds.
//
// A clause without content words of its own ("and filters" aside) is
// judged with its sentence's words; Sentence.Failures names each failing
// clause and why. A sentence is Supported when it has no issue. Headings, lead-ins ending
// in ":" without a citation, bullets or lines without content, an echoed
// "Answer:" header, the model's own Sources block and sentences saying the
// documentation lacks the answer (IsDecline) are not claims and are left
// out of Report.Sentences.
//
// Lexical is immutable and safe for concurrent use.
type Lexical struct {
	minRecall float64
	extractor cite.Extractor
	// full indexes every sentence of a cited source, not only those the
	// answer's claims can reach: the reference the pruned index is tested
	// against.
	full bool
}

// New returns a Lexical validator configured by opts.
func New(opts Options) *Lexical {
	v := &Lexical{minRecall: opts.MinRecall, extractor: opts.Extractor}
	if v.minRecall <= 0 {
		v.minRecall = DefaultMinRecall
	}
	v.minRecall = min(v.minRecall, 1)
	if v.extractor == nil {
		v.extractor = cite.New(cite.Options{})
	}
	return v
}

// Validate implements Validator. It fails only when ctx is done.
func (v *Lexical) Validate(ctx context.Context, answer string, sources []retrieve.Source) (*Report, error) {
	index := make([]*evidence, len(sources))
	ix := indexer{pruned: !v.full, of: func(i int, qs []*query) *evidence {
		if index[i] == nil {
			index[i] = newEvidenceFor(sources[i].Chunk.Text, qs)
		}
		return index[i]
	}}
	rep, err := v.validate(ctx, answer, sources, ix, steps{check: v.check, classify: classify})
	// The report holds nothing of the indexes: they can serve the next
	// call.
	for _, e := range index {
		if e != nil {
			putEvidence(e)
		}
	}
	return rep, err
}

// Bind implements Binder: the returned Validator keeps the index of each
// source it has read, and its verdict on each claim sentence, so a Stream
// validating one growing answer many times indexes each cited source once
// and judges each sentence once. It is safe for concurrent use.
func (v *Lexical) Bind(sources []retrieve.Source) Validator {
	return &boundLexical{v: v, sources: sources, index: make([]*evidence, len(sources)), once: make([]sync.Once, len(sources)),
		verdicts: map[verdictKey]Sentence{}, kinds: map[kindKey]segKind{}}
}

// boundLexical is a Lexical bound to one list of sources.
type boundLexical struct {
	v       *Lexical
	sources []retrieve.Source
	index   []*evidence // each built once, read-only after
	once    []sync.Once

	mu sync.Mutex
	// verdicts memoises check: with the sources fixed, a sentence's
	// verdict depends only on its analysed text and the sources it cites.
	verdicts map[verdictKey]Sentence
	kinds    map[kindKey]segKind // memoises classify
}

// verdictKey is a claim's analysed text and the sources it cites ("0,2,").
type verdictKey struct{ marked, sources string }

// kindKey is what classify reads.
type kindKey struct {
	text, core string
	cited      bool
}

// maxVerdicts bounds boundLexical.verdicts; a stream has far fewer
// sentences.
const maxVerdicts = 4096

func (b *boundLexical) Validate(ctx context.Context, answer string, sources []retrieve.Source) (*Report, error) {
	if !sameSources(sources, b.sources) {
		return b.v.Validate(ctx, answer, sources)
	}
	// The index outlives this answer: it is built whole.
	ix := indexer{of: func(i int, _ []*query) *evidence {
		b.once[i].Do(func() { b.index[i] = newEvidence(sources[i].Chunk.Text) })
		return b.index[i]
	}}
	return b.v.validate(ctx, answer, sources, ix, steps{check: b.check, classify: b.classify})
}

// check is Lexical.check through the verdict memo.
func (b *boundLexical) check(marked string, cits []cite.Citation, sources []retrieve.Source, evidenceOf func(int) *evidence) Sentence {
	var cited strings.Builder
	for _, c := range cits {
		cited.WriteString(strconv.Itoa(c.Source))
		cited.WriteByte(',')
	}
	k := verdictKey{marked, cited.String()}
	b.mu.Lock()
	s, ok := b.verdicts[k]
	b.mu.Unlock()
	if !ok {
		s = b.v.check(marked, cits, sources, evidenceOf)
		b.mu.Lock()
		if len(b.verdicts) < maxVerdicts {
			b.verdicts[k] = s
		}
		b.mu.Unlock()
	}
	return s.clone()
}

// classify is classify through a memo.
func (b *boundLexical) classify(text, core string, cited bool) segKind {
	k := kindKey{text, core, cited}
	b.mu.Lock()
	kind, ok := b.kinds[k]
	b.mu.Unlock()
	if !ok {
		kind = classify(text, core, cited)
		b.mu.Lock()
		if len(b.kinds) < maxVerdicts {
			b.kinds[k] = kind
		}
		b.mu.Unlock()
	}
	return kind
}

// clone returns s with slices of its own, so that a report's caller may
// change them without touching the memo.
func (s Sentence) clone() Sentence {
	s.Sources = slices.Clone(s.Sources)
	s.Issues = slices.Clone(s.Issues)
	s.Failures = slices.Clone(s.Failures)
	s.Support = slices.Clone(s.Support)
	return s
}

// sameSources reports whether a and b are the same list (same backing
// array and length), as a bound validator expects to be called with.
func sameSources(a, b []retrieve.Source) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// validate is Validate with the sources' index behind ix, classifying and
// checking each sentence with st.
func (v *Lexical) validate(ctx context.Context, answer string, sources []retrieve.Source, ix indexer, st steps) (*Report, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("validate: %w", err)
	}
	ex := v.extractor.Extract(ctx, answer, sources)
	rep := &Report{Sentences: []Sentence{}}
	end := len(answer)
	if block := sourcesBlock(answer); block != nil {
		rep.SourcesBlock = block
		end = block.Start
	}
	// Citations are in answer order, as are spans: walk both once.
	all := slices.Clone(ex.Citations)
	slices.SortStableFunc(all, func(a, b cite.Citation) int { return cmp.Compare(a.Start, b.Start) })
	type claim struct {
		sp     textutil.Span
		cits   []cite.Citation
		marked string
	}
	var claims []claim
	next := 0
	declines, supported := 0, 0
	for _, sp := range answerSpans(answer, end) {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("validate: %w", err)
		}
		for next < len(all) && all[next].Start < sp.Start {
			next++
		}
		first := next
		for next < len(all) && all[next].Start < sp.End {
			next++
		}
		cits := all[first:next]
		if len(cits) == 0 && tableHeader(answer, sp) {
			continue
		}
		marked := markedCore(answer, sp, cits)
		core := strings.TrimSpace(strings.ReplaceAll(marked, string(markerFill), " "))
		switch st.classify(answer[sp.Start:sp.End], core, len(cits) > 0) {
		case segStructure:
			continue
		case segDecline:
			declines++
			continue
		}
		claims = append(claims, claim{sp, cits, marked})
	}
	// The claims citing a source say what its index must answer.
	var asks [][]*query
	if ix.pruned {
		asks = make([][]*query, len(sources))
		for _, c := range claims {
			q := newQuery()
			q.addClaim(c.marked)
			for _, ct := range c.cits {
				if ct.Source >= 0 && ct.Source < len(sources) && !slices.Contains(asks[ct.Source], q) {
					asks[ct.Source] = append(asks[ct.Source], q)
				}
			}
		}
	}
	evidenceOf := func(i int) *evidence {
		if asks == nil {
			return ix.of(i, nil)
		}
		return ix.of(i, asks[i])
	}
	// Indexing the cited sources is most of the work and each is
	// independent: do it on all processors.
	var cited []int
	for _, c := range claims {
		for _, ct := range c.cits {
			if ct.Source >= 0 && ct.Source < len(sources) && !slices.Contains(cited, ct.Source) {
				cited = append(cited, ct.Source)
			}
		}
	}
	if len(cited) > 1 {
		_ = parallel.ForEach(ctx, len(cited), runtime.GOMAXPROCS(0), func(_ context.Context, k int) error {
			evidenceOf(cited[k])
			return nil
		}, nil)
	}
	for _, c := range claims {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("validate: %w", err)
		}
		s := st.check(c.marked, c.cits, sources, evidenceOf)
		s.Text, s.Start, s.End = answer[c.sp.Start:c.sp.End], c.sp.Start, c.sp.End
		if s.Supported {
			supported++
		}
		rep.Sentences = append(rep.Sentences, s)
	}
	if n := len(rep.Sentences); n > 0 {
		rep.Coverage = float64(supported) / float64(n)
	}
	rep.Declined = declines > 0 && supported == 0
	return rep, nil
}

// indexer gives the evidence of source i. When pruned is set, of is given
// the queries of the claims citing source i, and the evidence it returns
// need answer only those (newEvidenceFor); of must be safe to call
// concurrently for distinct sources.
type indexer struct {
	of     func(i int, qs []*query) *evidence
	pruned bool
}

// steps are how validate classifies and checks a sentence: classify and
// Lexical.check, or memos of them.
type steps struct {
	check    func(marked string, cits []cite.Citation, sources []retrieve.Source, evidenceOf func(int) *evidence) Sentence
	classify func(text, core string, cited bool) segKind
}

// check judges one claim sentence, given its analysed text with markers
// as markerFill: first as a whole (recall, numbers, names, negation), then
// clause by clause (checkClauses), and its URLs.
func (v *Lexical) check(marked string, cits []cite.Citation, sources []retrieve.Source, evidenceOf func(int) *evidence) Sentence {
	n := len(sources)
	s := Sentence{Sources: []int{}}
	invalid := false
	for _, c := range cits {
		switch {
		case c.Source < 0 || c.Source >= n:
			invalid = true
		case !slices.Contains(s.Sources, c.Source):
			s.Sources = append(s.Sources, c.Source)
		}
	}
	claim := strings.TrimSpace(strings.ReplaceAll(marked, string(markerFill), " "))
	if invalid {
		s.Issues = append(s.Issues, InvalidCitation)
		s.Failures = append(s.Failures, Failure{Clause: claim, Issue: InvalidCitation, Detail: "cites a source that was not retrieved"})
	}
	if len(s.Sources) == 0 {
		if !invalid {
			s.Issues = append(s.Issues, MissingCitation)
			s.Failures = append(s.Failures, Failure{Clause: claim, Issue: MissingCitation, Detail: "cites no source"})
		}
		return s
	}
	var text cited
	var labels, raw []string
	for _, i := range s.Sources {
		text = append(text, evidenceOf(i))
		labels = append(labels, "S"+strconv.Itoa(i+1))
		raw = append(raw, sources[i].Chunk.Text)
	}
	urls := findURLs(marked)
	for _, u := range urls {
		if !urlCited(u.url, raw) {
			s.Failures = append(s.Failures, Failure{Clause: u.url, Issue: URLMismatch, Detail: "not in " + strings.Join(labels, ", ")})
		}
	}
	marked = blankURLs(marked, urls)
	core := strings.TrimSpace(strings.ReplaceAll(marked, string(markerFill), " "))
	if rows := quotedRows(core); rows != nil && len(s.Failures) == 0 {
		for k, r := range raw {
			// A table's header may be a chunk's last heading, where
			// the chunk starts inside the table.
			if holdsRows(r+"\n"+strings.Join(sources[s.Sources[k]].Chunk.Heading, "\n"), rows) {
				s.Recall, s.Supported = 1, true
				for _, sp := range rowSpans(r, rows) {
					s.Support = append(s.Support, SourceSpan{Source: s.Sources[k], Start: sp[0], End: sp[1]})
				}
				return s
			}
		}
	}
	if run := quotedRun(core); run != nil && len(s.Failures) == 0 {
		for k, r := range raw {
			if start, end, ok := runSpan(r, run); ok {
				s.Recall, s.Supported = 1, true
				s.Support = []SourceSpan{{Source: s.Sources[k], Start: start, End: end}}
				return s
			}
		}
	}
	whole := func(is Issue, detail string) {
		s.Failures = append(s.Failures, Failure{Clause: core, Issue: is, Detail: detail})
	}
	facts := extractFacts(core)
	ctoks := analyse(core, facts)
	terms := recallTerms(core)
	found := 0
	for _, t := range terms {
		if text.termFound(t) || text.lexiconFound(t, ctoks) {
			found++
		}
	}
	s.Recall = 1
	if len(terms) > 0 {
		s.Recall = float64(found) / float64(len(terms))
	}
	if s.Recall < v.minRecall {
		whole(LowOverlap, fmt.Sprintf("%d of %d content words found in %s", found, len(terms), strings.Join(labels, ", ")))
	}
	for _, f := range facts {
		if !text.factFound(f) {
			whole(NumberMismatch, strings.TrimSpace(core[f.start:f.end])+" not in "+strings.Join(labels, ", "))
		}
	}
	for _, en := range extractEntities(core, facts) {
		if !text.entityFound(en) {
			whole(EntityMismatch, strconv.Quote(en.text)+" not in "+strings.Join(labels, ", "))
		}
	}
	var cterms []string
	for _, t := range ctoks {
		if t.term != "" && !slices.Contains(cterms, t.term) {
			cterms = append(cterms, t.term)
		}
	}
	if !text.polarityMatches(cterms, negationsOf(core, ctoks)) {
		whole(NegationMismatch, "negated in the sentence or its source, not both")
	}
	fails, support := checkClauses(marked, text, labels)
	s.Failures = append(s.Failures, fails...)
	for _, f := range s.Failures {
		if !slices.Contains(s.Issues, f.Issue) {
			s.Issues = append(s.Issues, f.Issue)
		}
	}
	s.Supported = len(s.Issues) == 0
	if s.Supported {
		for _, r := range support {
			if es := text[r.src].sentences[r.sent]; !es.heading {
				s.Support = append(s.Support, SourceSpan{Source: s.Sources[r.src], Start: es.start, End: es.end})
			}
		}
	}
	return s
}

// lexiconFound reports whether the claim word with stem t is found
// through the lexicon: a synonym or form of it is in the cited text, or it
// is a word a paraphrase adds freely.
func (c cited) lexiconFound(t string, toks []tok) bool {
	for _, k := range toks {
		if k.info.stem != t || k.info.canon == "" {
			continue
		}
		if generic[k.info.canon] {
			return true
		}
		for _, e := range c {
			if len(e.postings(k.info.canon)) > 0 {
				return true
			}
		}
	}
	return false
}

// recallTerms returns the distinct content terms of a sentence, leaving out
// bare numbers, which the fact check judges.
func recallTerms(core string) []string {
	var out []string
	for _, t := range textutil.ContentTerms(core) {
		if strings.Trim(t, "0123456789.,:/-") == "" || isNumberStem(t) || slices.Contains(out, t) {
			continue
		}
		out = append(out, t)
	}
	return out
}
