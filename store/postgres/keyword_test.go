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

// TestKeywordCodeTokens checks that identifiers, operators and options
// survive keyword search: each query's chunk ranks first, ahead of chunks
// holding only the words the english parser would have left of it, and
// the term statistics count the code lexemes.
func TestKeywordCodeTokens(t *testing.T) {
	ctx := context.Background()
	s := openTest(t, newSchema(t), postgres.Options{})
	docs := map[string]string{
		"maxconn":  "The max_connections setting caps concurrent sessions.",
		"prose":    "The maximum of connections and the max value of a setting differ per session.",
		"camel":    "Call maxConnections() on the pool before sessions start.",
		"arc":      "Wrap the value in Arc<T> to share ownership across threads.",
		"arcprose": "An arc of the circle: T is the time the threads share.",
		"flag":     "Pass --verbose to print every statement.",
		"verbose":  "A verbose report prints each statement twice.",
		"at":       "In patterns, @ matches the host part of an address.",
		"pattern":  "Patterns match the host and the address parts.",
		"path":     "Use std::sync for locks and channels.",
		"stdprose": "The standard library syncs locks and channels.",
		"readonly": "Mark each name as readonly so that its value stays fixed.",
		"read":     "The read command reads one line of input into each name.",
		"builtin":  "A built-in command runs inside the shell process.",
	}
	var entries []store.Entry
	for id, text := range docs {
		entries = append(entries, entry("t", id, text))
	}
	require.NoError(t, s.Put(ctx, entries...))
	cases := []struct{ query, want string }{
		{"what does max_connections limit", "maxconn"},
		{"maxConnections pool", "camel"},
		{"how do I share with Arc<T>?", "arc"},
		{"what does --verbose print", "flag"},
		{"what does @ match in patterns", "at"},
		{"std::sync locks", "path"},
		{"how do I make a name read-only", "readonly"},
		{"what is a built-in command", "builtin"},
	}
	for _, c := range cases {
		hits, err := s.SearchKeyword(ctx, c.query, 3, store.Filter{})
		require.NoError(t, err, c.query)
		require.NotEmpty(t, hits, c.query)
		require.Equal(t, c.want, hits[0].Chunk.DocumentID, "%q: %v", c.query, rankedKeys(hits))
		if len(hits) > 1 {
			require.Greater(t, hits[0].Score, hits[1].Score, c.query)
		}
	}
	ts, err := s.TermStats(ctx, "max_connections Arc<T> @", store.Filter{})
	require.NoError(t, err)
	df := map[string]int{}
	for i, term := range ts.Terms {
		df[term] = ts.DocFreq[i]
	}
	require.Equal(t, 1, df["max_connections"], "%v", df)
	require.Equal(t, 1, df["arc<t>"], "%v", df)
	require.Equal(t, 1, df["@"], "%v", df)
	require.Equal(t, 3, df["max"], "%v", df) // maxconn, camel (a part), prose
}

// TestKeywordStopWords checks that stop words used as keywords ("HAVING",
// the while of "the while statement"), which the english configuration
// drops, find the chunks that use them so.
func TestKeywordStopWords(t *testing.T) {
	ctx := context.Background()
	s := openTest(t, newSchema(t), postgres.Options{})
	docs := map[string]string{
		"having": "The HAVING clause eliminates groups that do not satisfy the condition.",
		"where":  "The WHERE clause eliminates rows that do not satisfy the condition.",
		"while":  "The while statement is used for repeated execution.",
		"if":     "The if statement is used for conditional execution.",
	}
	var entries []store.Entry
	for id, text := range docs {
		entries = append(entries, entry("t", id, text))
	}
	require.NoError(t, s.Put(ctx, entries...))
	for _, c := range []struct{ query, want string }{
		{"What does the HAVING clause do?", "having"},
		{"What does the WHERE clause do?", "where"},
		{"What does the while statement do?", "while"},
		{"What does the if statement do?", "if"},
	} {
		hits, err := s.SearchKeyword(ctx, c.query, 2, store.Filter{})
		require.NoError(t, err, c.query)
		require.Len(t, hits, 2, c.query)
		require.Equal(t, c.want, hits[0].Chunk.DocumentID, "%q: %v", c.query, rankedKeys(hits))
		require.Greater(t, hits[0].Score, hits[1].Score, c.query)
	}
	ts, err := s.TermStats(ctx, "the HAVING clause", store.Filter{})
	require.NoError(t, err)
	require.Equal(t, []string{"having", "claus"}, ts.Terms)
	require.Equal(t, []int{1, 2}, ts.DocFreq)
}
