package validate

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/retrieve"
)

// DefaultMinRecall is the fraction of a sentence's content terms that must
// occur in its cited text. It was tuned on testdata/pairs.jsonl
// (TestRecallSweep): 0.6 is the lowest value that catches every unrelated,
// wrong-source and invented sentence there, including claims with no
// number or new name that only recall can see ("The PX-400 pump is covered
// by a five-year warranty from Hydrotec." has recall 0.50), while flagging
// no verbatim or lightly paraphrased sentence and 2 of 36 heavily reworded
// ones; at 0.7 a quarter of the reworded sentences are flagged.
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
// A sentence is Supported when it has no issue. Headings, lead-ins ending
// in ":" without a citation, bullets or lines without content, an echoed
// "Answer:" header, the model's own Sources block and sentences saying the
// documentation lacks the answer (IsDecline) are not claims and are left
// out of Report.Sentences.
//
// Lexical is immutable and safe for concurrent use.
type Lexical struct {
	minRecall float64
	extractor cite.Extractor
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
	index := make([]*evidence, len(sources))
	evidenceOf := func(i int) *evidence {
		if index[i] == nil {
			index[i] = newEvidence(sources[i].Chunk.Text)
		}
		return index[i]
	}
	// Citations are in answer order, as are spans: walk both once.
	all := slices.Clone(ex.Citations)
	slices.SortStableFunc(all, func(a, b cite.Citation) int { return cmp.Compare(a.Start, b.Start) })
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
		core := sentenceCore(answer, sp, cits)
		switch classify(answer[sp.Start:sp.End], core, len(cits) > 0) {
		case segStructure:
			continue
		case segDecline:
			declines++
			continue
		}
		s := v.check(core, cits, len(sources), evidenceOf)
		s.Text, s.Start, s.End = answer[sp.Start:sp.End], sp.Start, sp.End
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

// check judges one claim sentence.
func (v *Lexical) check(core string, cits []cite.Citation, n int, evidenceOf func(int) *evidence) Sentence {
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
	if invalid {
		s.Issues = append(s.Issues, InvalidCitation)
	}
	if len(s.Sources) == 0 {
		if !invalid {
			s.Issues = append(s.Issues, MissingCitation)
		}
		return s
	}
	var text cited
	for _, i := range s.Sources {
		text = append(text, evidenceOf(i))
	}
	terms := recallTerms(core)
	found := 0
	for _, t := range terms {
		if text.termFound(t) {
			found++
		}
	}
	s.Recall = 1
	if len(terms) > 0 {
		s.Recall = float64(found) / float64(len(terms))
	}
	if s.Recall < v.minRecall {
		s.Issues = append(s.Issues, LowOverlap)
	}
	facts := extractFacts(core)
	for _, f := range facts {
		if !text.factFound(f) {
			s.Issues = append(s.Issues, NumberMismatch)
			break
		}
	}
	for _, en := range extractEntities(core, facts) {
		if !text.entityFound(en) {
			s.Issues = append(s.Issues, EntityMismatch)
			break
		}
	}
	if !text.polarityMatches(terms, negations(core)) {
		s.Issues = append(s.Issues, NegationMismatch)
	}
	s.Supported = len(s.Issues) == 0
	return s
}

// recallTerms returns the distinct content terms of a sentence, leaving out
// bare numbers, which the fact check judges.
func recallTerms(core string) []string {
	var out []string
	for _, t := range textutil.ContentTerms(core) {
		if strings.Trim(t, "0123456789.,:/-") == "" || slices.Contains(out, t) {
			continue
		}
		out = append(out, t)
	}
	return out
}
