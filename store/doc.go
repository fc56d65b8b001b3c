// Package store defines what hybridrag keeps and where: Document and Chunk
// with their metadata and heading path, the Filter every search enforces,
// and the Store interface a pipeline writes to and searches (Writer,
// KeywordSearcher, VectorSearcher). Capabilities beyond that are optional
// interfaces found by type assertion, in the manner of database/sql/driver:
// Statter (counts and the index version), Scanner (reading every chunk
// back, which Reindex needs), Checkpointer (progress of a long job) and
// TermStatter (term statistics for Relevance); a store that can be closed
// implements io.Closer, and its opener closes it.
//
// Implementations live in subpackages that a host imports only if it uses
// them: embedded (the on-disk default: BM25 over bleve, exact vector scan),
// postgres (pgvector and full-text search), lcvector (any langchaingo
// vector store) and sqlitelog (the query log, not a Store). Package loader
// reads files into Documents. This package owns the types and contracts
// only: it imports nothing outside the standard library, and never a
// storage engine, a parser or another hybridrag package.
package store
