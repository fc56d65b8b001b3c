package eval_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

// TestEvaluateRetrievesAndLogsOncePerQuestion counts the retriever's calls
// and the query log's records per question: one each (none retrieved for a
// question rejected before retrieval), whatever the concurrency, and the
// logged record is the answer the run reports.
func TestEvaluateRetrievesAndLogsOncePerQuestion(t *testing.T) {
	for _, workers := range []int{1, 3} {
		var (
			mu        sync.Mutex
			retrieved = map[string]int{}
			logged    = map[string][]hybridrag.QueryRecord{}
		)
		counting := retrieve.RetrieverFunc(func(ctx context.Context, q retrieve.Query) (*retrieve.Result, error) {
			mu.Lock()
			retrieved[q.Text]++
			mu.Unlock()
			return scriptedRetriever().Retrieve(ctx, q)
		})
		ql := hybridrag.QueryLogFunc(func(_ context.Context, rec hybridrag.QueryRecord) (int64, error) {
			mu.Lock()
			defer mu.Unlock()
			logged[rec.Question] = append(logged[rec.Question], rec)
			return 1, nil
		})
		p := newPipeline(t, hybridrag.Config{Retriever: counting, Generator: scriptedGenerator(), QueryLog: ql})
		_, err := p.Index(context.Background(), store.Document{ID: "docs/pump.md", Text: "Prime the pump with 2 litres of water."})
		require.NoError(t, err)

		run, err := eval.Evaluate(context.Background(), p, evalQuestions, eval.Options{Concurrency: workers})
		require.NoError(t, err)
		require.Len(t, run.Questions, len(evalQuestions))
		for _, r := range run.Questions {
			want := 1
			if r.Error != "" { // rejected ("too short") before retrieval
				want = 0
			}
			require.Equal(t, want, retrieved[r.Query], "%s: retriever calls (concurrency %d)", r.ID, workers)
			recs := logged[r.Query]
			require.Len(t, recs, 1, "%s: query-log records (concurrency %d)", r.ID, workers)
			require.Equal(t, hybridrag.KindAsk, recs[0].Kind)
			require.Equal(t, r.RefusalReason, recs[0].RefusalReason, r.ID)
			require.Len(t, recs[0].Retrieved, len(r.Retrieved), "%s: the logged retrieval is the evaluated one", r.ID)
			for i, s := range r.Retrieved {
				require.Equal(t, s.ChunkID, recs[0].Retrieved[i].ChunkID)
			}
		}
		require.Len(t, retrieved, len(evalQuestions)-1, "no retrieval beyond the questions asked")
	}
}
