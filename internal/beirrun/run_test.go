package beirrun

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/beir"
)

// writeDataset writes a BEIR dataset of small documents, each about one
// topic, with one query per topic judged against its document.
func writeDataset(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	docs := []beir.Doc{
		{ID: "d1", Title: "Heat exchanger", Text: "The aluminium heat exchanger core recovers warmth from extract air."},
		{ID: "d2", Title: "Filters", Text: "Replace the G4 filters every six months to keep airflow high."},
		{ID: "d3", Title: "Condensate", Text: "A blocked condensate drain raises error code E4 on the panel."},
		{ID: "d4", Title: "Bypass", Text: "The summer bypass routes cool outdoor air around the exchanger."},
		{ID: "d5", Title: "Noise", Text: "Vibration dampers and flexible connectors reduce fan noise."},
		{ID: "d6", Title: "Frost", Text: "Frost protection slows the supply fan when outdoor air freezes."},
	}
	queries := []beir.Query{
		{ID: "q1", Text: "how often replace filters"},
		{ID: "q2", Text: "condensate drain error code"},
		{ID: "q3", Text: "fan noise vibration dampers"},
		{ID: "q-unjudged", Text: "anything at all"},
	}
	qrels := "query-id\tcorpus-id\tscore\nq1\td2\t1\nq2\td3\t1\nq3\td5\t1\n"
	writeJSONL(t, filepath.Join(dir, "corpus.jsonl"), docs)
	writeJSONL(t, filepath.Join(dir, "queries.jsonl"), queries)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "qrels"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "qrels", "test.tsv"), []byte(qrels), 0o644))
	return dir
}

func writeJSONL[T any](t *testing.T, path string, items []T) {
	t.Helper()
	var b strings.Builder
	for _, it := range items {
		line, err := json.Marshal(it)
		require.NoError(t, err)
		b.Write(line)
		b.WriteByte('\n')
	}
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
}

func TestRun(t *testing.T) {
	dir := writeDataset(t)
	var stages []string
	rep, err := Run(context.Background(), dir, Options{
		Concurrency: 2,
		Progress: func(stage string, done, total int) {
			if done == total {
				stages = append(stages, stage)
			}
		},
	})
	require.NoError(t, err)
	require.Equal(t, 6, rep.Documents)
	require.Equal(t, 3, rep.Queries, "only judged queries run")
	require.Equal(t, "test", rep.Split)
	require.Equal(t, 1.0, rep.MMRLambda)
	require.Equal(t, DefaultDepth, rep.Depth)
	require.Equal(t, []string{"index", "keyword", "vector", "hybrid"}, stages)
	require.Len(t, rep.Modes, 3)
	for _, m := range rep.Modes {
		// Every query shares rare words with exactly its document, and the
		// list holds the whole corpus: each mode finds every document, and
		// keyword and hybrid rank it first.
		require.Equal(t, 1.0, m.Recall100, m.Mode)
		require.Greater(t, m.NDCG10, 0.0, m.Mode)
		require.LessOrEqual(t, m.NDCG10, 1.0, m.Mode)
		if m.Mode != Vector {
			require.Equal(t, 1.0, m.NDCG10, m.Mode)
			require.Equal(t, 1.0, m.MRR10, m.Mode)
		}
	}
}

func TestRunModesAndDepth(t *testing.T) {
	dir := writeDataset(t)
	rep, err := Run(context.Background(), dir, Options{Modes: []Mode{Keyword}, Depth: 1})
	require.NoError(t, err)
	require.Len(t, rep.Modes, 1)
	require.Equal(t, Keyword, rep.Modes[0].Mode)
	require.Equal(t, 1.0, rep.Modes[0].Recall100, "the single best document is the judged one")
}

func TestRunErrors(t *testing.T) {
	ctx := context.Background()
	dir := writeDataset(t)
	for name, o := range map[string]Options{
		"unknown mode":         {Modes: []Mode{"sparse"}},
		"negative depth":       {Depth: -1},
		"lambda above 1":       {MMRLambda: 1.5},
		"negative concurrency": {Concurrency: -1},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Run(ctx, dir, o)
			require.ErrorIs(t, err, ErrInvalidOptions)
		})
	}
	_, err := Run(ctx, t.TempDir(), Options{})
	require.ErrorIs(t, err, os.ErrNotExist)

	_, err = Run(ctx, dir, Options{Split: "dev"})
	require.ErrorIs(t, err, os.ErrNotExist, "no qrels/dev.tsv")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "qrels", "empty.tsv"), []byte("query-id\tcorpus-id\tscore\n"), 0o644))
	_, err = Run(ctx, dir, Options{Split: "empty"})
	require.ErrorIs(t, err, ErrNoQueries)

	storeDir := t.TempDir()
	_, err = Run(ctx, dir, Options{StoreDir: storeDir, Modes: []Mode{Keyword}})
	require.NoError(t, err)
	_, err = Run(ctx, dir, Options{StoreDir: storeDir})
	require.ErrorIs(t, err, ErrStoreNotEmpty)

	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = Run(cctx, dir, Options{})
	require.ErrorIs(t, err, context.Canceled)
}
