package postgres_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/postgres"
)

// TestKeywordCoordinationLevels checks the level-by-level keyword search:
// chunks matching more distinct query words rank first, the search falls
// back to fewer words only when a level has fewer than k chunks, and
// another process sees the chunks at once.
func TestKeywordCoordinationLevels(t *testing.T) {
	ctx := context.Background()
	schema := newSchema(t)
	a := openTest(t, schema, postgres.Options{})
	b := openTest(t, schema, postgres.Options{})
	require.NoError(t, a.Put(ctx,
		entry("t", "all", "copper meadow falcon"),
		entry("t", "repeat", "copper copper copper copper copper copper"),
		entry("t", "two", "meadow falcon lantern"),
		entry("t", "one", "falcon orchard"),
		entry("t", "none", "walnut quartz"),
		entry("u", "other", "copper meadow falcon"),
	))
	cases := []struct {
		query string
		k     int
		f     store.Filter
		want  []string
	}{
		{"copper meadow falcon", 1, store.Filter{TenantID: "t"}, []string{"all:copper meadow falcon"}},
		{"copper meadow falcon", 2, store.Filter{TenantID: "t"}, []string{"all:copper meadow falcon", "two:meadow falcon lantern"}},
		{"copper meadow falcon", 10, store.Filter{TenantID: "t"}, []string{"all:copper meadow falcon", "two:meadow falcon lantern",
			"repeat:copper copper copper copper copper copper", "one:falcon orchard"}},
		{"the falcons falcon", 10, store.Filter{TenantID: "t"}, []string{"all:copper meadow falcon", "two:meadow falcon lantern", "one:falcon orchard"}},
		{"copper meadow falcon", 10, store.Filter{TenantID: "u"}, []string{"other:copper meadow falcon"}},
		{"copper meadow falcon", 2, store.Filter{DocumentIDs: []string{"repeat", "one"}}, []string{
			"repeat:copper copper copper copper copper copper", "one:falcon orchard"}},
		{`"meadow falcon" -copper`, 10, store.Filter{}, []string{"two:meadow falcon lantern"}},
	}
	for _, c := range cases {
		hits, err := b.SearchKeyword(ctx, c.query, c.k, c.f)
		require.NoError(t, err, c.query)
		require.Equal(t, c.want, rankedKeys(hits), "%q k=%d %+v", c.query, c.k, c.f)
		for i := 1; i < len(hits); i++ {
			require.GreaterOrEqual(t, hits[i-1].Score, hits[i].Score)
		}
		for _, h := range hits {
			require.Len(t, h.Vector, testDim)
		}
	}
}

// rankedKeys is keys in hit order.
func rankedKeys(hits []store.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.Chunk.DocumentID + ":" + h.Chunk.Text
	}
	return out
}
