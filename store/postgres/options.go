package postgres

import (
	"fmt"
	"regexp"
	"time"
)

// VectorIndex selects where SearchVector runs.
type VectorIndex int

const (
	// VectorAuto, the default, uses pgvector when the extension is
	// installed in the database (or available and creatable by the
	// connecting role), and the in-process index otherwise.
	VectorAuto VectorIndex = iota
	// VectorInProcess always scans the in-process index.
	VectorInProcess
	// VectorPGVector always searches in SQL with pgvector; Open fails with
	// ErrNoPGVector when the extension cannot be used.
	VectorPGVector
)

func (v VectorIndex) String() string {
	switch v {
	case VectorAuto:
		return "auto"
	case VectorInProcess:
		return "in-process"
	case VectorPGVector:
		return "pgvector"
	}
	return fmt.Sprintf("VectorIndex(%d)", int(v))
}

const (
	// DefaultSchema is the schema holding the store's tables.
	DefaultSchema = "hybridrag"
	// DefaultChangeRetention is how many index versions of change log a
	// store keeps for other processes to catch up incrementally; a process
	// further behind reloads its in-process index whole.
	DefaultChangeRetention = 10_000
	// DefaultTextSearchConfig is the PostgreSQL text search configuration
	// of the tsvector column and of queries. Analyze mirrors it.
	DefaultTextSearchConfig = "english"
)

// Options configures Open. The zero value uses schema "hybridrag", picks
// pgvector when installed, and checks for other processes' writes before
// every search.
type Options struct {
	// Schema is the PostgreSQL schema of the store's tables; it is created
	// if missing. Different schemas in one database are independent stores.
	Schema string
	// VectorIndex selects the vector search implementation.
	VectorIndex VectorIndex
	// SyncInterval bounds how stale the in-process vector index may be
	// with respect to other processes' writes. Zero checks the database's
	// index version (one small query) before every vector search and Stats
	// call, so a search sees every write committed before it began; a
	// positive interval checks at most that often. A process always sees
	// its own writes at once.
	SyncInterval time.Duration
	// ChangeRetention is how many index versions of change log to keep;
	// zero means DefaultChangeRetention.
	ChangeRetention int64
}

var schemaName = regexp.MustCompile(`^[a-z_][a-z0-9_]{0,62}$`)

func (o Options) resolve() (Options, error) {
	if o.Schema == "" {
		o.Schema = DefaultSchema
	}
	if !schemaName.MatchString(o.Schema) {
		return o, fmt.Errorf("%w: schema %q must be a lower-case SQL identifier", ErrInvalidOptions, o.Schema)
	}
	if o.VectorIndex < VectorAuto || o.VectorIndex > VectorPGVector {
		return o, fmt.Errorf("%w: unknown %v", ErrInvalidOptions, o.VectorIndex)
	}
	if o.SyncInterval < 0 {
		return o, fmt.Errorf("%w: negative SyncInterval %v", ErrInvalidOptions, o.SyncInterval)
	}
	switch {
	case o.ChangeRetention < 0:
		return o, fmt.Errorf("%w: negative ChangeRetention %d", ErrInvalidOptions, o.ChangeRetention)
	case o.ChangeRetention == 0:
		o.ChangeRetention = DefaultChangeRetention
	}
	return o, nil
}
