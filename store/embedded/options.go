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
	// ReadOnly opens an existing store for searching only: Open takes a
	// shared lock, so any number of read-only Stores (in one process or
	// many) may be open at once, and it never writes to the directory (a
	// torn final record is ignored in memory rather than cut off; a keyword
	// index that is behind the log or unusable is rebuilt in memory only,
	// see Recovery.KeywordInMemory). Create is ignored. Put and Delete
	// return ErrReadOnly.
	ReadOnly bool
	// LockTimeout is how long Open waits while another Store holds the
	// directory in a conflicting mode (a writer waits for readers and
	// writers, a reader for a writer) before failing with ErrLocked. Zero
	// means DefaultLockTimeout; a negative value means do not wait.
	LockTimeout time.Duration
}

// lockTimeout resolves LockTimeout's zero value.
func (o Options) lockTimeout() time.Duration {
	if o.LockTimeout == 0 {
		return DefaultLockTimeout
	}
	return o.LockTimeout
}
