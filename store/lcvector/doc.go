// Package lcvector lets any langchaingo vectorstores.VectorStore (Qdrant,
// pgvector, Pinecone, Weaviate, Chroma, OpenSearch, Milvus, Redis, ...)
// serve as the vector side of hybrid retrieval: a Searcher implements
// store.VectorSearcher over it, next to a keyword searcher such as the
// embedded or the PostgreSQL store (retrieve.NewHybrid(keyword, searcher,
// embedder, opts)), and AddEntries writes chunks through AddDocuments with
// the vectors hybridrag computed.
//
// The VectorStore interface is text-in, documents-out, so the adapter
// bridges three gaps, each documented where it is configured: the query
// vector reaches the backend through vectorstores.WithEmbedder (backends
// that ignore it embed the query text, which QueryEmbedder records); a
// store.Filter becomes the backend's filter through Options.Filter (the
// default is a map of metadata equalities, which backends interpret
// differently), and every result is checked against the filter again, so
// that no backend can leak another tenant's chunks; and backend scores are
// mapped to cosine similarity by Options.Scores, from which retrieval
// derives Relevance. Chunks round-trip through schema.Document.Metadata.
//
// It owns the mapping between hybridrag chunks and langchaingo documents.
// It imports store and langchaingo's vectorstores and must not import the
// root or anything above store except retrieve's Embedder contract.
package lcvector
