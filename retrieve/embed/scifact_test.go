package embed

import (
	"context"
	"errors"
	"sort"
	"sync"
	"testing"

	"github.com/hybridrag/hybridrag/internal/beir"
	"github.com/stretchr/testify/require"
	"github.com/viterin/vek/vek32"
)

// sciFact loads the SciFact split once per process; the corpus is shared.
var sciFact = struct {
	sync.Mutex
	sets map[string]*beir.Dataset
}{sets: map[string]*beir.Dataset{}}

func loadSciFact(tb testing.TB, split string) *beir.Dataset {
	tb.Helper()
	dir, err := beir.SciFactDir()
	if errors.Is(err, beir.ErrNoDataset) {
		tb.Skip("SciFact not found: set HYBRIDRAG_SCIFACT or provide shared/data/beir/scifact")
	}
	require.NoError(tb, err)
	sciFact.Lock()
	defer sciFact.Unlock()
	if ds := sciFact.sets[split]; ds != nil {
		return ds
	}
	ds, err := beir.Load(dir, split)
	require.NoError(tb, err)
	require.NotEmpty(tb, ds.Corpus)
	require.NotEmpty(tb, ds.Queries)
	sciFact.sets[split] = ds
	return ds
}

// vectorNDCG embeds the whole corpus (title + text), ranks every document
// for every query by brute-force cosine and returns the mean nDCG@10.
func vectorNDCG(tb testing.TB, h *Hash, ds *beir.Dataset) float64 {
	tb.Helper()
	ctx := context.Background()
	texts := make([]string, len(ds.Corpus))
	for i, d := range ds.Corpus {
		texts[i] = d.Title + "\n" + d.Text
	}
	docs, err := h.EmbedDocuments(ctx, texts)
	require.NoError(tb, err)
	order := make([]int, len(docs))
	scores := make([]float32, len(docs))
	ranked := make([]string, 0, 10)
	total := 0.0
	for _, q := range ds.Queries {
		qv, err := h.EmbedQuery(ctx, q.Text)
		require.NoError(tb, err)
		for i, dv := range docs {
			scores[i] = vek32.Dot(qv, dv) // unit vectors: dot = cosine
			order[i] = i
		}
		sort.SliceStable(order, func(a, b int) bool { return scores[order[a]] > scores[order[b]] })
		ranked = ranked[:0]
		for _, i := range order[:10] {
			ranked = append(ranked, ds.Corpus[i].ID)
		}
		total += beir.NDCG(ranked, ds.Qrels[q.ID], 10)
	}
	return total / float64(len(ds.Queries))
}

// BenchmarkSciFactNDCG reports the vector-only nDCG@10 of the default Hash
// on both SciFact splits (the design was tuned on train). Run with
//
//	go test ./retrieve/embed -run '^$' -bench SciFactNDCG -benchtime 1x
func BenchmarkSciFactNDCG(b *testing.B) {
	for _, split := range []string{"train", "test"} {
		b.Run(split, func(b *testing.B) {
			ds := loadSciFact(b, split)
			var ndcg float64
			for b.Loop() {
				ndcg = vectorNDCG(b, NewHash(HashOptions{}), ds)
			}
			b.ReportMetric(ndcg, "nDCG@10")
		})
	}
}
