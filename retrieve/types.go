package retrieve

import (
	"context"
	"time"

	"github.com/hybridrag/hybridrag/store"
)

// Retrieval defaults: candidate depths per search, the RRF constant, the
// MMR balance and how many sources reach the context.
const (
	DefaultKeywordK   = 20  // BM25 candidates
	DefaultVectorK    = 40  // vector candidates
	DefaultRRFK       = 60  // Reciprocal Rank Fusion constant
	DefaultMMRLambda  = 0.5 // MMR balance: 1 = relevance only, 0 = diversity only
	DefaultMaxSources = 15  // maxChunksForContext
)

// Filter restricts retrieval; it is enforced inside both searches.
type Filter = store.Filter

// Query is one retrieval request. Zero fields take the defaults above.
type Query struct {
	Text   string
	Filter Filter
	// KeywordK and VectorK are the candidate counts of each search. A
	// negative value disables that search. Copies of one text (the same
	// but for its figures, scored alike) take one place: a search whose
	// hits hold copies asks the store again, for twice its count, and
	// keeps them along with its count of distinct hits.
	KeywordK int
	VectorK  int
	// MaxSources truncates the final list (maxChunksForContext).
	MaxSources int
	// MMRLambda in (0, 1]; 0 means DefaultMMRLambda. 1 keeps fused order.
	MMRLambda float64
}

// Scores holds every raw score a source has. A field is 0 when the source
// was not found by that search (see KeywordRank and VectorRank).
type Scores struct {
	// BM25 is the keyword side's score: the store's BM25, plus the
	// question's expansions at their scale (see Expansion) and the
	// proximity bonus (see DefaultProximityWeight).
	BM25   float64 `json:"bm25"`
	Cosine float64 `json:"cosine"` // raw cosine similarity, -1..1
	Fused  float64 `json:"fused"`  // rank fusion score (RRF ≈ 0.016–0.033); not a probability
	Rerank float64 `json:"rerank,omitempty"`
}

// Source is one retrieved chunk with its scores.
type Source struct {
	Chunk  store.Chunk `json:"chunk"`
	Scores Scores      `json:"scores"`
	// KeywordRank and VectorRank are 1-based ranks in each candidate list,
	// 0 when absent from it.
	KeywordRank int `json:"keyword_rank"`
	VectorRank  int `json:"vector_rank"`
	// Relevance in [0, 1] estimates how well the chunk covers the question;
	// gates threshold it. Its definition is documented on Relevance (relevance.go).
	Relevance float64 `json:"relevance"`
	// Passage is the chunk's best passage for the question (small-to-big:
	// the passage is scored, the whole chunk is returned), nil when the
	// chunk holds none of the question's terms. Hybrid sets it with
	// Relevance, whose passage coverage it is.
	Passage *Passage `json:"passage,omitempty"`
	// NeighborOf is, for a chunk added because it adjoins the best passage
	// of another source (see DefaultNeighbors), that source's chunk id; its
	// search scores and ranks are then 0.
	NeighborOf string `json:"neighbor_of,omitempty"`
	// Vector is the chunk's embedding (used by MMR); not serialised.
	Vector []float32 `json:"-"`
}

// Passage is the span [Start, End) of a chunk's Text (byte offsets) that
// best covers the question: the window of PassageSentences consecutive
// sentences holding the largest IDF-weighted share of the question's
// terms.
type Passage struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	Text  string `json:"text"`
	// Coverage in [0, 1] is that share (the passage coverage of Relevance).
	Coverage float64 `json:"coverage"`
}

// QueryAnalysis describes how the question was read.
type QueryAnalysis struct {
	// Keywords are the analysed content terms of the question.
	Keywords []string `json:"keywords"`
	// Expansions are the words keyword search added to the question (see
	// Options.Expansion), weighted below its own. With a keyword searcher
	// that implements store.TermStatter, only words the collection uses
	// are listed.
	Expansions []string `json:"expansions,omitempty"`
	// Intent is the kind of answer the question asks for (DetectIntent).
	Intent Intent `json:"intent,omitempty"`
	// Missing are the rare keywords that occur in no retrieved source.
	Missing []string `json:"missing,omitempty"`
	// Unknown are the words of the question that name something (a code
	// identifier such as "pg_stat_io", a word in capitals, a capitalised
	// word inside a sentence) and that no chunk of the query's tenant and
	// project contains, as the question spells them. The default gate
	// refuses such questions. Set only when the keyword searcher offers
	// term statistics (store.TermStatter).
	Unknown []string `json:"unknown,omitempty"`
	// Incidental are the question's names and keyword phrases that the
	// collection contains but that no source speaks about as the question
	// does: a name found only away from the question's other words (in a
	// list of key words, a passing mention), or a phrase in capitals whose
	// words no source writes together ("WHEN NOT MATCHED BY SOURCE"). The
	// default gate refuses such questions. Set only when the keyword
	// searcher offers term statistics (store.TermStatter).
	Incidental []string `json:"incidental,omitempty"`
	// Cosine is the cosine range Relevance used when it was derived from
	// the collection (Options.CosineFromCollection); nil otherwise.
	Cosine *CosineRange `json:"cosine_range,omitempty"`
}

// Timings records where retrieval spent its time.
type Timings struct {
	Embed   time.Duration `json:"embed"`
	Keyword time.Duration `json:"keyword"`
	Vector  time.Duration `json:"vector"`
	Fuse    time.Duration `json:"fuse"` // merge, fusion, relevance, rerank and MMR
	Total   time.Duration `json:"total"`
}

// Result is the evidence retrieval found for one question.
type Result struct {
	Query    string        `json:"query"`
	Analysis QueryAnalysis `json:"query_analysis"`
	// Sources are the selected chunks, best first, at most MaxSources.
	Sources []Source `json:"sources"`
	// Candidates is the number of distinct chunks found by both searches
	// before selection.
	Candidates int     `json:"candidates"`
	Timings    Timings `json:"timings"`
}

// Retriever finds evidence for a question. Implementations must be safe for
// concurrent use.
type Retriever interface {
	Retrieve(ctx context.Context, q Query) (*Result, error)
}

// RetrieverFunc adapts a function to Retriever.
type RetrieverFunc func(ctx context.Context, q Query) (*Result, error)

// Retrieve calls f.
func (f RetrieverFunc) Retrieve(ctx context.Context, q Query) (*Result, error) { return f(ctx, q) }

// Embedder turns text into vectors. Implementations must be safe for
// concurrent use, return one vector per input text, and always return
// vectors of the same dimension. Vectors need not be normalised.
type Embedder interface {
	EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error)
	EmbedQuery(ctx context.Context, text string) ([]float32, error)
}

// Reranker reorders candidate sources, for example with a cross-encoder. It
// may set Scores.Rerank; it must return a subset (or all) of its input.
type Reranker interface {
	Rerank(ctx context.Context, query string, sources []Source) ([]Source, error)
}

// RerankerFunc adapts a function to Reranker.
type RerankerFunc func(ctx context.Context, query string, sources []Source) ([]Source, error)

// Rerank calls f.
func (f RerankerFunc) Rerank(ctx context.Context, query string, sources []Source) ([]Source, error) {
	return f(ctx, query, sources)
}
