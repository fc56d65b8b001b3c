package lcvector

import (
	"fmt"

	"github.com/hybridrag/hybridrag/store"
)

// ScoreConvention says what schema.Document.Score means for a backend, so
// that the Searcher can report cosine similarity (store.Hit.Score), the
// quantity retrieve.Relevance is calibrated on.
type ScoreConvention int

const (
	// ScoreCosine: Score is the cosine similarity in [-1, 1]. langchaingo's
	// pgvector (1 − cosine distance), Chroma with a cosine space
	// (1 − distance), and Qdrant, Pinecone, Milvus or Redis collections
	// created with the cosine metric report this. Hit.Score = Score.
	ScoreCosine ScoreConvention = iota
	// ScoreCertainty: Score is Weaviate's certainty, (1 + cosine) / 2 in
	// [0, 1]. Hit.Score = 2·Score − 1.
	ScoreCertainty
	// ScoreCosineDistance: Score is the cosine distance, 1 − cosine, in
	// [0, 2] (lower is closer). Hit.Score = 1 − Score.
	ScoreCosineDistance
)

// toCosine maps a backend score to cosine similarity, clamped to [-1, 1].
func (c ScoreConvention) toCosine(score float32) float64 {
	s := float64(score)
	switch c {
	case ScoreCertainty:
		s = 2*s - 1
	case ScoreCosineDistance:
		s = 1 - s
	}
	return min(1, max(-1, s))
}

// FilterFunc turns a store.Filter into the backend's filter argument
// (vectorstores.WithFilters); nil means no filter. exact reports whether
// the backend filter expresses all of f: when it does not, the Searcher
// asks the backend for more results and drops those failing f.
type FilterFunc func(f store.Filter) (filter any, exact bool)

// Defaults.
const (
	// DefaultOverfetch multiplies k when the backend filter is not exact.
	DefaultOverfetch = 4
)

// Options configures a Searcher. The zero value expects cosine scores,
// filters with EqualityFilter, and over-fetches DefaultOverfetch times.
type Options struct {
	// Scores is the backend's score convention.
	Scores ScoreConvention
	// Filter builds the backend filter; nil means EqualityFilter.
	Filter FilterFunc
	// Overfetch multiplies k when the filter is not exact; 0 means
	// DefaultOverfetch, 1 disables over-fetching.
	Overfetch int
	// NameSpace is passed as vectorstores.WithNameSpace when set.
	NameSpace string
}

func (o Options) resolve() (Options, error) {
	if o.Scores < ScoreCosine || o.Scores > ScoreCosineDistance {
		return o, fmt.Errorf("%w: unknown score convention %d", ErrInvalidOptions, o.Scores)
	}
	if o.Filter == nil {
		o.Filter = EqualityFilter
	}
	switch {
	case o.Overfetch < 0:
		return o, fmt.Errorf("%w: negative Overfetch %d", ErrInvalidOptions, o.Overfetch)
	case o.Overfetch == 0:
		o.Overfetch = DefaultOverfetch
	}
	return o, nil
}

// EqualityFilter is the default FilterFunc: a map[string]any of metadata
// equalities, the form langchaingo's pgvector, Chroma and Weaviate
// adapters accept (Qdrant, Pinecone and OpenSearch expect their own filter
// documents: supply a FilterFunc for them). It holds TenantID and ProjectID
// when set, and SourceTypes, Confidentiality and DocumentIDs when they have
// exactly one value; it is exact when nothing else (several allowed values,
// date bounds) restricts f.
func EqualityFilter(f store.Filter) (any, bool) {
	m := map[string]any{}
	exact := true
	if f.TenantID != "" {
		m[MetaTenantID] = f.TenantID
	}
	if f.ProjectID != "" {
		m[MetaProjectID] = f.ProjectID
	}
	one := func(key string, values []string) {
		switch len(values) {
		case 0:
		case 1:
			m[key] = values[0]
		default:
			exact = false
		}
	}
	one(MetaSourceType, f.SourceTypes)
	one(MetaConfidentiality, f.Confidentiality)
	one(MetaDocumentID, f.DocumentIDs)
	if !f.After.IsZero() || !f.Before.IsZero() {
		exact = false
	}
	if len(m) == 0 {
		return nil, exact
	}
	return m, exact
}
