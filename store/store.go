package store

import (
	"context"
	"time"
)

// Filter restricts a search. Zero fields do not restrict. Stores must apply
// a Filter inside each search, before top-k truncation, so that a filtered
// query returns the best k chunks that pass the filter rather than the
// passing subset of the best k overall.
type Filter struct {
	// TenantID, if set, keeps only that tenant's chunks; "" does not
	// restrict (every tenant's chunks, and those with no tenant, pass). A
	// Pipeline with hybridrag.Config.RequireTenant refuses a query whose
	// TenantID is "" (hybridrag.ErrTenantRequired) before it reaches a
	// store.
	TenantID  string
	ProjectID string // exact match
	// SourceTypes, if non-empty, is the set of allowed Metadata.SourceType values.
	SourceTypes []string
	// Confidentiality, if non-empty, is the set of allowed
	// Metadata.Confidentiality values; chunks with any other label
	// (including none) are excluded.
	Confidentiality []string
	// After and Before bound Metadata.Date (inclusive); chunks without a
	// date are excluded when either bound is set.
	After, Before time.Time
	// DocumentIDs, if non-empty, restricts results to these documents.
	DocumentIDs []string
}

// Match reports whether c passes f. Stores that cannot push a filter into
// their search engine use it to filter candidates during the scan.
func (f *Filter) Match(c *Chunk) bool {
	if f.TenantID != "" && c.TenantID != f.TenantID {
		return false
	}
	if f.ProjectID != "" && c.ProjectID != f.ProjectID {
		return false
	}
	if len(f.SourceTypes) > 0 && !contains(f.SourceTypes, c.Metadata.SourceType) {
		return false
	}
	if len(f.Confidentiality) > 0 && !contains(f.Confidentiality, c.Metadata.Confidentiality) {
		return false
	}
	if !f.After.IsZero() || !f.Before.IsZero() {
		d := c.Metadata.Date
		if d.IsZero() {
			return false
		}
		if !f.After.IsZero() && d.Before(f.After) {
			return false
		}
		if !f.Before.IsZero() && d.After(f.Before) {
			return false
		}
	}
	if len(f.DocumentIDs) > 0 && !contains(f.DocumentIDs, c.DocumentID) {
		return false
	}
	return true
}

func contains(set []string, v string) bool {
	for _, s := range set {
		if s == v {
			return true
		}
	}
	return false
}

// Hit is one search result.
type Hit struct {
	Chunk Chunk
	// Score is the searcher's raw score: BM25 for keyword search, cosine
	// similarity in [-1, 1] for vector search.
	Score float64
	// Vector is the chunk's stored embedding (a copy the caller owns), or nil
	// if the store does not keep vectors.
	Vector []float32
}

// Entry is one document ready to be written: its chunks and one embedding
// per chunk (Vectors[i] belongs to Chunks[i]).
type Entry struct {
	Document Document
	Chunks   []Chunk
	Vectors  [][]float32
}

// Stats describes what a store holds for a filter.
type Stats struct {
	Documents int
	Chunks    int
	// Dimension is the embedding dimension, 0 if nothing is stored yet.
	Dimension int
	// IndexVersion is the version counter of the last write batch.
	IndexVersion int64
}

// KeywordSearcher finds chunks by lexical match. Scores are BM25
// (k1 = 1.2, b = 0.75) unless the implementation documents otherwise.
type KeywordSearcher interface {
	SearchKeyword(ctx context.Context, query string, k int, f Filter) ([]Hit, error)
}

// VectorSearcher finds the k chunks whose embeddings have the highest
// cosine similarity to vec. vec need not be normalised.
type VectorSearcher interface {
	SearchVector(ctx context.Context, vec []float32, k int, f Filter) ([]Hit, error)
}

// Writer stores and removes documents.
type Writer interface {
	// Put writes a batch. For every entry, all chunks previously stored under
	// the same document id (within the same tenant and project) are replaced.
	// A batch is atomic: when Put returns nil the whole batch is durable;
	// when it returns an error none of it is visible.
	Put(ctx context.Context, entries ...Entry) error
	// Delete removes documents and all their chunks. Unknown ids are ignored.
	Delete(ctx context.Context, tenantID, projectID string, documentIDs ...string) error
}

// Store is what the pipeline needs from storage: writing and the two
// searches. Implementations must be safe for concurrent use: any number of
// searches may run alongside one writer (a Pipeline never issues two
// writes to its Store at once).
//
// Everything else a store may offer is an optional interface the pipeline
// finds by type assertion: Statter (document counts for the
// collection_not_found check and the index version a reindex starts from),
// Checkpointer (where a reindex records its progress), Scanner (needed by
// Reindex), TermStatter (rare-term evidence in Relevance) and io.Closer.
// The pipeline never closes a store: whoever opened it closes it.
type Store interface {
	Writer
	KeywordSearcher
	VectorSearcher
}

// Statter is an optional capability of a Store: counts for the tenant and
// project of f (other filter fields may be ignored). It must be cheap: the
// pipeline calls it before every question so that an empty collection is
// refused as collection_not_found before any embedding or model call.
// Without it that check is skipped and an empty collection is refused after
// retrieval (no_relevant_content) instead.
type Statter interface {
	Stats(ctx context.Context, f Filter) (Stats, error)
}

// TermStats is the document frequency of analysed query terms within the
// tenant and project of a filter.
type TermStats struct {
	// Docs is the number of chunks in the tenant and project (the N of
	// IDF).
	Docs int
	// Terms are the query's analysed terms, in query order, deduplicated.
	Terms []string
	// DocFreq[i] is the number of chunks containing Terms[i].
	DocFreq []int
}

// TermStatter is an optional capability of a KeywordSearcher: it exposes the
// keyword index's analysis and term statistics so that retrieval can weigh
// query terms by rarity (see retrieve.Relevance).
type TermStatter interface {
	// TermStats counts within f's tenant and project ("" meaning any), as
	// Statter does; other filter fields are ignored. Statistics of one
	// tenant must never depend on another tenant's chunks: they feed the
	// Relevance the gate thresholds.
	TermStats(ctx context.Context, query string, f Filter) (TermStats, error)
	// Analyze returns the terms the keyword index would produce for text
	// (lower-cased, stop words removed, stemmed), in order, with repeats.
	Analyze(text string) []string
}

// ChunkPositioner is an optional capability of a Store: it returns chunks
// of one document by their position (Chunk.Index), so that retrieval can
// add the chunks adjacent to a retrieved one (see retrieve.Options.Neighbors).
// Implementations must be safe for concurrent use.
type ChunkPositioner interface {
	// ChunksAt returns the stored chunks of the document documentID of
	// tenantID and projectID (exact values; "" is the empty tenant or
	// project) whose Index is one of indexes, in ascending Index order,
	// each with its stored vector and a zero Score. Positions not stored
	// are skipped; an unknown document gives no hits and no error. It
	// applies no other filter: every field a Filter tests is copied from
	// the document onto each of its chunks, so the neighbours of a chunk
	// that passed a filter pass it too.
	ChunksAt(ctx context.Context, tenantID, projectID, documentID string, indexes ...int) ([]Hit, error)
}
