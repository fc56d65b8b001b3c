package embedded

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// filterCorpus is varied enough that every filter kind excludes some of the
// best unfiltered matches.
func filterCorpus() []docSpec {
	tenants := []string{"t1", "t2", ""}
	projects := []string{"p1", "p2"}
	sources := []string{"manual", "report", ""}
	confs := []string{"public", "internal", ""}
	dates := []time.Time{day(2020, 1, 1), day(2021, 6, 30), {}, day(2023, 12, 31), day(1500, 5, 5)}
	filler := strings.Fields("alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango")
	var docs []docSpec
	for i := range 30 {
		var texts []string
		for c := range 1 + i%2 {
			var b strings.Builder
			for range 1 + (i+c)%4 {
				b.WriteString("widget ")
			}
			for w := range (i*7+c*3)%13 + 1 {
				b.WriteString(filler[(i+w+c)%len(filler)] + " ")
			}
			fmt.Fprintf(&b, "gadget%d", i)
			texts = append(texts, b.String())
		}
		docs = append(docs, docSpec{
			tenant: tenants[i%3], project: projects[i%2], id: fmt.Sprintf("doc%02d", i),
			title: "Widget notes", texts: texts,
			meta: store.Metadata{SourceType: sources[i%3], Confidentiality: confs[(i/3)%3], Date: dates[i%5]},
		})
	}
	return docs
}

func filterCases() []struct {
	name string
	f    store.Filter
} {
	return []struct {
		name string
		f    store.Filter
	}{
		{"tenant", store.Filter{TenantID: "t1"}},
		{"project", store.Filter{ProjectID: "p2"}},
		{"tenant and project", store.Filter{TenantID: "t2", ProjectID: "p1"}},
		{"source types", store.Filter{SourceTypes: []string{"manual", "report"}}},
		{"one source type", store.Filter{SourceTypes: []string{"report"}}},
		{"confidentiality", store.Filter{Confidentiality: []string{"public"}}},
		{"no confidentiality label", store.Filter{Confidentiality: []string{""}}},
		{"after", store.Filter{After: day(2021, 6, 30)}},
		{"before", store.Filter{Before: day(2021, 6, 30)}},
		{"date range", store.Filter{After: day(2020, 1, 2), Before: day(2023, 12, 31)}},
		{"document ids", store.Filter{DocumentIDs: []string{"doc03", "doc08", "doc17", "doc29"}}},
		{"combined", store.Filter{TenantID: "t1", SourceTypes: []string{"manual"}, After: day(2000, 1, 1)}},
		{"unknown value", store.Filter{SourceTypes: []string{"nothing"}}},
		{"unknown tenant", store.Filter{TenantID: "t9"}},
	}
}

// passing keeps the hits that pass f, in order.
func passing(hits []store.Hit, f store.Filter) []store.Hit {
	var out []store.Hit
	for _, h := range hits {
		if f.Match(&h.Chunk) {
			out = append(out, h)
		}
	}
	return out
}

func TestFiltersInsideSearch(t *testing.T) {
	ctx := context.Background()
	const k = 4
	for _, scoring := range []Scoring{ScoringBM25, ScoringBleve} {
		s := openTest(t, t.TempDir()+"/store", Options{Create: true, Scoring: scoring})
		put(t, s, filterCorpus()...)
		all, err := s.SearchKeyword(ctx, "widget gadget3", 1000, store.Filter{})
		require.NoError(t, err)
		qv := testVector("query", testDim)
		allVec, err := s.SearchVector(ctx, qv, 1000, store.Filter{})
		require.NoError(t, err)
		require.Len(t, allVec, 45)

		excludedSomeBest := 0
		for _, tc := range filterCases() {
			t.Run(fmt.Sprintf("%d/%s", scoring, tc.name), func(t *testing.T) {
				// Scores are those of the tenant and project's statistics
				// (bleve's own mode: of the whole store); the other
				// fields select without changing them.
				base := all
				if scope := (store.Filter{TenantID: tc.f.TenantID, ProjectID: tc.f.ProjectID}); scoring == ScoringBM25 && scope.TenantID+scope.ProjectID != "" {
					base, err = s.SearchKeyword(ctx, "widget gadget3", 1000, scope)
					require.NoError(t, err)
				}
				wantKW := passing(base, tc.f)
				if len(wantKW) > k {
					wantKW = wantKW[:k]
				}
				got, err := s.SearchKeyword(ctx, "widget gadget3", k, tc.f)
				require.NoError(t, err)
				require.Equal(t, ids(wantKW), ids(got))
				if scoring == ScoringBM25 {
					for i := range got {
						require.InDelta(t, wantKW[i].Score, got[i].Score, 1e-9, "filters other than tenant and project must not change scores")
					}
				}
				for _, h := range got {
					require.True(t, tc.f.Match(&h.Chunk))
				}
				if len(passing(all[:k], tc.f)) < k {
					excludedSomeBest++
				}

				wantVec := passing(allVec, tc.f)
				if len(wantVec) > k {
					wantVec = wantVec[:k]
				}
				gotVec, err := s.SearchVector(ctx, qv, k, tc.f)
				require.NoError(t, err)
				require.Equal(t, ids(wantVec), ids(gotVec))
				for i := range gotVec {
					require.InDelta(t, wantVec[i].Score, gotVec[i].Score, 1e-6)
				}
			})
		}
		require.Greater(t, excludedSomeBest, 8, "the corpus must make filters exclude top hits")
	}
}

func TestFilterMatchesStoreFilterOnEveryRow(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	docs := filterCorpus()
	put(t, s, docs...)
	for _, tc := range filterCases() {
		var want []string
		for _, d := range docs {
			for _, c := range d.entry().Chunks {
				if tc.f.Match(&c) {
					want = append(want, c.ID)
				}
			}
		}
		var got []string
		require.NoError(t, s.Scan(ctx, tc.f, func(c store.Chunk, _ []float32) error {
			got = append(got, c.ID)
			return nil
		}))
		require.ElementsMatch(t, want, got, tc.name)
	}
}
