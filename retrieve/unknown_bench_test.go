package retrieve_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store/embedded"
)

// BenchmarkUnknownNames measures what judging a question's names adds to
// each retrieval: splitting the question and analysing its name-like
// words with the embedded store's analyzer through retrieval's word cache
// (the document frequencies come from the TermStats call retrieval makes
// anyway).
func BenchmarkUnknownNames(b *testing.B) {
	st, err := embedded.Open(b.TempDir(), embedded.Options{Create: true})
	require.NoError(b, err)
	b.Cleanup(func() { _ = st.Close() })
	question := "How do I enable the query result cache with query_cache_size in PostgreSQL and PgBouncer?"
	df := map[string]int{}
	for _, t := range st.Analyze(question) {
		df[t] = 1
	}
	df["query_cache_s"] = 0
	unknown := retrieve.UnknownNames(st.Analyze)
	for b.Loop() {
		if len(unknown(question, df)) == 0 {
			b.Fatal("no unknown name")
		}
	}
}
