package hybridragtest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// sealedSeeds are the random corpora of storeTenantStatistics.
var sealedSeeds = []uint64{1, 20261126, 77}

// sealedTenant is the tenant whose results the test watches.
const sealedTenant = "acme"

// storeTenantStatistics is a property test: what a search scoped to one
// tenant (and project) returns (scores, order, counts, term statistics) is
// the same before and after other tenants' documents are added, replaced
// and removed. Keyword scores, term statistics and Relevance built on them
// must use the tenant's own collection statistics, or a tenant could learn
// about another's documents from its own scores (and the gate would decide
// differently for it depending on its neighbours).
func storeTenantStatistics(t *testing.T, newStore func(t *testing.T) store.Store) {
	for _, seed := range sealedSeeds {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			ctx := context.Background()
			s := newStore(t)
			rng := rand.New(rand.NewPCG(seed, 3))
			vocab := isolationVocabulary
			text := func(minWords, maxWords int) string {
				words := make([]string, minWords+rng.IntN(maxWords-minWords+1))
				for i := range words {
					words[i] = vocab[rng.IntN(len(vocab))]
				}
				return strings.Join(words, " ")
			}
			docs := func(tenant string, n, minWords, maxWords int) []store.Entry {
				var out []store.Entry
				for i := range n {
					d := suiteDoc{tenant: tenant, project: []string{"", "alpha", "beta"}[rng.IntN(3)], id: fmt.Sprintf("doc%d", i),
						meta: store.Metadata{SourceType: []string{"manual", "faq"}[rng.IntN(2)]}}
					for range 1 + rng.IntN(3) {
						d.texts = append(d.texts, text(minWords, maxWords))
					}
					out = append(out, d.entry())
				}
				return out
			}
			own := docs(sealedTenant, 12, 3, 9)
			require.NoError(t, s.Put(ctx, own...))
			neighbour := docs("globex", 10, 3, 9)
			require.NoError(t, s.Put(ctx, neighbour...))

			var queries []string
			for range 8 {
				queries = append(queries, text(1, 3))
			}
			filters := []store.Filter{
				{TenantID: sealedTenant},
				{TenantID: sealedTenant, ProjectID: "alpha"},
				{TenantID: sealedTenant, SourceTypes: []string{"faq"}},
			}
			before := observeTenant(t, s, queries, filters)

			// Other tenants (the empty tenant among them) grow with
			// longer chunks in the same projects and words, so that
			// store-wide statistics move a lot; one is replaced.
			more := append(docs("globex", 15, 10, 30), docs("initech", 8, 1, 4)...)
			more = append(more, docs("", 6, 10, 30)...)
			require.NoError(t, s.Put(ctx, more...))
			require.Equal(t, before, observeTenant(t, s, queries, filters), "after other tenants' documents were added")

			for _, e := range neighbour[:5] {
				require.NoError(t, s.Delete(ctx, e.Document.TenantID, e.Document.ProjectID, e.Document.ID))
			}
			for _, e := range more[:4] {
				require.NoError(t, s.Delete(ctx, e.Document.TenantID, e.Document.ProjectID, e.Document.ID))
			}
			require.Equal(t, before, observeTenant(t, s, queries, filters), "after other tenants' documents were removed")

			// The observation is not blind: the tenant's own writes do
			// change it.
			require.NoError(t, s.Put(ctx, docs(sealedTenant, 1, 40, 40)...))
			require.NotEqual(t, before, observeTenant(t, s, queries, filters), "the tenant's own documents change its statistics")
		})
	}
}

// tenantView is what one tenant can observe of the store.
type tenantView struct {
	Stats     []store.Stats
	TermStats []store.TermStats
	// Keyword and Vector map "filter/query" to every hit's score by chunk
	// (k above the tenant's size, so ties at the cut cannot differ), and
	// TopKeyword and TopVector to the scores of the best 3, in order.
	Keyword, Vector       map[string]map[string]float64
	TopKeyword, TopVector map[string][]float64
}

func observeTenant(t *testing.T, s store.Store, queries []string, filters []store.Filter) tenantView {
	t.Helper()
	ctx := context.Background()
	v := tenantView{
		Keyword: map[string]map[string]float64{}, Vector: map[string]map[string]float64{},
		TopKeyword: map[string][]float64{}, TopVector: map[string][]float64{},
	}
	scores := func(hits []store.Hit) map[string]float64 {
		out := map[string]float64{}
		for _, h := range hits {
			require.Equal(t, sealedTenant, h.Chunk.TenantID)
			out[suiteKey(&h.Chunk)] = h.Score
		}
		return out
	}
	top := func(hits []store.Hit) []float64 {
		out := []float64{}
		for _, h := range hits {
			out = append(out, h.Score)
		}
		return out
	}
	for fi, f := range filters {
		st, err := s.(store.Statter).Stats(ctx, f)
		require.NoError(t, err)
		st.IndexVersion = 0 // every write moves it, whoever wrote
		v.Stats = append(v.Stats, st)
		for _, q := range queries {
			key := fmt.Sprintf("%d/%s", fi, q)
			hits, err := s.SearchKeyword(ctx, q, 1000, f)
			require.NoError(t, err)
			v.Keyword[key] = scores(hits)
			hits, err = s.SearchKeyword(ctx, q, 3, f)
			require.NoError(t, err)
			v.TopKeyword[key] = top(hits)
			vec := suiteVector(q)
			hits, err = s.SearchVector(ctx, vec, 1000, f)
			require.NoError(t, err)
			v.Vector[key] = scores(hits)
			hits, err = s.SearchVector(ctx, vec, 3, f)
			require.NoError(t, err)
			v.TopVector[key] = top(hits)
			if ts, ok := s.(store.TermStatter); ok {
				st, err := ts.TermStats(ctx, q, f)
				require.NoError(t, err)
				v.TermStats = append(v.TermStats, st)
			}
		}
	}
	return v
}
