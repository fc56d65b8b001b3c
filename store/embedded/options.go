package embedded

import "time"

// Scoring selects how SearchKeyword scores chunks. It is a plain value.
type Scoring int

const (
	// ScoringBM25 is the default: Okapi BM25 (k1 = 1.2, b = 0.75) computed
	// from the keyword index's postings with the store's own token-length
	// statistics. Each distinct analysed query term counts once.
	ScoringBM25 Scoring = iota
	// ScoringBleve delegates scoring to bleve's BM25 mode (a Lucene-classic
	// variant: sqrt(tf), idf applied twice, a coordination factor), fed with
	// the store's token-length statistics instead of bleve's distinct-term
	// count. It exists for comparison; rankings are measurably worse.
	ScoringBleve
)

// BM25 parameters used by ScoringBM25.
const (
	BM25K1 = 1.2
	BM25B  = 0.75
)

// Options configures Open. The zero value opens an existing store with
// exact BM25 keyword scoring. Options is a plain value; Open keeps a copy.
type Options struct {
	// Create makes Open create the store directory when it is missing (or
	// initialise it when it exists and is empty). Without it, opening a
	// missing store fails with an error wrapping store.ErrNotFound.
	Create bool
	// Scoring selects the keyword scoring model; the zero value (and any
	// unknown value) is ScoringBM25.
	Scoring Scoring
	// ReadOnly opens an existing store for searching only, never waiting
	// and never writing to the directory. When no writer holds the store,
	// Open shares its LOCK with other read-only Stores (in one process or
	// many) and uses the keyword index on disk; a torn final record is
	// ignored in memory rather than cut off, and a keyword index that is
	// behind the log or unusable is rebuilt in memory only (see
	// Recovery.KeywordInMemory). While a writer holds the store (an index
	// run in another process), Open does not wait for it: it loads the
	// batches committed so far, without any lock, and builds their keyword
	// index in memory (see Store.Snapshot). Create is ignored. Put and
	// Delete return ErrReadOnly.
	ReadOnly bool
	// LockTimeout is how long a writer's Open waits while another writer,
	// or read-only Stores opened before it, hold the directory, before
	// failing with a *LockedError. Zero means DefaultLockTimeout; a
	// negative value means do not wait. Read-only Opens never wait.
	LockTimeout time.Duration
	// Quantization selects int8 codes scanned with SIMD and rescored in
	// float32 (QuantizationInt8), or the exact float32 scan
	// (QuantizationNone). The zero value keeps what the store recorded
	// when it was last opened for writing; a writer's Open records an
	// explicit choice, a read-only Open applies it in memory only.
	Quantization Quantization
}

// lockTimeout resolves LockTimeout's zero value.
func (o Options) lockTimeout() time.Duration {
	if o.LockTimeout == 0 {
		return DefaultLockTimeout
	}
	return o.LockTimeout
}
