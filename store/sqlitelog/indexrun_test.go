package sqlitelog_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

func TestIndexRuns(t *testing.T) {
	ctx := context.Background()
	l := openLog(t, sqlitelog.Options{Disabled: true, MaxRows: 1}) // neither applies to index runs
	runs, err := l.IndexRuns(ctx, "", 0)
	require.NoError(t, err)
	require.Empty(t, runs)

	t0 := time.Date(2026, 11, 26, 6, 0, 0, 0, time.UTC)
	in := []sqlitelog.IndexRun{
		{Started: t0, Duration: 1500 * time.Millisecond, Roots: []string{"/data/docs"}, Documents: 3, Chunks: 9, New: 3},
		{Started: t0.Add(time.Minute), Roots: []string{"/data/docs", "/data/extra.md"}, Tenant: "acme", Project: "p",
			Documents: 3, Chunks: 9, Unchanged: 2, Replaced: 1, Removed: 1, Skipped: 1, Errors: []string{"/data/docs/x.pdf: malformed PDF"}},
	}
	for i := range in {
		id, err := l.SaveIndexRun(ctx, in[i])
		require.NoError(t, err)
		require.Equal(t, int64(i+1), id)
		in[i].ID = id
	}
	in[0].Errors = []string{} // stored as an empty list
	runs, err = l.IndexRuns(ctx, "", 0)
	require.NoError(t, err)
	require.Len(t, runs, 2)
	require.Equal(t, in[1], runs[0], "newest first")
	require.Equal(t, in[0], runs[1])
	runs, err = l.IndexRuns(ctx, "", 1)
	require.NoError(t, err)
	require.Len(t, runs, 1)
	require.Equal(t, int64(2), runs[0].ID)
}
