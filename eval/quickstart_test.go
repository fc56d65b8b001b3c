package eval_test

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/internal/evaluate"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/loader"
)

const (
	quickstartDocs    = "../examples/quickstart/docs"
	quickstartEvalSet = "../examples/quickstart/eval.jsonl"
)

func loadQuickstart(t *testing.T) ([]store.Document, []eval.Question) {
	t.Helper()
	var docs []store.Document
	// Named as the quickstart names them (and its eval set labels them):
	// "docs/NAME", i.e. relative to examples/quickstart.
	require.NoError(t, loader.LoadDirWith(quickstartDocs, loader.DirOptions{IDPrefix: "docs"}, func(d store.Document) error {
		docs = append(docs, d)
		return nil
	}))
	f, err := os.Open(quickstartEvalSet)
	require.NoError(t, err)
	defer f.Close()
	qs, err := eval.ReadQuestions(f)
	require.NoError(t, err)
	return docs, qs
}

// TestQuickstartEvalSetLabels checks the labels of the quickstart
// evaluation set against the manual: every relevant document exists, and
// every evidence string occurs in one of the question's relevant
// documents, so that a retrieval metric can only be low because retrieval
// missed, never because a label is wrong.
func TestQuickstartEvalSetLabels(t *testing.T) {
	docs, qs := loadQuickstart(t)
	answerable, unanswerable := 0, 0
	for _, q := range qs {
		if q.Unanswerable {
			unanswerable++
			continue
		}
		answerable++
		require.NotEmpty(t, q.RelevantDocuments, q.ID)
		require.NotEmpty(t, q.Evidence, q.ID)
		var texts []string
		for _, rel := range q.RelevantDocuments {
			found := false
			for _, d := range docs {
				if evaluate.MatchDocument(evaluate.Retrieved{DocumentID: d.ID, Source: d.Source}, []string{rel}) != "" {
					found = true
					texts = append(texts, d.Text)
				}
			}
			require.True(t, found, "%s: relevant document %q is not in %s", q.ID, rel, quickstartDocs)
		}
		for _, ev := range q.Evidence {
			found := false
			for _, text := range texts {
				found = found || evaluate.ContainsEvidence(text, ev)
			}
			require.True(t, found, "%s: evidence %q is in none of its relevant documents", q.ID, ev)
		}
	}
	require.GreaterOrEqual(t, answerable, 15)
	require.GreaterOrEqual(t, unanswerable, 10)
}

// TestQuickstartEvaluation runs the quickstart set through the default
// pipeline and checks what must hold whatever the retrieval quality: every
// question runs, the counts add up, citations only ever point at retrieved
// chunks, and the calibration replays the run.
func TestQuickstartEvaluation(t *testing.T) {
	docs, qs := loadQuickstart(t)
	ctx := context.Background()
	p := newPipeline(t, hybridrag.Config{})
	_, err := p.Index(ctx, docs...)
	require.NoError(t, err)
	run, err := eval.Evaluate(ctx, p, qs, eval.Options{Concurrency: 2})
	require.NoError(t, err)

	a := run.Aggregate
	require.Zero(t, a.Errors)
	require.Equal(t, len(qs), a.Answerable+a.Unanswerable)
	require.Equal(t, a.Questions, a.Answered+a.Refused)
	require.Equal(t, a.Refused, a.RefusedAnswerable+a.RefusedUnanswerable)
	require.Equal(t, 1.0, a.ValidAnswers, "cited ids ⊆ retrieved ids")
	require.Zero(t, a.InvalidCitations)
	for _, r := range run.Questions {
		for _, c := range r.Cited {
			require.True(t, retrievedContains(r.Retrieved, c.ChunkID), "%s cites %s, which was not retrieved", r.ID, c.ChunkID)
		}
		if r.Refused() {
			require.Empty(t, r.Cited, r.ID)
		}
	}
	rep, err := eval.Calibrate(run, eval.CalibrationGrid{})
	require.NoError(t, err)
	require.Equal(t, a.RefusalRecall, rep.Current.RefusalRecall)
	require.Equal(t, a.FalseRefusalRate, rep.Current.FalseRefusalRate)
}

func retrievedContains(rs []eval.Source, chunkID string) bool {
	for _, r := range rs {
		if r.ChunkID == chunkID {
			return true
		}
	}
	return false
}
