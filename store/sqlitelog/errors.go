package sqlitelog

import (
	"errors"
	"fmt"

	"github.com/hybridrag/hybridrag"
)

var (
	// ErrNotFound is wrapped by every *NotFoundError.
	ErrNotFound = errors.New("sqlitelog: not found")
	// ErrSchemaTooNew is wrapped by a *SchemaError: the database was
	// written by a newer version of this package.
	ErrSchemaTooNew = errors.New("sqlitelog: database schema is newer than this version supports")
	// ErrNotQueryLog means the file is a SQLite database of some other
	// application.
	ErrNotQueryLog = errors.New("sqlitelog: not a hybridrag query log")
	// ErrInvalidArgument marks bad arguments (empty path, negative limit,
	// invalid JSON, empty eval run id).
	ErrInvalidArgument = errors.New("sqlitelog: invalid argument")
	// ErrClosed is returned after Close.
	ErrClosed = errors.New("sqlitelog: log closed")
	// ErrTenantRequired: a read names no tenant and Options.RequireTenant
	// is set. It is hybridrag.ErrTenantRequired, so hosts test for one
	// error whichever layer refused.
	ErrTenantRequired = hybridrag.ErrTenantRequired
)

// NotFoundError names what was not found. A row of another tenant than
// the reader's is not found, with the same error as a missing id, so that
// ids tell a reader nothing about other tenants.
type NotFoundError struct {
	What string // "query" or "eval run"
	ID   string
}

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("sqlitelog: %s %s not found", e.What, e.ID)
}

// Unwrap makes errors.Is(err, ErrNotFound) true, and for a query also
// errors.Is(err, hybridrag.ErrQueryNotFound), as QueryHistory documents.
func (e *NotFoundError) Unwrap() []error {
	if e.What == "query" {
		return []error{ErrNotFound, hybridrag.ErrQueryNotFound}
	}
	return []error{ErrNotFound}
}

// SchemaError reports a database whose schema version this package cannot
// use.
type SchemaError struct {
	Path      string
	Found     int // the database's schema version
	Supported int // the newest version this package knows
}

func (e *SchemaError) Error() string {
	return fmt.Sprintf("sqlitelog: %s has schema version %d; this version supports up to %d (upgrade hybridrag)", e.Path, e.Found, e.Supported)
}

// Unwrap makes errors.Is(err, ErrSchemaTooNew) true.
func (e *SchemaError) Unwrap() error { return ErrSchemaTooNew }
