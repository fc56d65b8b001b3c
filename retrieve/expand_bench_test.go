package retrieve_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/stretchr/testify/require"
)

// BenchmarkExpansionCost times Retrieve (the pipeline's offline retrieval:
// weighted fusion, hashing embedder) per question with each Expansion
// mode, alternating modes question by question so that machine load
// falls on all alike, and reports each mode's median. It needs a store
// built by `hybridrag index` and a question file (JSON lines with
// "query"), for example the PostgreSQL manual set:
//
//	HYBRIDRAG_EXPANSION_STORE=/tmp/pg HYBRIDRAG_EXPANSION_QUESTIONS=$PWD/testdata/eval/pg15-tune.jsonl \
//	  go test ./retrieve -run '^$' -bench ExpansionCost -benchtime 5x
func BenchmarkExpansionCost(b *testing.B) {
	dir, file := os.Getenv("HYBRIDRAG_EXPANSION_STORE"), os.Getenv("HYBRIDRAG_EXPANSION_QUESTIONS")
	if dir == "" || file == "" {
		b.Skip("HYBRIDRAG_EXPANSION_STORE and HYBRIDRAG_EXPANSION_QUESTIONS not set")
	}
	st, err := embedded.Open(dir, embedded.Options{ReadOnly: true})
	require.NoError(b, err)
	b.Cleanup(func() { require.NoError(b, st.Close()) })
	fh, err := os.Open(file)
	require.NoError(b, err)
	defer fh.Close()
	var questions []string
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		var q struct{ Query string }
		require.NoError(b, json.Unmarshal(sc.Bytes(), &q))
		questions = append(questions, q.Query)
	}
	emb := embed.NewHash(embed.HashOptions{Dim: 384})
	modes := []struct {
		name string
		mode retrieve.Expansion
	}{{"none", retrieve.ExpansionNone}, {"synonyms", retrieve.ExpansionSynonyms}, {"corpus", retrieve.ExpansionCorpus}}
	hs := make([]*retrieve.Hybrid, len(modes))
	ctx := context.Background()
	first := make([]time.Duration, len(modes))
	for i, m := range modes {
		hs[i], err = retrieve.NewHybrid(st, st, emb, retrieve.Options{Fusion: retrieve.FusionWeighted, Expansion: m.mode})
		require.NoError(b, err)
		start := time.Now()
		_, err = hs[i].Retrieve(ctx, retrieve.Query{Text: questions[0]}) // builds the corpus vocabulary
		first[i] = time.Since(start)
		require.NoError(b, err)
	}
	times := make([][]time.Duration, len(modes))
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		for _, q := range questions {
			for j := range modes {
				i := (j + n) % len(modes) // rotate who goes first
				start := time.Now()
				_, err := hs[i].Retrieve(ctx, retrieve.Query{Text: q})
				times[i] = append(times[i], time.Since(start))
				require.NoError(b, err)
			}
		}
	}
	// The first corpus query built the vocabulary (ResetTimer clears
	// metrics reported before it).
	b.ReportMetric(float64(first[2].Microseconds())/1000, "corpus-first-query-ms")
	for i, m := range modes {
		slices.Sort(times[i])
		b.ReportMetric(float64(times[i][len(times[i])/2].Microseconds())/1000, m.name+"-p50-ms")
	}
}
