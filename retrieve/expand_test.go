package retrieve_test

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/stretchr/testify/require"
)

func openExpansionStore(t *testing.T) (*embedded.Store, *embed.Hash) {
	t.Helper()
	st, err := embedded.Open(t.TempDir(), embedded.Options{Create: true})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	return st, embed.NewHash(embed.HashOptions{})
}

// keywordOnly hides every optional capability of a store (no TermStatter,
// Scanner or Statter), as a store such as lcvector offers none of them.
type keywordOnly struct{ store.KeywordSearcher }

func retrieveKeyword(t *testing.T, ks store.KeywordSearcher, opts retrieve.Options, q string) *retrieve.Result {
	t.Helper()
	h, err := retrieve.NewHybrid(ks, nil, nil, opts)
	require.NoError(t, err)
	res, err := h.Retrieve(context.Background(), retrieve.Query{Text: q, MMRLambda: 1})
	require.NoError(t, err)
	return res
}

func docsOf(res *retrieve.Result) []string {
	var out []string
	for _, s := range res.Sources {
		out = append(out, s.Chunk.DocumentID)
	}
	return out
}

func TestSynonymExpansionFindsOtherWording(t *testing.T) {
	st, emb := openExpansionStore(t)
	putChunks(t, st, emb, "snapshots", []string{"To delete a snapshot, open the storage page and choose Delete next to it."}, [][]string{{"Snapshots"}})
	putChunks(t, st, emb, "volumes", []string{"A volume can be attached to one instance at a time."}, [][]string{{"Volumes"}})
	putChunks(t, st, emb, "images", []string{"Images are read-only templates for new instances."}, [][]string{{"Images"}})
	q := "How do I erase a snapshot?"

	for _, tc := range []struct {
		name string
		ks   store.KeywordSearcher
	}{{"embedded", st}, {"no capabilities", keywordOnly{st}}} {
		t.Run(tc.name, func(t *testing.T) {
			res := retrieveKeyword(t, tc.ks, retrieve.Options{}, q)
			require.Contains(t, res.Analysis.Expansions, "delete")
			require.NotContains(t, res.Analysis.Expansions, "erase", "a question's own word is not an expansion")
			require.Equal(t, retrieve.IntentHowTo, res.Analysis.Intent)
			require.Equal(t, "snapshots", docsOf(res)[0])

			none := retrieveKeyword(t, tc.ks, retrieve.Options{Expansion: retrieve.ExpansionNone}, q)
			require.Empty(t, none.Analysis.Expansions)
		})
	}

	// Words the question writes as code name one thing: "DROP" is not "delete".
	res := retrieveKeyword(t, st, retrieve.Options{}, "What does DROP do to a snapshot?")
	require.NotContains(t, res.Analysis.Expansions, "delete")
	// Synonyms the collection never uses are not reported.
	res = retrieveKeyword(t, st, retrieve.Options{}, "How do I erase a snapshot?")
	require.NotContains(t, res.Analysis.Expansions, "purge")
}

// A made-up manual: the body of three sections on compaction talks about
// "tombstones", which no other section mentions; a question about
// tombstones should be expanded with the heading word "compaction".
func TestCorpusExpansionFromHeadings(t *testing.T) {
	st, emb := openExpansionStore(t)
	body := []string{
		"Deleted keys leave tombstones in the segment files until they are merged away.",
		"Tombstones older than the grace period are dropped when segments are rewritten.",
		"Many tombstones slow down reads, because every read must skip over them.",
		"Run it during quiet hours; tombstones are purged as segments are rewritten.",
	}
	var heads [][]string
	for range body {
		heads = append(heads, []string{"Storage", "Compaction"})
	}
	putChunks(t, st, emb, "compaction", body, heads)
	for i, topic := range []string{"Replication", "Backups", "Monitoring", "Security", "Clients", "Upgrades", "Networking", "Logging"} {
		var texts []string
		var hs [][]string
		for j := range 10 {
			texts = append(texts, fmt.Sprintf("%s section %d: the server keeps segment files on local disk and reads keys from them (%d).", topic, j, i))
			hs = append(hs, []string{"Storage", topic})
		}
		putChunks(t, st, emb, topic, texts, hs)
	}
	q := "Why do tombstones make reads slow?"

	res := retrieveKeyword(t, st, retrieve.Options{Expansion: retrieve.ExpansionCorpus}, q)
	require.Contains(t, res.Analysis.Expansions, "compaction")
	for _, w := range []string{"storage", "replication", "backups", "monitoring"} {
		require.NotContains(t, res.Analysis.Expansions, w, "not tied to tombstones")
	}

	// Without a Scanner (or with synonyms only) there are no corpus
	// expansions, and retrieval still works.
	for _, tc := range []struct {
		name string
		ks   store.KeywordSearcher
		mode retrieve.Expansion
	}{{"synonyms", st, retrieve.ExpansionSynonyms}, {"no scanner", keywordOnly{st}, retrieve.ExpansionCorpus}} {
		res := retrieveKeyword(t, tc.ks, retrieve.Options{Expansion: tc.mode}, q)
		require.NotContains(t, res.Analysis.Expansions, "compaction", tc.name)
		require.Equal(t, "compaction", docsOf(res)[0], tc.name)
	}

	// The vocabulary is built at the first query, not with the retriever:
	// chunks written in between count.
	h, err := retrieve.NewHybrid(st, nil, nil, retrieve.Options{Expansion: retrieve.ExpansionCorpus})
	require.NoError(t, err)
	putChunks(t, st, emb, "garden", []string{"Hedges are trimmed in spring.", "Trim hedges after the birds have nested.", "Young hedges need water."},
		[][]string{{"Gardening"}, {"Gardening"}, {"Gardening"}})
	res, err = h.Retrieve(context.Background(), retrieve.Query{Text: "When are hedges trimmed?"})
	require.NoError(t, err)
	require.Contains(t, res.Analysis.Expansions, "garden") // title and heading stem alike
}

// Exact matches are never outranked by expansions: for every synonym pair
// of the bundled list that the analysis keeps apart, a chunk using the
// question's word ranks above an otherwise identical chunk using its
// synonym, even when the synonym is far rarer in the collection (higher
// IDF) than the question's word and the weight is close to 1.
// "block" is no synonym of "lock": an unsafe block, a code block or a
// block device locks nothing, and a process that blocks is already
// "block" to the stemmer.
func TestBlockIsNoLock(t *testing.T) {
	st, emb := openExpansionStore(t)
	putChunks(t, st, emb, "unsafe", []string{"An unsafe block lets you dereference a raw pointer."}, [][]string{{"Unsafe"}})
	putChunks(t, st, emb, "locks", []string{"A lock is held until the transaction ends."}, [][]string{{"Locks"}})
	res := retrieveKeyword(t, st, retrieve.Options{}, "What does an unsafe block allow?")
	require.NotContains(t, res.Analysis.Expansions, "lock")
	require.Equal(t, []string{"unsafe"}, docsOf(res))
}

func TestExpansionNeverOutranksExactMatch(t *testing.T) {
	pairs := [][2]string{
		{"remove", "delete"}, {"change", "modify"}, {"start", "launch"}, {"speed", "performance"},
		{"copy", "clone"}, {"error", "fault"}, {"undo", "rollback"}, {"limit", "maximum"},
	}
	for _, w := range []float64{0, 0.5, 0.99} {
		for _, p := range pairs {
			own, syn := p[0], p[1]
			t.Run(fmt.Sprintf("%s-%s-%v", own, syn, w), func(t *testing.T) {
				st, emb := openExpansionStore(t)
				putChunks(t, st, emb, "exact", []string{"You can " + own + " the widget cache from the settings page."}, [][]string{{"Cache"}})
				putChunks(t, st, emb, "expanded", []string{"You can " + syn + " the widget cache from the settings page."}, [][]string{{"Cache"}})
				// The question's word is common, its synonym rare.
				for i := range 12 {
					putChunks(t, st, emb, fmt.Sprintf("filler%d", i), []string{fmt.Sprintf("Filler %d: "+own+" things as needed.", i)}, [][]string{{"Misc"}})
				}
				res := retrieveKeyword(t, st, retrieve.Options{ExpansionWeight: w}, "How do I "+own+" the widget cache?")
				require.Contains(t, res.Analysis.Expansions, syn)
				docs := docsOf(res)
				ie, ix := slices.Index(docs, "exact"), slices.Index(docs, "expanded")
				require.True(t, ie >= 0 && ix >= 0, "%v", docs)
				require.Less(t, ie, ix, "%v", docs)
				require.Greater(t, res.Sources[ie].Scores.BM25, res.Sources[ix].Scores.BM25)
			})
		}
	}
}

func TestExpansionOptionsValidated(t *testing.T) {
	st, _ := openExpansionStore(t)
	for _, o := range []retrieve.Options{
		{ExpansionWeight: 1}, {ExpansionWeight: -0.1}, {ExpansionWeight: math.NaN()}, {Expansion: retrieve.Expansion(9)},
	} {
		_, err := retrieve.NewHybrid(st, nil, nil, o)
		require.ErrorIs(t, err, retrieve.ErrInvalidOptions, "%+v", o)
	}
}

// Concurrent first queries share one vocabulary build (run with -race).
func TestCorpusExpansionConcurrentQueries(t *testing.T) {
	st, emb := openExpansionStore(t)
	var heads [][]string
	texts := []string{"Tombstones mark deleted keys.", "Tombstones are purged later.", "Reads skip tombstones."}
	for range texts {
		heads = append(heads, []string{"Compaction"})
	}
	putChunks(t, st, emb, "compaction", texts, heads)
	for i := range 60 {
		putChunks(t, st, emb, fmt.Sprintf("filler%d", i), []string{fmt.Sprintf("Segment %d holds keys.", i)}, [][]string{{"Segments"}})
	}
	h, err := retrieve.NewHybrid(st, st, emb, retrieve.Options{Expansion: retrieve.ExpansionCorpus})
	require.NoError(t, err)
	errs := make(chan error, 8)
	got := make(chan []string, 8)
	for range 8 {
		go func() {
			res, err := h.Retrieve(context.Background(), retrieve.Query{Text: "Why do tombstones slow reads?"})
			if err == nil {
				got <- res.Analysis.Expansions
			}
			errs <- err
		}()
	}
	for range 8 {
		require.NoError(t, <-errs)
		require.Contains(t, <-got, "compaction")
	}
}

// "See" in a question asks to show: "How do I see the plan …?" is
// answered by the command that displays it, which never says "see".
func TestSeeIsShown(t *testing.T) {
	st, emb := openExpansionStore(t)
	putChunks(t, st, emb, "explain", []string{"EXPLAIN displays the execution plan that the planner generates for a statement."}, [][]string{{"EXPLAIN"}})
	putChunks(t, st, emb, "vacuum", []string{"VACUUM reclaims storage occupied by dead tuples."}, [][]string{{"VACUUM"}})
	putChunks(t, st, emb, "analyze", []string{"ANALYZE collects statistics about the contents of tables."}, [][]string{{"ANALYZE"}})
	res := retrieveKeyword(t, st, retrieve.Options{}, "How can I see the plan of a statement?")
	require.Contains(t, res.Analysis.Expansions, "display")
}
