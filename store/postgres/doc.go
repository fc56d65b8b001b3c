// Package postgres is a store.Store kept in PostgreSQL, for deployments
// that outgrow one machine: several processes share one database, and
// PostgreSQL is the source of truth for chunks, their metadata and their
// embeddings. Open creates or upgrades the schema with an idempotent,
// versioned migration (documents, chunks with text and metadata columns,
// a generated tsvector column with a GIN index, the vectors the in-process
// index loads, a change log and a version table). Put and Delete are single transactions: re-indexing a document id
// replaces its chunks atomically, and every write batch takes the next
// index version under a row lock, so versions commit in order.
//
// Keyword search is PostgreSQL full-text search (the 'english'
// configuration, plus code lexemes computed at write time so that
// identifiers, operators and options such as max_connections, Arc<T>,
// --flag or @ survive; ranked by the number of query words matched, then
// ts_rank, over GIN-indexed candidates only) with every store.Filter
// field applied in SQL. Vector search scans an in-process
// index, one contiguous slab of L2-normalised float32 rows scored with
// vek32 like the embedded store, which Open rebuilds from PostgreSQL and
// which follows the change log incrementally, so that each process sees the
// writes of the others before every search. When the pgvector extension is
// installed in the database, the store can instead search a generated
// pgvector column in SQL (detected, never required; see VectorIndex). Scan
// reads every chunk with its vector back from the database, for rebuilding
// an index with another embedder.
//
// It owns the schema and its migrations, and implements store.Store,
// Statter, Scanner, TermStatter, Checkpointer and io.Closer. It imports
// store and pgx and must not import retrieve, the root or anything above
// them.
package postgres
