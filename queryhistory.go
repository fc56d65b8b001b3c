package hybridrag

import (
	"context"
	"errors"
	"time"
)

// ErrQueryNotFound is returned (wrapped) by a QueryHistory for an id it
// does not hold.
var ErrQueryNotFound = errors.New("hybridrag: logged query not found")

// LoggedQuery is a QueryRecord read back from a QueryHistory, with the id
// it was stored under and the feedback given on it, oldest first.
type LoggedQuery struct {
	ID int64 `json:"id"`
	QueryRecord
	Feedback []QueryFeedback `json:"feedback"`
}

// QueryFeedback is one verdict on a logged answer.
type QueryFeedback struct {
	Time    time.Time `json:"time"`
	Correct bool      `json:"correct"`
	Comment string    `json:"comment,omitempty"`
}

// HistoryQuery selects logged queries, newest first. Tenant "" matches
// every tenant; an empty Projects matches every project.
type HistoryQuery struct {
	Tenant   string
	Projects []string
	// Limit is the page size; 0 lets the implementation choose.
	Limit int
	// Before, if positive, returns only ids below it: pass the last id of
	// a page to get the next one.
	Before int64
}

// QueryHistory is an optional capability of a QueryLog: reading back what
// it recorded and storing feedback on it (the HTTP API's history and
// feedback endpoints detect it by type assertion on Pipeline.QueryLog).
// The store/sqlitelog Log implements it. Implementations must be safe for
// concurrent use. Every method is scoped to a tenant ("" meaning every
// tenant): a record of another tenant is not found, with the same error as
// a missing id, so that ids are no oracle for other tenants' queries. An
// implementation may refuse the empty tenant with ErrTenantRequired.
type QueryHistory interface {
	QueryLog
	// Queries returns one page of logged queries, newest first.
	Queries(ctx context.Context, q HistoryQuery) ([]LoggedQuery, error)
	// Query returns one logged query of tenant; an unknown id, or one of
	// another tenant, fails with an error wrapping ErrQueryNotFound.
	Query(ctx context.Context, tenant string, id int64) (LoggedQuery, error)
	// Feedback stores a verdict on the logged query id of tenant; an
	// unknown id, or one of another tenant, fails with an error wrapping
	// ErrQueryNotFound.
	Feedback(ctx context.Context, tenant string, id int64, correct bool, comment string) error
}
