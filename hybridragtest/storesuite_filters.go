package hybridragtest

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// storeFilters checks every Filter field in both searches. A decoy
// document that fails every restricting filter is the best match of both
// queries (its text repeats the query word, its vectors sit next to the
// query vector), so a store that truncated to the top k before filtering
// would return too few chunks.
func storeFilters(t *testing.T, newStore func(t *testing.T) store.Store) {
	ctx := context.Background()
	s := newStore(t)
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	june30 := time.Date(2024, 6, 30, 23, 59, 59, 999_999_999, time.FixedZone("", -7*3600))
	q := suiteVector("the query")
	near := func(seed string, n int) [][]float32 {
		r := rand.New(rand.NewPCG(uint64(len(seed)), 3))
		out := make([][]float32, n)
		for i := range out {
			v := make([]float32, len(q))
			for j := range v {
				v[j] = q[j] + float32(r.NormFloat64())*0.01
			}
			out[i] = v
		}
		return out
	}
	docs := []suiteDoc{
		{tenant: "t1", project: "p1", id: "a", texts: []string{"zebra apple", "zebra apricot"},
			meta: store.Metadata{SourceType: "manual", Confidentiality: "public", Date: day(2024, 1, 10)}},
		{tenant: "t1", project: "p1", id: "b", texts: []string{"zebra banana", "zebra blueberry"},
			meta: store.Metadata{SourceType: "report", Confidentiality: "internal", Date: day(2024, 3, 1)}},
		{tenant: "t1", project: "p2", id: "c", texts: []string{"zebra cherry", "zebra coconut"},
			meta: store.Metadata{SourceType: "manual"}},
		{tenant: "t2", project: "p1", id: "d", texts: []string{"zebra date", "zebra durian"},
			meta: store.Metadata{SourceType: "spec", Confidentiality: "public", Date: day(2023, 12, 31)}},
		{tenant: "t1", project: "p1", id: "e", texts: []string{"zebra elderberry", "zebra endive"},
			meta: store.Metadata{SourceType: "manual", Confidentiality: "internal", Date: june30}},
		{tenant: "t9", project: "p9", id: "decoy", texts: []string{strings.Repeat("zebra ", 12) + "decoy", strings.Repeat("zebra ", 10) + "lure"},
			meta: store.Metadata{SourceType: "decoy", Confidentiality: "secret", Date: day(1990, 1, 1)},
			vecs: near("decoy", 2)},
	}
	entries := suiteEntries(docs...)
	require.NoError(t, s.Put(ctx, entries...))
	m := newSuiteModel()
	m.put(entries...)

	cases := []struct {
		name string
		f    store.Filter
	}{
		{"no filter", store.Filter{}},
		{"tenant", store.Filter{TenantID: "t1"}},
		{"other tenant", store.Filter{TenantID: "t2"}},
		{"project", store.Filter{ProjectID: "p2"}},
		{"tenant and project", store.Filter{TenantID: "t1", ProjectID: "p1"}},
		{"one source type", store.Filter{SourceTypes: []string{"manual"}}},
		{"two source types", store.Filter{SourceTypes: []string{"manual", "spec"}}},
		{"confidentiality", store.Filter{Confidentiality: []string{"public"}}},
		{"confidentiality or no label", store.Filter{Confidentiality: []string{"internal", ""}}},
		{"after, inclusive", store.Filter{After: day(2024, 1, 10)}},
		{"before, inclusive", store.Filter{Before: day(2024, 3, 1)}},
		{"date range to the nanosecond", store.Filter{After: day(2024, 1, 1), Before: june30}},
		{"date range ending a nanosecond early", store.Filter{After: day(2024, 1, 1), Before: june30.Add(-time.Nanosecond)}},
		{"date bound in another zone", store.Filter{After: time.Date(2024, 3, 1, 1, 0, 0, 0, time.FixedZone("", 3600))}},
		{"document ids", store.Filter{DocumentIDs: []string{"a", "c"}}},
		{"everything at once", store.Filter{TenantID: "t1", ProjectID: "p1", SourceTypes: []string{"manual", "report"},
			Confidentiality: []string{"public", "internal"}, After: day(2024, 1, 1), Before: day(2024, 12, 31), DocumentIDs: []string{"a", "b", "e"}}},
		{"unknown tenant", store.Filter{TenantID: "nobody"}},
		{"unknown source type", store.Filter{SourceTypes: []string{"poem"}}},
		{"unknown document", store.Filter{DocumentIDs: []string{"zzz"}}},
		{"empty date range", store.Filter{After: day(2025, 1, 1), Before: day(2024, 1, 1)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pass := m.passing(c.f)

			hits, err := s.SearchKeyword(ctx, "zebra", 100, c.f)
			require.NoError(t, err)
			require.ElementsMatch(t, pass, hitKeys(hits), "keyword search, k above the number of chunks")
			requireBestFirst(t, hits)
			hits, err = s.SearchKeyword(ctx, "zebra", 2, c.f)
			require.NoError(t, err)
			require.Len(t, hits, min(2, len(pass)), "keyword search must filter before truncating to k")
			require.Subset(t, pass, hitKeys(hits))

			for _, k := range []int{2, 100} {
				want, passing := m.bestVector(q, k, c.f)
				hits, err := s.SearchVector(ctx, q, k, c.f)
				require.NoError(t, err)
				require.Len(t, hits, len(want), "vector search, k = %d, must filter before truncating to k", k)
				for i, h := range hits {
					score, ok := passing[suiteKey(&h.Chunk)]
					require.True(t, ok, "vector hit %s does not pass the filter", suiteKey(&h.Chunk))
					require.InDelta(t, score, h.Score, 1e-5)
					require.InDelta(t, want[i], h.Score, 1e-5, "vector hit %d is not the %d-th best passing chunk", i, i+1)
				}
			}
			if sc, ok := s.(store.Scanner); ok {
				require.ElementsMatch(t, pass, keysOf(scanAll(t, sc, c.f)), "Scan")
			}
		})
	}

	// Within one tenant and project (these chunks have none), filter
	// fields select chunks without changing their scores.
	t.Run("a filter does not change scores", func(t *testing.T) {
		all, err := s.SearchKeyword(ctx, "zebra apple", 100, store.Filter{})
		require.NoError(t, err)
		one, err := s.SearchKeyword(ctx, "zebra apple", 100, store.Filter{DocumentIDs: []string{"a"}})
		require.NoError(t, err)
		byKey := map[string]float64{}
		for _, h := range all {
			byKey[suiteKey(&h.Chunk)] = h.Score
		}
		require.NotEmpty(t, one)
		for _, h := range one {
			require.InDelta(t, byKey[suiteKey(&h.Chunk)], h.Score, 1e-9)
		}
	})
}

func keysOf(m map[string]modelChunk) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
