package retrieve_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
)

// relevanceBits is what a user auditing an answer compares: the sources
// in order and their Relevance to the last bit.
func relevanceBits(res *retrieve.Result) []string {
	out := make([]string, len(res.Sources))
	for i, s := range res.Sources {
		out[i] = fmt.Sprintf("%s %016x", s.Chunk.ID, math.Float64bits(s.Relevance))
	}
	return out
}

// TestRetrieveRepeatable asks the same questions again and again through
// one retriever, in different orders and after other questions, and
// through fresh retrievers: every answer to a question must be identical
// to the last bit. Relevance once depended on which words earlier
// retrievals had left in the analysis cache.
func TestRetrieveRepeatable(t *testing.T) {
	t.Run("manual", func(t *testing.T) { checkRepeatable(t, manualDocs, manualQuestions) })
	docs, questions := syntheticCorpus(rand.New(rand.NewPCG(1, 2)), 40, 60)
	t.Run("synthetic", func(t *testing.T) { checkRepeatable(t, docs, questions) })
}

var manualDocs = map[string][]string{
	"vacuum": {
		"Plain VACUUM reclaims storage occupied by dead tuples. It can run in parallel with normal reading and writing of the table, as an exclusive lock is not obtained. VACUUM FULL rewrites the entire contents of the table into a new disk file with no extra space, and it requires an exclusive lock on the table while it works.",
		"The autovacuum daemon automates the execution of VACUUM and ANALYZE commands. Autovacuum checks for tables that have had a large number of inserted, updated or deleted tuples. Storage of dead tuples is reclaimed by plain vacuum; the lock it takes does not block reads or writes.",
	},
	"index": {
		"Creating an index can interfere with regular operation of a database. Normally the table to be indexed is locked against writes and the entire index build is done with a single scan of the table. Other transactions can still read the table, but inserts, updates and deletes block until the index build is finished.",
		"PostgreSQL supports building indexes without locking out writes. This method is invoked by specifying the CONCURRENTLY option of CREATE INDEX. When this option is used, two scans of the table are performed, and the build waits for existing transactions that could modify or use the index to terminate.",
	},
	"matview": {
		"REFRESH MATERIALIZED VIEW completely replaces the contents of a materialized view. With CONCURRENTLY, the view is refreshed without locking out concurrent selects on the materialized view. Without this option a refresh which affects a lot of rows tends to use fewer resources and complete more quickly.",
		"A materialized view is a relation whose query is run and stored when the view is created or refreshed. Queries read the stored result; the view is not updated automatically when its base tables change, so refresh it to recompute its contents.",
	},
	"like": {
		"The key word ILIKE can be used instead of LIKE to make the match case-insensitive according to the active locale. The operator ~~ is equivalent to LIKE, and ~~* corresponds to ILIKE. A pattern match with lower() on both sides also ignores case.",
	},
}

var manualQuestions = []string{
	"Does plain VACUUM take an exclusive lock on the table?",
	"How can I build an index on a busy table without blocking inserts and updates?",
	"How can I recompute a materialized view while still letting people query it?",
	"How do I make a LIKE pattern match ignore case?",
	"Which storage does vacuum reclaim from dead tuples while reads and writes continue?",
}

// syntheticCorpus makes docs of made-up words drawn with Zipf-like
// frequencies (so that question terms weigh differently), some capitalised
// or with a plural s, and questions of several of them: many sums of
// several different weights.
func syntheticCorpus(r *rand.Rand, nDocs, nQuestions int) (map[string][]string, []string) {
	const cons, vows, ends = "bdgkmnprtvz", "aiou", "kmnprt"
	vocab := make([]string, 300)
	for i := range vocab {
		b := []byte{cons[r.IntN(len(cons))], vows[r.IntN(len(vows))], cons[r.IntN(len(cons))], vows[r.IntN(len(vows))], ends[r.IntN(len(ends))]}
		vocab[i] = string(b)
	}
	zipf := rand.NewZipf(r, 1.1, 2, uint64(len(vocab)-1))
	sentence := func() string {
		words := make([]string, 6+r.IntN(10))
		for i := range words {
			// Other surface forms of a term are other words to the
			// analysis cache, as "Locks" and "lock" are.
			switch w := vocab[zipf.Uint64()]; r.IntN(4) {
			case 0:
				words[i] = strings.ToUpper(w[:1]) + w[1:]
			case 1:
				words[i] = w + "s"
			default:
				words[i] = w
			}
		}
		words[0] = strings.ToUpper(words[0][:1]) + words[0][1:]
		return strings.Join(words, " ") + "."
	}
	docs := map[string][]string{}
	for d := range nDocs {
		chunks := make([]string, 1+r.IntN(2))
		for c := range chunks {
			sents := make([]string, 3+r.IntN(8))
			for i := range sents {
				sents[i] = sentence()
			}
			chunks[c] = strings.Join(sents, " ")
		}
		docs[fmt.Sprintf("doc%02d", d)] = chunks
	}
	questions := make([]string, nQuestions)
	for i := range questions {
		words := make([]string, 4+r.IntN(5))
		for j := range words {
			words[j] = vocab[r.IntN(len(vocab)/3)]
		}
		questions[i] = strings.Join(words, " ") + "?"
	}
	return docs, questions
}

// checkRepeatable indexes docs and asks every question through a fresh
// retriever (a cold cache), then again through one shared retriever, three
// rounds, the second in reverse order.
func checkRepeatable(t *testing.T, docs map[string][]string, questions []string) {
	st, emb := openExpansionStore(t)
	for id, texts := range docs {
		headings := make([][]string, len(texts))
		for i := range headings {
			headings[i] = []string{id}
		}
		putChunks(t, st, emb, id, texts, headings)
	}
	newHybrid := func() *retrieve.Hybrid {
		h, err := retrieve.NewHybrid(st, st, emb, retrieve.Options{})
		require.NoError(t, err)
		return h
	}
	ask := func(h *retrieve.Hybrid, q string) []string {
		res, err := h.Retrieve(context.Background(), retrieve.Query{Text: q})
		require.NoError(t, err)
		return relevanceBits(res)
	}
	// Each question first, through its own fresh retriever (a cold cache).
	want := map[string][]string{}
	for _, q := range questions {
		want[q] = ask(newHybrid(), q)
		require.NotEmpty(t, want[q], q)
	}
	shared := newHybrid()
	for round := range 3 {
		for i := range questions {
			q := questions[i]
			if round == 1 {
				q = questions[len(questions)-1-i]
			}
			require.Equal(t, want[q], ask(shared, q), "round %d: %q", round, q)
		}
	}
}
