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

// isolationSeed fixes the random corpus and queries of the tenant isolation
// property test, so that a failure reproduces.
const isolationSeed = 20261125

// isolationVocabulary holds words that are no stop word and no inflection
// of another, so "a chunk contains the word" means the same under any
// English analyzer.
var isolationVocabulary = []string{
	"falcon", "copper", "marble", "violet", "harbor", "lantern", "orchard", "quartz",
	"saddle", "tundra", "walnut", "cobalt", "meadow", "pepper", "timber", "canyon",
}

// storeTenantIsolation is a property test: over a random corpus spread
// across tenants and projects, reusing document ids and even chunk ids
// across them, with random replacements and deletes, no search filtered to
// a tenant returns another tenant's chunk, each search returns exactly what
// a reference model predicts, and Stats counts match per tenant and project.
func storeTenantIsolation(t *testing.T, newStore func(t *testing.T) store.Store) {
	ctx := context.Background()
	s := newStore(t)
	rng := rand.New(rand.NewPCG(isolationSeed, 1))
	tenants := []string{"", "acme", "globex", "initech"}
	projects := []string{"", "alpha", "beta"}
	pick := func(from []string) string { return from[rng.IntN(len(from))] }
	text := func() string {
		words := make([]string, 3+rng.IntN(5))
		for i := range words {
			words[i] = pick(isolationVocabulary)
		}
		return strings.Join(words, " ")
	}
	m := newSuiteModel()

	// The same document, with the same text and hence the same chunk ids,
	// in every tenant.
	var shared []store.Entry
	for _, tenant := range tenants {
		shared = append(shared, suiteDoc{tenant: tenant, project: "alpha", id: "shared", texts: []string{"falcon copper shared chunk", "marble violet"}}.entry())
	}
	require.NoError(t, s.Put(ctx, shared...))
	m.put(shared...)

	for batch := 0; batch < 12; batch++ {
		var entries []store.Entry
		inBatch := map[[3]string]bool{}
		for range 1 + rng.IntN(6) {
			d := suiteDoc{tenant: pick(tenants), project: pick(projects), id: fmt.Sprintf("doc%d", rng.IntN(8))}
			k := [3]string{d.tenant, d.project, d.id}
			if inBatch[k] {
				continue
			}
			inBatch[k] = true
			for range 1 + rng.IntN(3) {
				d.texts = append(d.texts, text())
			}
			entries = append(entries, d.entry())
		}
		require.NoError(t, s.Put(ctx, entries...))
		m.put(entries...)
		if rng.IntN(3) == 0 {
			tenant, project := pick(tenants), pick(projects)
			ids := []string{fmt.Sprintf("doc%d", rng.IntN(8)), fmt.Sprintf("doc%d", rng.IntN(8))}
			require.NoError(t, s.Delete(ctx, tenant, project, ids...))
			m.delete(tenant, project, ids...)
		}
	}
	require.NoError(t, s.Delete(ctx, "globex", "alpha", "shared"))
	m.delete("globex", "alpha", "shared")

	for i := range 150 {
		f := store.Filter{TenantID: pick(tenants[1:]), ProjectID: pick(projects)}
		k := 1 + rng.IntN(12)
		words := []string{pick(isolationVocabulary)}
		if rng.IntN(2) == 0 {
			words = append(words, pick(isolationVocabulary))
		}
		query := strings.Join(words, " ")
		hits, err := s.SearchKeyword(ctx, query, k, f)
		require.NoError(t, err)
		requireOwnTenant(t, hits, f, "keyword query %d %q %+v", i, query, f)
		want := m.withAnyWord(f, words...)
		require.Len(t, hits, min(k, len(want)), "keyword query %d %q %+v", i, query, f)
		require.Subset(t, want, hitKeys(hits))

		vec := suiteVector(fmt.Sprint("query ", i))
		best, passing := m.bestVector(vec, k, f)
		hits, err = s.SearchVector(ctx, vec, k, f)
		require.NoError(t, err)
		requireOwnTenant(t, hits, f, "vector query %d %+v", i, f)
		require.Len(t, hits, len(best), "vector query %d %+v", i, f)
		for j, h := range hits {
			require.Contains(t, passing, suiteKey(&h.Chunk))
			require.InDelta(t, best[j], h.Score, 1e-5)
		}
	}

	for _, tenant := range tenants {
		for _, project := range projects {
			requireStats(t, s, m, store.Filter{TenantID: tenant, ProjectID: project})
		}
	}
	if sc, ok := s.(store.Scanner); ok {
		for _, tenant := range tenants[1:] {
			f := store.Filter{TenantID: tenant}
			require.ElementsMatch(t, m.passing(f), keysOf(scanAll(t, sc, f)), "Scan of tenant %q", tenant)
		}
	}
}

// requireOwnTenant asserts every hit belongs to the tenant (and project,
// when set) of f.
func requireOwnTenant(t *testing.T, hits []store.Hit, f store.Filter, msgAndArgs ...any) {
	t.Helper()
	for _, h := range hits {
		require.Equal(t, f.TenantID, h.Chunk.TenantID, msgAndArgs...)
		if f.ProjectID != "" {
			require.Equal(t, f.ProjectID, h.Chunk.ProjectID, msgAndArgs...)
		}
	}
}
