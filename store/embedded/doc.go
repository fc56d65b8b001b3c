// Package embedded is the default store.Store: a directory on disk, no
// server. The directory holds a FORMAT file (format name and version), an
// append-only record log that is the single source of truth (every write
// batch is one CRC-checked record, fsynced before Put returns, so an
// acknowledged batch survives kill -9 and a torn final record is cut off
// at the next Open; a document written as a stream, store.DocumentStreamer,
// spans several part records closed by a commit record, and parts without
// their commit are cut off the same way), and a bleve scorch index derived
// from the log. At Open the log is replayed into memory: every vector goes
// into one contiguous
// slab of L2-normalised float32 rows, with compact per-row metadata
// (interned tenant, project, source type, label and document ids, date)
// for filtering. The bleve index records the log version it has applied in
// the same batch as the changes; if it is behind (it persists
// asynchronously), missing or unusable, Open brings it up to date from the
// log. Nothing is ever silently discarded: damage to FORMAT or to the log
// is reported as store.ErrCorrupt or a *store.VersionError, and repairs are
// reported by Store.Recovery. Lock files admit one writer across processes
// (a second one waits up to Options.LockTimeout and is told which process
// holds the store); read-only Stores (Options.ReadOnly) never write to the
// directory and never wait: while a writer is open they load the batches
// committed so far without a lock, since the log is only appended to and a
// record counts only once it is whole and checksummed.
//
// Keyword search walks bleve's postings and scores exact Okapi BM25
// (k1 = 1.2, b = 0.75) with the store's own token-length statistics, because
// bleve's BM25 mode averages distinct terms rather than tokens and deviates
// from the formula in other ways (see bm25.go; on BEIR SciFact nDCG@10 is
// 0.688 against bleve's 0.675), skipping by MaxScore the postings that
// cannot change the top k, with results identical to scoring them all
// (keyword_prune.go). Vector search is an exact scan of the slab
// with vek32 dot products and a bounded min-heap; a store opened with
// Options.Quantization = QuantizationInt8 (recorded in a QUANTIZATION
// file) scans int8 codes of the vectors instead (internal/int8dot) and
// rescores the best candidates exactly in float32 (quant.go). Both searches apply a
// store.Filter inside the search, so a filtered query returns the best k
// chunks that pass it; BM25 statistics are those of the filter's tenant and
// project, and no other filter field changes a score. Readers run
// concurrently with each other and with the slow part of a write; each
// batch becomes visible atomically.
//
// It owns the on-disk format and the bleve keyword index, and implements
// store.Store, Statter, Scanner, TermStatter, DocumentStreamer, Checkpointer (NAME.checkpoint
// files next to its data) and io.Closer. It imports store and internal
// vector helpers and must not import retrieve, the root or anything above
// them: a host opens it with Open and passes it to hybridrag.New.
package embedded
