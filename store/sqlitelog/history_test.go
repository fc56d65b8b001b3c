package sqlitelog

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
)

func TestQueryHistory(t *testing.T) {
	ctx := context.Background()
	l, err := Open(filepath.Join(t.TempDir(), "q.db"), Options{})
	require.NoError(t, err)
	defer l.Close()
	var h hybridrag.QueryHistory = l
	ids := map[string]int64{}
	for _, r := range []struct{ tenant, project, q string }{
		{"a", "p1", "first"}, {"a", "p2", "second"}, {"b", "p1", "third"}, {"a", "p3", "fourth"},
	} {
		id, err := h.Record(ctx, hybridrag.QueryRecord{Tenant: r.tenant, Project: r.project, Question: r.q, Kind: hybridrag.KindAsk})
		require.NoError(t, err)
		ids[r.q] = id
	}
	tests := []struct {
		name string
		q    hybridrag.HistoryQuery
		want []string
	}{
		{"tenant", hybridrag.HistoryQuery{Tenant: "a"}, []string{"fourth", "second", "first"}},
		{"projects", hybridrag.HistoryQuery{Tenant: "a", Projects: []string{"p1", "p3"}}, []string{"fourth", "first"}},
		{"page", hybridrag.HistoryQuery{Tenant: "a", Limit: 1, Before: ids["fourth"]}, []string{"second"}},
		{"any tenant", hybridrag.HistoryQuery{Projects: []string{"p1"}}, []string{"third", "first"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := h.Queries(ctx, tc.q)
			require.NoError(t, err)
			var qs []string
			for _, g := range got {
				qs = append(qs, g.Question)
			}
			require.Equal(t, tc.want, qs)
		})
	}

	require.NoError(t, h.Feedback(ctx, "a", ids["second"], false, "wrong page"))
	got, err := h.Query(ctx, "", ids["second"])
	require.NoError(t, err)
	require.Equal(t, "a", got.Tenant)
	require.Len(t, got.Feedback, 1)
	require.False(t, got.Feedback[0].Correct)
	require.Equal(t, "wrong page", got.Feedback[0].Comment)

	_, err = h.Query(ctx, "", 999)
	require.ErrorIs(t, err, hybridrag.ErrQueryNotFound)
	require.ErrorIs(t, err, ErrNotFound)
	require.ErrorIs(t, h.Feedback(ctx, "", 999, true, ""), hybridrag.ErrQueryNotFound)

	// Another tenant's id is not found, with a missing id's very error.
	_, missing := h.Query(ctx, "b", 999)
	_, foreign := h.Query(ctx, "b", ids["second"])
	require.ErrorIs(t, foreign, hybridrag.ErrQueryNotFound)
	require.Equal(t, strings.ReplaceAll(missing.Error(), "999", "ID"), strings.ReplaceAll(foreign.Error(), fmt.Sprint(ids["second"]), "ID"))
	require.ErrorIs(t, h.Feedback(ctx, "b", ids["second"], true, ""), hybridrag.ErrQueryNotFound)
	got, err = h.Query(ctx, "a", ids["second"])
	require.NoError(t, err)
	require.Len(t, got.Feedback, 1, "the refused feedback was not stored")
}
