package beir

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMetrics(t *testing.T) {
	rels := map[string]int{"a": 1, "b": 1}
	require.InDelta(t, 1.0, NDCG([]string{"a", "b", "c"}, rels, 10), 1e-12)
	want := (1 / math.Log2(3)) / (1 + 1/math.Log2(3))
	require.InDelta(t, want, NDCG([]string{"c", "a"}, rels, 10), 1e-12)
	require.Equal(t, 0.0, NDCG([]string{"c"}, rels, 10))
	require.Equal(t, 0.5, Recall([]string{"c", "a"}, rels, 10))
	require.Equal(t, 0.0, Recall([]string{"c", "a"}, rels, 1))
	require.Equal(t, 0.5, MRR([]string{"c", "a"}, rels, 10))
	require.Equal(t, 0.0, MRR([]string{"c"}, rels, 10))
}

func TestLoadSciFact(t *testing.T) {
	dir, err := SciFactDir()
	if err != nil {
		t.Skip("SciFact not found; set HYBRIDRAG_SCIFACT to run")
	}
	ds, err := Load(dir, "test")
	require.NoError(t, err)
	require.Len(t, ds.Corpus, 5183)
	require.Len(t, ds.Queries, 300)
}
