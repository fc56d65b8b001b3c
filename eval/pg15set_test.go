package eval_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/eval"
)

// TestPG15Set checks the shipped PostgreSQL 15 manual set (issue 13): it
// reads strictly, its halves do not share a question, and it has the
// promised mix. Whether each evidence string occurs in its page is checked
// against the manual itself (see BENCHMARKS.md); the manual is not shipped.
func TestPG15Set(t *testing.T) {
	var all []eval.Question
	for _, name := range []string{"pg15-tune.jsonl", "pg15-heldout.jsonl"} {
		f, err := os.Open("../testdata/eval/" + name)
		require.NoError(t, err)
		qs, warns, err := eval.ReadQuestionsWith(f, eval.ReadOptions{Strict: true})
		require.NoError(t, f.Close())
		require.NoError(t, err, name)
		require.Empty(t, warns, name)
		all = append(all, qs...)
	}
	ids, queries := map[string]bool{}, map[string]bool{}
	var paraphrased, unanswerable int
	for _, q := range all {
		require.False(t, ids[q.ID], "id %s in both halves", q.ID)
		require.False(t, queries[q.Query], "query %q twice", q.Query)
		ids[q.ID], queries[q.Query] = true, true
		if q.Unanswerable {
			unanswerable++
			continue
		}
		require.NotEmpty(t, q.RelevantDocuments, q.ID)
		require.NotEmpty(t, q.Evidence, q.ID)
		require.NotEmpty(t, q.ExpectedFacts, q.ID)
		require.NotEmpty(t, q.ExpectedAnswer, q.ID)
		for _, d := range q.RelevantDocuments {
			require.True(t, strings.HasSuffix(d, ".html") && !strings.Contains(d, "/"), "%s: %s is not a page of the html folder", q.ID, d)
		}
		if slices.Contains(q.Tags, "paraphrased") {
			paraphrased++
		}
	}
	require.GreaterOrEqual(t, len(all), 150)
	require.GreaterOrEqual(t, paraphrased, 40)
	require.GreaterOrEqual(t, unanswerable, 40)
}
