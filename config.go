package hybridrag

import (
	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/validate"
)

// Defaults that are not owned by a sub-package.
const (
	DefaultMinQueryLength = 3    // characters
	DefaultMaxQueryLength = 1000 // characters
	DefaultEmbedDimension = 384  // offline hashing embedder
	DefaultIndexBatchSize = 64   // documents per store write
	// DefaultCoverageTarget is the attribution coverage below which an
	// answer is marked LOW CONFIDENCE (at least 90% of claim sentences
	// supported).
	DefaultCoverageTarget = validate.DefaultCoverageTarget
)

// Config configures a Pipeline. The zero value of every field is its
// documented default; only Store is required (or a Retriever, for a read-only
// Pipeline).
type Config struct {
	// Store holds the chunks: open one and pass it in, e.g.
	// embedded.Open(dir, embedded.Options{Create: true}) or postgres.Open.
	// Its optional capabilities (store.Statter, store.Checkpointer,
	// store.Scanner, store.TermStatter) are found by type assertion; see
	// store.Store. The Pipeline never closes it.
	Store store.Store

	// Embedder embeds chunks and questions. nil selects the offline
	// hashing embedder (lexical, DefaultEmbedDimension dimensions). A store
	// must always be queried with the embedder it was indexed with.
	Embedder retrieve.Embedder
	// Retriever replaces the hybrid retriever built over Store.
	Retriever retrieve.Retriever
	// Reranker, if set, reorders fused candidates before MMR.
	Reranker retrieve.Reranker

	Gate           gate.Gate               // nil: the default gate with Retrieval's thresholds
	ContextBuilder generate.ContextBuilder // nil: generate's builder with Generation.ContextTokens
	Generator      generate.Generator      // nil: the offline extractive generator
	Extractor      cite.Extractor          // nil: cite's parser
	Validator      validate.Validator      // nil: the lexical validator

	// QueryLog, if set, receives a QueryRecord for every Ask and Retrieve
	// call made while the Pipeline is open (answers, refusals and errors
	// alike), after the call's work is done; nil turns logging off. A
	// logging failure never fails the call: it is reported to Observer as a
	// "log" Event with Err set, or, with no Observer, as a warning on
	// slog.Default. The Pipeline does not close the QueryLog.
	QueryLog QueryLog
	// Observer, if set, receives an Event per finished pipeline stage and
	// per call (see Event). See SlogObserver and Metrics.
	Observer Observer

	// Agents are the named agents Request.Agent and ArtifactRequest.Agent
	// select (see Agent); spec.LoadAgents reads them from YAML or JSON.
	Agents []Agent
	// Profiles maps model profile names (ProfileCheap, ProfileBalanced,
	// ProfilePremium, or others) to generators; an Agent names one.
	Profiles map[string]Profile
	// Artifacts are user-defined artifact schemas, selectable by name like
	// the built-in ones (BuiltinSchemas); a user schema may replace a
	// built-in one of the same name.
	Artifacts []ArtifactSchema
	// RequireTenant makes every query (Retrieve, Ask, AskWithRetrieval,
	// Prompt, streaming or not) name a tenant: one whose
	// Request.Filter.TenantID is empty fails with ErrTenantRequired before
	// any search, instead of searching every tenant's documents. Set it
	// when one store serves several tenants and a missing tenant is a bug
	// of the caller, not a wish to search them all.
	RequireTenant bool

	Chunking   ChunkingConfig
	Retrieval  RetrievalConfig
	Generation GenerationConfig
	Query      QueryConfig
}

// ChunkingConfig sizes chunks in cl100k_base tokens. Zero values take the
// chunker's defaults (target 800, max 1000, overlap 120).
type ChunkingConfig struct {
	TargetTokens  int
	MaxTokens     int
	OverlapTokens int
}

// RetrievalConfig holds retrieval and gate settings.
type RetrievalConfig struct {
	KeywordK   int     // BM25 candidates, default 20
	VectorK    int     // vector candidates, default 40
	MaxSources int     // maxChunksForContext, default 15
	MMRLambda  float64 // default 0.5
	// MinScore is the Relevance a source needs to count as evidence
	// (default 0.20); MinChunks is how many such sources an answer needs
	// (default 2); Probe is the best-source Relevance below which a question
	// is refused as no_relevant_content (default 0.30). Use a negative value
	// to mean exactly zero.
	MinScore  float64
	MinChunks int
	Probe     float64
	// Fusion picks how keyword and vector candidates are combined:
	// retrieve.FusionRRF (Reciprocal Rank Fusion, k = 60),
	// retrieve.FusionWeighted (min-max normalised scores, keyword 0.8 :
	// vector 0.2), or retrieve.FusionDefault: weighted with the offline
	// hashing embedder, whose lexical vectors are a weak second opinion
	// (SciFact test nDCG@10: weighted 0.70, RRF 0.64, BM25 alone 0.69), and
	// RRF with any other embedder, whose score scale is unknown.
	// retrieve.ParseFusion reads the names "rrf" and "weighted".
	Fusion retrieve.Fusion
	// Calibration maps raw scores to Source.Relevance, the value the gate
	// thresholds. The zero value suits the offline hashing embedder. With
	// any other Embedder, when CosineFloor and CosineCeiling are both zero
	// and the Store implements store.Scanner, the cosine range is derived
	// per tenant and project from the collection's own vectors (the median
	// cosine of random chunk pairs from different documents is the floor;
	// see retrieve.CollectionCosine), computed on the first query and
	// refreshed at most once a minute while the index changes; a real
	// model's unrelated texts often reach cosine 0.5, which the hashing
	// defaults would read as strong evidence. retrieve.Result.Analysis.Cosine
	// reports the range used. Explicit cosine values always win; fit them
	// with `hybridrag eval --calibrate` when you have labelled questions.
	Calibration retrieve.Calibration
	// Expansion selects the query expansions keyword search adds (bundled
	// synonyms, the collection's heading vocabulary); the zero value is
	// retrieve.DefaultExpansion. See retrieve.Expansion.
	Expansion retrieve.Expansion
	// ProximityWeight scales the keyword score a chunk gains for writing
	// neighbouring question words next to each other, in the question's
	// order (default retrieve.DefaultProximityWeight; negative disables
	// it). See retrieve.Options.ProximityWeight.
	ProximityWeight float64
	// SingleSource is the Relevance at which one source suffices when fewer
	// than MinChunks pass MinScore; the answer is then marked LOW
	// CONFIDENCE (default 0.50; negative disables it).
	SingleSource float64
}

// GenerationConfig holds context and generation settings.
type GenerationConfig struct {
	// ContextTokens is the token budget of the sources block (default 6000).
	ContextTokens int
	// Persona is prepended to the system prompt; it cannot remove the rules.
	Persona string
	// Template is a system prompt template with a {context} placeholder;
	// empty selects the built-in template.
	Template string
	// Policy says what happens to unsupported sentences (default: drop them).
	Policy validate.Policy
	// CoverageTarget is the attribution coverage below which an answer is
	// marked LOW CONFIDENCE (default 0.90).
	CoverageTarget float64
	// Judge, if set, is asked once per answer whether the cited sources
	// entail each claim the validator kept (validate.WithJudge); nil (the
	// default) runs no judge. It may be the Generator itself. With a judge,
	// Request.Stream receives the answer only once it is complete.
	Judge generate.Generator
}

// QueryConfig bounds questions, counted in characters (runes).
type QueryConfig struct {
	MinLength int // default 3
	MaxLength int // default 1000
}

func orInt(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

func orFloat(v, def float64) float64 {
	if v == 0 {
		return def
	}
	return v
}
