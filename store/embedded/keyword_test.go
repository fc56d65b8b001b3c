package embedded

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// bm25Reference scores chunks by the textbook formula from the analysed
// tokens of their keyword text, independently of bleve.
func bm25Reference(s *Store, chunks []store.Chunk, query string) map[string]float64 {
	docs := make([][]string, len(chunks))
	total := 0
	for i := range chunks {
		docs[i] = s.Analyze(keywordText(&chunks[i]))
		total += len(docs[i])
	}
	n := float64(len(chunks))
	avgdl := float64(total) / n
	seen := map[string]bool{}
	scores := map[string]float64{}
	for _, term := range s.Analyze(query) {
		if seen[term] {
			continue
		}
		seen[term] = true
		df := 0.0
		for _, d := range docs {
			for _, w := range d {
				if w == term {
					df++
					break
				}
			}
		}
		idf := math.Log(1 + (n-df+0.5)/(df+0.5))
		for i, d := range docs {
			tf := 0.0
			for _, w := range d {
				if w == term {
					tf++
				}
			}
			if tf > 0 {
				dl := float64(len(d))
				scores[chunks[i].ID] += idf * tf * (BM25K1 + 1) / (tf + BM25K1*(1-BM25B+BM25B*dl/avgdl))
			}
		}
	}
	return scores
}

func TestKeywordScoresAreExactBM25(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	docs := filterCorpus()
	put(t, s, docs...)
	// Replace and delete some documents so that the length statistics must
	// follow removals too.
	put(t, s, docSpec{tenant: docs[4].tenant, project: docs[4].project, id: docs[4].id, title: "Short", texts: []string{"widget"}})
	require.NoError(t, s.Delete(ctx, docs[7].tenant, docs[7].project, docs[7].id))

	var chunks []store.Chunk
	for _, c := range allChunks(t, s) {
		chunks = append(chunks, c)
	}
	for _, q := range []string{"widget", "widget gadget12 alpha", "Widgets and gadgets of hotel India", "notes"} {
		want := bm25Reference(s, chunks, q)
		got, err := s.SearchKeyword(ctx, q, len(chunks), store.Filter{})
		require.NoError(t, err)
		require.Len(t, got, len(want), q)
		for i, h := range got {
			require.InDelta(t, want[h.Chunk.ID], h.Score, 1e-9, "%q: %s", q, h.Chunk.ID)
			if i > 0 {
				require.GreaterOrEqual(t, got[i-1].Score, h.Score)
			}
		}
	}
}

func TestTermStats(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	put(t, s,
		docSpec{id: "a", texts: []string{"Running dogs run", "cats sleep"}},
		docSpec{id: "b", texts: []string{"the dog sleeps"}})
	ts, err := s.TermStats(ctx, "dogs run the sleeping, dog!", store.Filter{})
	require.NoError(t, err)
	require.Equal(t, 3, ts.Docs)
	require.Equal(t, []string{"dog", "run", "sleep"}, ts.Terms)
	require.Equal(t, []int{2, 1, 2}, ts.DocFreq)
	require.Equal(t, []string{"dog", "run", "sleep", "dog"}, s.Analyze("dogs run the sleeping, dog!"))
}

func TestBleveScoringMode(t *testing.T) {
	ctx := context.Background()
	s := openTest(t, filepath.Join(t.TempDir(), "s"), Options{Create: true, Scoring: ScoringBleve})
	put(t, s,
		docSpec{id: "a", texts: []string{"solar panel installation guide"}},
		docSpec{id: "b", texts: []string{"wind turbine maintenance"}},
		docSpec{id: "c", texts: []string{"solar solar solar"}})
	hits, err := s.SearchKeyword(ctx, "solar installation", 10, store.Filter{})
	require.NoError(t, err)
	require.Len(t, hits, 2)
	require.Equal(t, "solar panel installation guide", hits[0].Chunk.Text)
	require.Greater(t, hits[0].Score, 0.0)
}

// TestKeywordIndexCatchesUp simulates a crash that left the keyword index
// behind the log: an old copy of the index is put back after more writes.
func TestKeywordIndexCatchesUp(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "store")
	s, err := Open(dir, Options{Create: true})
	require.NoError(t, err)
	put(t, s, docSpec{id: "a", texts: []string{"alpha one", "alpha two"}}, docSpec{id: "b", texts: []string{"beta"}})
	require.NoError(t, s.Close())
	old := filepath.Join(t.TempDir(), "old-keyword")
	require.NoError(t, os.CopyFS(old, os.DirFS(filepath.Join(dir, keywordDir))))

	s, err = Open(dir, Options{})
	require.NoError(t, err)
	put(t, s, docSpec{id: "a", texts: []string{"gamma replaced"}}, docSpec{id: "c", texts: []string{"delta", "epsilon"}})
	require.NoError(t, s.Delete(ctx, "", "", "b"))
	require.NoError(t, s.Close())

	require.NoError(t, os.RemoveAll(filepath.Join(dir, keywordDir)))
	require.NoError(t, os.CopyFS(filepath.Join(dir, keywordDir), os.DirFS(old)))
	s = openTest(t, dir, Options{})
	require.Equal(t, Recovery{Reindexed: 3, Unindexed: 3}, s.Recovery())
	check := func(s *Store) {
		for q, want := range map[string][]string{"alpha": nil, "beta": nil, "gamma": {"gamma replaced"}, "epsilon": {"epsilon"}} {
			hits, err := s.SearchKeyword(ctx, q, 10, store.Filter{})
			require.NoError(t, err)
			var texts []string
			for _, h := range hits {
				texts = append(texts, h.Chunk.Text)
			}
			require.Equal(t, want, texts, q)
		}
	}
	check(s)

	// A missing index is rebuilt whole.
	require.NoError(t, s.Close())
	require.NoError(t, os.RemoveAll(filepath.Join(dir, keywordDir)))
	s = openTest(t, dir, Options{})
	require.Equal(t, Recovery{Reindexed: 3}, s.Recovery())
	check(s)

	// An unreadable index is discarded and rebuilt.
	require.NoError(t, s.Close())
	require.NoError(t, filepath.WalkDir(filepath.Join(dir, keywordDir), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			return os.WriteFile(p, []byte("garbage"), 0o644)
		}
		return err
	}))
	s = openTest(t, dir, Options{})
	require.Equal(t, Recovery{KeywordDiscarded: true, Reindexed: 3}, s.Recovery())
	check(s)
}

func TestKeywordTiesAreDeterministic(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	var specs []docSpec
	for _, id := range []string{"d1", "d2", "d3", "d4"} {
		specs = append(specs, docSpec{id: id, texts: []string{"identical words here"}})
	}
	put(t, s, specs...)
	first, err := s.SearchKeyword(ctx, "identical", 2, store.Filter{})
	require.NoError(t, err)
	for range 5 {
		again, err := s.SearchKeyword(ctx, "identical", 2, store.Filter{})
		require.NoError(t, err)
		require.Equal(t, ids(first), ids(again))
	}
	all, err := s.SearchKeyword(ctx, "identical", 4, store.Filter{})
	require.NoError(t, err)
	got := ids(all)
	sort.Strings(got)
	require.Len(t, got, 4)
	require.Equal(t, ids(first), ids(all)[:2])
}

// TestKeywordTiesFollowWriteOrder writes chunks of identical text (exact
// BM25 ties) in one batch, whose documents bleve numbers in the order its
// concurrent analysis finishes: ties must still come in write order, and
// the k kept at a tie the first written, in every store built so.
func TestKeywordTiesFollowWriteOrder(t *testing.T) {
	ctx := context.Background()
	var specs []docSpec
	var written []string
	for i := range 24 {
		id := fmt.Sprintf("d%02d", i)
		specs = append(specs, docSpec{id: id, texts: []string{"identical words here"}})
		written = append(written, store.ChunkID(id, 0, "identical words here"))
	}
	for range 4 {
		s, _ := newTestStore(t)
		put(t, s, specs...)
		for _, k := range []int{1, 3, 10, 24} {
			hits, err := s.SearchKeyword(ctx, "identical words", k, store.Filter{})
			require.NoError(t, err)
			require.Equal(t, written[:k], ids(hits), "k=%d", k)
		}
	}
}
