package gate

import (
	"context"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

// Default thresholds of the refusal contract. The probe looks at the one
// best source only.
const (
	DefaultProbeThreshold = 0.30 // best source Relevance below this: no_relevant_content
	DefaultMinScore       = 0.20 // a source counts as evidence at or above this Relevance
	DefaultMinChunks      = 2    // fewer evidence sources than this: insufficient_sources
	// DefaultLowConfidenceBelow marks answers whose best evidence is below
	// this Relevance as LOW CONFIDENCE (the weak-evidence band).
	DefaultLowConfidenceBelow = 0.45
	// DefaultSingleSource is the Relevance at which one source is enough
	// evidence on its own when fewer than MinChunks pass MinScore; such an
	// answer is marked LOW CONFIDENCE (limited source coverage).
	DefaultSingleSource = 0.50
)

// Reason is a typed refusal reason. The empty Reason means no refusal.
type Reason string

// The refusal contract. The gate decides the first three before any
// generator call; the pipeline decides the last two after generation.
const (
	CollectionNotFound  Reason = "collection_not_found"
	NoRelevantContent   Reason = "no_relevant_content"
	InsufficientSources Reason = "insufficient_sources"
	UnsupportedAnswer   Reason = "unsupported_answer"
	ModelDeclined       Reason = "model_declined"
)

// Confidence labels an answer.
type Confidence string

// Confidence levels.
const (
	Normal  Confidence = "normal"
	Low     Confidence = "low"
	Refused Confidence = "refused"
)

// Stage names the point of the pipeline at which a decision is taken.
type Stage string

// Stages, in pipeline order.
const (
	StageCollection Stage = "collection" // before any embedding or LLM call
	StageProbe      Stage = "probe"      // best source relevance
	StageSources    Stage = "sources"    // enough sources above min_score
	StageValidation Stage = "validation" // after generation
)

// Thresholds parametrise a gate. Zero values take the defaults above; use a
// negative MinChunks or MinScore to mean exactly zero.
type Thresholds struct {
	Probe              float64 `json:"probe"`
	MinScore           float64 `json:"min_score"`
	MinChunks          int     `json:"min_chunks"`
	LowConfidenceBelow float64 `json:"low_confidence_below"`
	SingleSource       float64 `json:"single_source"`
}

// Evidence is what a gate decides on. At StageCollection only Stats is set;
// afterwards Result is set as well.
type Evidence struct {
	Question   string
	Stats      store.Stats
	Result     *retrieve.Result
	Thresholds Thresholds
}

// Decision is a gate's verdict, recorded on the answer for auditing.
type Decision struct {
	Allow      bool       `json:"allow"`
	Reason     Reason     `json:"reason,omitempty"`
	Stage      Stage      `json:"stage"`
	Confidence Confidence `json:"confidence"`
	// BestRelevance is the highest source Relevance (0 before retrieval).
	BestRelevance float64 `json:"best_relevance"`
	// Passing is the number of sources with Relevance ≥ MinScore.
	Passing    int        `json:"passing"`
	Thresholds Thresholds `json:"thresholds"`
	// Unknown lists the question's names the collection never contains
	// when they caused the refusal (see Default).
	Unknown []string `json:"unknown,omitempty"`
	// Incidental lists the question's names and keyword phrases that the
	// collection holds but no source speaks about, when they caused the
	// refusal (see Default).
	Incidental []string `json:"incidental,omitempty"`
	// Message is the user-facing refusal text, empty when allowed.
	Message string `json:"message,omitempty"`
}

// Gate decides whether evidence suffices for generation. It is called
// first with Stats only (StageCollection; skipped when the store cannot
// count, see store.Statter), then with the retrieval result;
// when it refuses, no generator is called. Implementations must be safe for
// concurrent use and must not call a language model.
type Gate interface {
	Check(ctx context.Context, e Evidence) Decision
}

// Func adapts a function to Gate.
type Func func(ctx context.Context, e Evidence) Decision

// Check calls f.
func (f Func) Check(ctx context.Context, e Evidence) Decision { return f(ctx, e) }
