package validate

import (
	"context"

	"github.com/hybridrag/hybridrag/retrieve"
)

// Issue names why a sentence is not (fully) supported.
type Issue string

// Issues a validator reports.
const (
	MissingCitation  Issue = "missing_citation"  // no valid citation
	InvalidCitation  Issue = "invalid_citation"  // cites something not retrieved
	LowOverlap       Issue = "low_overlap"       // too few content words found in the cited text
	NumberMismatch   Issue = "number_mismatch"   // a number or date not in the cited text
	EntityMismatch   Issue = "entity_mismatch"   // a named entity not in the cited text
	NegationMismatch Issue = "negation_mismatch" // negated in one, not the other

	// Clause-level issues: each clause of a sentence is judged on its own.
	MissingTerm           Issue = "missing_term"           // a content word of a clause is not in the cited text
	UnsupportedClause     Issue = "unsupported_clause"     // a clause's words are not stated together in any cited sentence
	Antonym               Issue = "antonym"                // a polarity word the cited sentence states the opposite of
	UnsupportedQuantifier Issue = "unsupported_quantifier" // a quantifier, superlative or comparative the cited sentence lacks
	URLMismatch           Issue = "url_mismatch"           // a URL that no cited source holds
)

// Failure says why one clause of a sentence is not supported. It is a
// plain value.
type Failure struct {
	// Clause is the part of the sentence judged (citation markers removed),
	// or the URL for URLMismatch.
	Clause string `json:"clause"`
	Issue  Issue  `json:"issue"`
	// Detail names the words, number or source involved.
	Detail string `json:"detail,omitempty"`
}

// Sentence is the verdict on one answer sentence.
type Sentence struct {
	Text  string `json:"text"`
	Start int    `json:"start"`
	End   int    `json:"end"`
	// Sources are the indices of the valid sources the sentence cites.
	Sources   []int   `json:"sources"`
	Supported bool    `json:"supported"`
	Issues    []Issue `json:"issues,omitempty"`
	// Recall is the fraction of the sentence's content words found in the
	// cited text.
	Recall float64 `json:"recall"`
	// Failures explain Issues clause by clause.
	Failures []Failure `json:"failures,omitempty"`
	// Support holds, for a supported sentence, the cited source sentences
	// its clauses matched best (headings left out): what a UI highlights
	// as the evidence.
	Support []SourceSpan `json:"support,omitempty"`
	// Judge is the model judge's verdict (see WithJudge); nil when no
	// judge ran on this sentence.
	Judge *Verdict `json:"judge,omitempty"`
}

// Report is a validator's verdict on a whole answer.
type Report struct {
	Sentences []Sentence `json:"sentences"`
	// Coverage is attribution coverage: supported cited sentences divided by
	// sentences.
	Coverage float64 `json:"attribution_coverage"`
	// Declined is true when the answer says the documentation does not
	// contain the information.
	Declined bool `json:"declined"`
	// SourcesBlock is the span of a Sources block the model wrote itself
	// (from its header line to the end of the answer), nil if none. Apply
	// removes it: the pipeline renders its own from validated citations.
	SourcesBlock *Span `json:"sources_block,omitempty"`
}

// Validator checks an answer against the sources given to the generator
// (sources[i] has label "S" + (i+1)). Implementations must be safe for
// concurrent use.
type Validator interface {
	Validate(ctx context.Context, answer string, sources []retrieve.Source) (*Report, error)
}

// Func adapts a function to Validator.
type Func func(ctx context.Context, answer string, sources []retrieve.Source) (*Report, error)

// Validate calls f.
func (f Func) Validate(ctx context.Context, answer string, sources []retrieve.Source) (*Report, error) {
	return f(ctx, answer, sources)
}

// SourceSpan is a span [Start, End) of the text of source Source (an index
// into the sources given to the validator, label "S" + (Source+1)). It is
// a plain value.
type SourceSpan struct {
	Source int `json:"source"`
	Start  int `json:"start"`
	End    int `json:"end"`
}
