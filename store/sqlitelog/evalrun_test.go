package sqlitelog_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

func TestEvalRuns(t *testing.T) {
	ctx := context.Background()
	l := openLog(t, sqlitelog.Options{Disabled: true, MaxRows: 1}) // neither applies to eval runs
	t0 := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	runs := []eval.RunRecord{
		{ID: "run-1", Started: t0, Name: "baseline",
			Aggregate: json.RawMessage(`{"recall@5":0.8,"mrr":0.71}`),
			Questions: json.RawMessage(`[{"id":"q1","retrieved":["c1","c2"]}]`)},
		{ID: "run-2", Started: t0.Add(time.Hour), Name: "min-score 0.3",
			Aggregate: json.RawMessage(`{"recall@5":0.75}`)},
		{ID: "run-3", Started: t0.Add(2 * time.Hour)},
	}
	for _, r := range runs {
		require.NoError(t, l.SaveEvalRun(ctx, r))
	}

	got, err := l.EvalRun(ctx, "", "run-1")
	require.NoError(t, err)
	require.Equal(t, runs[0].ID, got.ID)
	require.True(t, runs[0].Started.Equal(got.Started))
	require.Equal(t, "baseline", got.Name)
	require.JSONEq(t, string(runs[0].Aggregate), string(got.Aggregate))
	require.JSONEq(t, string(runs[0].Questions), string(got.Questions))

	got, err = l.EvalRun(ctx, "", "run-2")
	require.NoError(t, err)
	require.Nil(t, got.Questions, "an empty document reads back as nil")

	list, err := l.EvalRuns(ctx, "", 0)
	require.NoError(t, err)
	require.Equal(t, []string{"run-3", "run-2", "run-1"}, evalIDs(list))
	list, err = l.EvalRuns(ctx, "", 2)
	require.NoError(t, err)
	require.Equal(t, []string{"run-3", "run-2"}, evalIDs(list))

	// Saving an existing id replaces it.
	runs[0].Name = "baseline (rerun)"
	runs[0].Started = t0.Add(3 * time.Hour)
	require.NoError(t, l.SaveEvalRun(ctx, runs[0]))
	list, err = l.EvalRuns(ctx, "", 0)
	require.NoError(t, err)
	require.Equal(t, []string{"run-1", "run-3", "run-2"}, evalIDs(list))
	require.Equal(t, "baseline (rerun)", list[0].Name)

	_, err = l.EvalRun(ctx, "", "nope")
	require.ErrorIs(t, err, sqlitelog.ErrNotFound)
	var nf *sqlitelog.NotFoundError
	require.ErrorAs(t, err, &nf)
	require.Equal(t, "eval run", nf.What)
}

func TestSaveEvalRunRejects(t *testing.T) {
	l := openLog(t, sqlitelog.Options{})
	for name, r := range map[string]eval.RunRecord{
		"empty id":          {Aggregate: json.RawMessage(`{}`)},
		"invalid aggregate": {ID: "x", Aggregate: json.RawMessage(`{"a":`)},
		"invalid questions": {ID: "x", Questions: json.RawMessage(`nope`)},
	} {
		t.Run(name, func(t *testing.T) {
			require.ErrorIs(t, l.SaveEvalRun(context.Background(), r), sqlitelog.ErrInvalidArgument)
		})
	}
}

func evalIDs(runs []eval.RunRecord) []string {
	out := []string{}
	for _, r := range runs {
		out = append(out, r.ID)
	}
	return out
}

// TestLogStoresEvaluateRuns passes the Log itself as eval.Options.Store and
// reads the run back unchanged: no conversion sits between the two.
func TestLogStoresEvaluateRuns(t *testing.T) {
	ctx := context.Background()
	l := openLog(t, sqlitelog.Options{})
	st, err := embedded.Open(t.TempDir(), embedded.Options{Create: true})
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	p, err := hybridrag.New(hybridrag.Config{Store: st})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	_, err = p.Index(ctx, manual...)
	require.NoError(t, err)
	qs := []eval.Question{
		{ID: "filters", Query: "How often should the G4 filters be replaced?", RelevantDocuments: []string{"docs/filters.md"}},
		{ID: "wifi", Query: "How do I pair the unit with my Wi-Fi network?", Unanswerable: true},
	}

	run, err := eval.Evaluate(ctx, p, qs, eval.Options{Name: "sqlite", Store: l})
	require.NoError(t, err)
	rec, err := l.EvalRun(ctx, "", run.ID)
	require.NoError(t, err)
	back, err := eval.RunFromRecord(rec)
	require.NoError(t, err)
	want, err := json.Marshal(run)
	require.NoError(t, err)
	got, err := json.Marshal(back)
	require.NoError(t, err)
	require.JSONEq(t, string(want), string(got))
	require.True(t, run.Started.Equal(back.Started))
}
