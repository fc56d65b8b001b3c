package sqlitelog_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

// TestTenantIsolation is the store suite's tenant isolation property (see
// hybridragtest) for the query log and eval runs: over random queries,
// feedback, index runs and eval runs spread across tenants, no read scoped
// to a tenant returns or touches another tenant's row, another tenant's id
// fails exactly as a missing id does (ids are no oracle), unscoped reads
// see everything, and with RequireTenant an unscoped read is refused.
func TestTenantIsolation(t *testing.T) {
	for _, seed := range []uint64{1, 20261126, 4242} {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			ctx := context.Background()
			rng := rand.New(rand.NewPCG(seed, 15))
			l := openLog(t, sqlitelog.Options{})
			tenants := []string{"", "acme", "globex", "initech"}
			pick := func() string { return tenants[rng.IntN(len(tenants))] }

			owner := map[int64]string{}     // query id → tenant
			verdicts := map[int64]int{}     // query id → feedback stored
			runOwner := map[string]string{} // eval run id → tenant
			indexRuns := map[string]int{}   // tenant → index runs
			for i := range 60 {
				tenant := pick()
				id, err := l.Record(ctx, hybridrag.QueryRecord{Time: time.Unix(int64(i), 0), Tenant: tenant, Kind: hybridrag.KindAsk,
					Question: fmt.Sprintf("question %d of %q", i, tenant), Answer: "secret of " + tenant})
				require.NoError(t, err)
				owner[id] = tenant
				if rng.IntN(4) == 0 {
					_, err := l.SaveIndexRun(ctx, sqlitelog.IndexRun{Started: time.Unix(int64(i), 0), Tenant: tenant, Roots: []string{"/docs/" + tenant}})
					require.NoError(t, err)
					indexRuns[tenant]++
				}
				if rng.IntN(5) == 0 {
					runID := fmt.Sprintf("run-%d", i)
					q, _ := json.Marshal([]map[string]string{{"answer": "secret of " + tenant}})
					require.NoError(t, l.SaveEvalRun(ctx, eval.RunRecord{ID: runID, Started: time.Unix(int64(i), 0), Tenant: tenant, Questions: q}))
					runOwner[runID] = tenant
				}
			}
			maxID := int64(len(owner))

			notFound := func(err error, id string) string {
				require.ErrorIs(t, err, hybridrag.ErrQueryNotFound)
				return strings.Replace(err.Error(), id, "ID", 1)
			}
			for range 300 {
				reader := tenants[1+rng.IntN(len(tenants)-1)]
				id := 1 + rng.Int64N(maxID+5) // some ids are missing
				_, missingErr := l.Get(ctx, reader, maxID+100)
				missing := notFound(missingErr, fmt.Sprint(maxID+100))
				own, exists := owner[id]
				e, err := l.Get(ctx, reader, id)
				switch {
				case exists && own == reader:
					require.NoError(t, err)
					require.Equal(t, reader, e.Tenant)
					require.Len(t, e.Feedback, verdicts[id])
				default:
					require.Equal(t, missing, notFound(err, fmt.Sprint(id)), "id %d of %q read by %q", id, own, reader)
				}
				err = l.Feedback(ctx, reader, id, rng.IntN(2) == 0, "by "+reader)
				if exists && own == reader {
					require.NoError(t, err)
					verdicts[id]++
				} else {
					require.Equal(t, missing, notFound(err, fmt.Sprint(id)))
				}
				page, err := l.Recent(ctx, sqlitelog.RecentQuery{Tenant: reader, Limit: sqlitelog.MaxRecentLimit})
				require.NoError(t, err)
				for _, e := range page {
					require.Equal(t, reader, e.Tenant)
					for _, f := range e.Feedback {
						require.Equal(t, "by "+reader, f.Comment)
					}
				}

				runs, err := l.IndexRuns(ctx, reader, 0)
				require.NoError(t, err)
				require.Len(t, runs, indexRuns[reader])
				for _, r := range runs {
					require.Equal(t, reader, r.Tenant)
				}
				evalRuns, err := l.EvalRuns(ctx, reader, 0)
				require.NoError(t, err)
				for _, r := range evalRuns {
					require.Equal(t, reader, r.Tenant)
					require.Contains(t, string(r.Questions), "secret of "+reader)
				}
				runID := fmt.Sprintf("run-%d", rng.IntN(70))
				r, err := l.EvalRun(ctx, reader, runID)
				if own, ok := runOwner[runID]; ok && own == reader {
					require.NoError(t, err)
					require.Equal(t, reader, r.Tenant)
				} else {
					require.ErrorIs(t, err, sqlitelog.ErrNotFound)
					_, missing := l.EvalRun(ctx, reader, "run-none")
					require.Equal(t, strings.Replace(missing.Error(), "run-none", runID, 1), err.Error())
				}
			}

			// Unscoped reads see every tenant's rows.
			all, err := l.Recent(ctx, sqlitelog.RecentQuery{Limit: sqlitelog.MaxRecentLimit})
			require.NoError(t, err)
			require.Len(t, all, len(owner))
			evalRuns, err := l.EvalRuns(ctx, "", 0)
			require.NoError(t, err)
			require.Len(t, evalRuns, len(runOwner))

			// With RequireTenant, an unscoped read is refused.
			strict, err := sqlitelog.Open(l.Path(), sqlitelog.Options{RequireTenant: true})
			require.NoError(t, err)
			defer strict.Close()
			for name, call := range map[string]func() error{
				"Recent":    func() error { _, err := strict.Recent(ctx, sqlitelog.RecentQuery{}); return err },
				"Get":       func() error { _, err := strict.Get(ctx, "", 1); return err },
				"Feedback":  func() error { return strict.Feedback(ctx, "", 1, true, "") },
				"Queries":   func() error { _, err := strict.Queries(ctx, hybridrag.HistoryQuery{}); return err },
				"Query":     func() error { _, err := strict.Query(ctx, "", 1); return err },
				"IndexRuns": func() error { _, err := strict.IndexRuns(ctx, "", 0); return err },
				"EvalRuns":  func() error { _, err := strict.EvalRuns(ctx, "", 0); return err },
				"EvalRun":   func() error { _, err := strict.EvalRun(ctx, "", "run-1"); return err },
			} {
				err := call()
				require.ErrorIs(t, err, hybridrag.ErrTenantRequired, name)
				require.ErrorIs(t, err, sqlitelog.ErrTenantRequired, name)
			}
			_, err = strict.Recent(ctx, sqlitelog.RecentQuery{Tenant: "acme"})
			require.NoError(t, err)
		})
	}
}
