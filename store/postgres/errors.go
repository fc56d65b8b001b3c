package postgres

import "errors"

var (
	// ErrInvalidK means a search was asked for k < 1 results.
	ErrInvalidK = errors.New("postgres: k must be at least 1")
	// ErrInvalidOptions means Options hold a value Open cannot use.
	ErrInvalidOptions = errors.New("postgres: invalid options")
	// ErrNoPGVector means Options.VectorIndex demanded pgvector but the
	// database neither has the extension installed nor lets the store
	// create it.
	ErrNoPGVector = errors.New("postgres: the pgvector extension is not available")
)
