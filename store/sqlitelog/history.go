package sqlitelog

import (
	"context"

	"github.com/hybridrag/hybridrag"
)

// Log reads back through the root package's optional interface, so that
// hosts (the HTTP server) need not import this package to show history.
var _ hybridrag.QueryHistory = (*Log)(nil)

// Queries implements hybridrag.QueryHistory on top of Recent; a zero
// Limit is DefaultRecentLimit.
func (l *Log) Queries(ctx context.Context, q hybridrag.HistoryQuery) ([]hybridrag.LoggedQuery, error) {
	entries, err := l.Recent(ctx, RecentQuery{Tenant: q.Tenant, Projects: q.Projects, Limit: q.Limit, Before: q.Before})
	if err != nil {
		return nil, err
	}
	out := make([]hybridrag.LoggedQuery, len(entries))
	for i, e := range entries {
		out[i] = loggedQuery(e)
	}
	return out, nil
}

// Query implements hybridrag.QueryHistory with Get.
func (l *Log) Query(ctx context.Context, tenant string, id int64) (hybridrag.LoggedQuery, error) {
	e, err := l.Get(ctx, tenant, id)
	if err != nil {
		return hybridrag.LoggedQuery{}, err
	}
	return loggedQuery(e), nil
}

func loggedQuery(e Entry) hybridrag.LoggedQuery {
	fb := make([]hybridrag.QueryFeedback, len(e.Feedback))
	for i, f := range e.Feedback {
		fb[i] = hybridrag.QueryFeedback{Time: f.Time, Correct: f.Correct, Comment: f.Comment}
	}
	return hybridrag.LoggedQuery{ID: e.ID, QueryRecord: e.QueryRecord, Feedback: fb}
}
