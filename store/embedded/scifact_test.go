package embedded

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/beir"
	"github.com/hybridrag/hybridrag/store"
)

// minSciFactNDCG is the bar for keyword retrieval: published BM25 on BEIR
// SciFact scores nDCG@10 0.665–0.679.
const minSciFactNDCG = 0.67

// loadSciFact returns the test split, skipping when it is unavailable.
func loadSciFact(tb testing.TB) *beir.Dataset {
	tb.Helper()
	if testing.Short() || raceEnabled {
		tb.Skip("SciFact evaluation is slow; not run with -short or -race")
	}
	dir, err := beir.SciFactDir()
	if err != nil {
		tb.Skip("SciFact not found; set HYBRIDRAG_SCIFACT to run")
	}
	ds, err := beir.Load(dir, "test")
	require.NoError(tb, err)
	return ds
}

// sciFactEntries makes one chunk per SciFact document (title + text).
func sciFactEntries(ds *beir.Dataset) []store.Entry {
	entries := make([]store.Entry, len(ds.Corpus))
	for i, d := range ds.Corpus {
		c := store.Chunk{ID: store.ChunkID(d.ID, 0, d.Text), DocumentID: d.ID, Source: d.ID, Title: d.Title, Text: d.Text, End: len(d.Text)}
		entries[i] = store.Entry{
			Document: store.Document{ID: d.ID, Source: d.ID, Title: d.Title, Text: d.Text},
			Chunks:   []store.Chunk{c},
			Vectors:  [][]float32{testVector(d.ID, testDim)},
		}
	}
	return entries
}

func meanNDCG(ds *beir.Dataset, search func(q string) []string) float64 {
	sum := 0.0
	for _, q := range ds.Queries {
		sum += beir.NDCG(search(q.Text), ds.Qrels[q.ID], 10)
	}
	return sum / float64(len(ds.Queries))
}

// TestSciFactNDCG measures keyword retrieval on BEIR SciFact (test split,
// nDCG@10) four ways over the same documents and analysis: bleve tf-idf,
// bleve's BM25 mode as is, bleve's BM25 mode fed the store's token
// statistics (ScoringBleve), and the store's exact BM25 (ScoringBM25).
func TestSciFactNDCG(t *testing.T) {
	ds := loadSciFact(t)
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "scifact")
	s, err := Open(dir, Options{Create: true})
	require.NoError(t, err)
	entries := sciFactEntries(ds)
	for i := 0; i < len(entries); i += 1000 {
		require.NoError(t, s.Put(ctx, entries[i:min(i+1000, len(entries))]...))
	}
	docOf := func(hits []store.Hit) []string {
		out := make([]string, len(hits))
		for i, h := range hits {
			out[i] = h.Chunk.DocumentID
		}
		return out
	}
	keyword := func(s *Store) func(string) []string {
		return func(q string) []string {
			hits, err := s.SearchKeyword(ctx, q, 10, store.Filter{})
			require.NoError(t, err)
			return docOf(hits)
		}
	}
	exact := meanNDCG(ds, keyword(s))

	// bleve's own BM25 statistics: a plain match query on the same index.
	bleveBM25 := meanNDCG(ds, func(q string) []string {
		mq := query.NewMatchQuery(q)
		mq.SetField(fieldText)
		res, err := s.kw.idx.SearchInContext(ctx, bleve.NewSearchRequestOptions(mq, 10, 0, false))
		require.NoError(t, err)
		ids := make([]uint64, len(res.Hits))
		for i, h := range res.Hits {
			ids[i] = parseSerial(t, h.ID)
		}
		hits, err := s.loadSerials(ids)
		require.NoError(t, err)
		return docOf(hits)
	})
	require.NoError(t, s.Close())

	corrected := func() float64 {
		s, err := Open(dir, Options{Scoring: ScoringBleve})
		require.NoError(t, err)
		defer s.Close()
		return meanNDCG(ds, keyword(s))
	}()

	// tf-idf needs an index whose mapping selects it.
	m := newIndexMapping()
	m.ScoringModel = index.TFIDFScoring
	tfidf, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
	require.NoError(t, err)
	defer tfidf.Close()
	kw := &keywordIndex{analyzer: m.AnalyzerNamed("en"), keyword: m.AnalyzerNamed("keyword")}
	b := tfidf.NewBatch()
	for i := range entries {
		c := entries[i].Chunks[0]
		d, _ := kw.buildDoc(uint64(i), &c)
		require.NoError(t, b.IndexAdvanced(d))
	}
	require.NoError(t, tfidf.Batch(b))
	tfidfNDCG := meanNDCG(ds, func(q string) []string {
		mq := query.NewMatchQuery(q)
		mq.SetField(fieldText)
		res, err := tfidf.Search(bleve.NewSearchRequestOptions(mq, 10, 0, false))
		require.NoError(t, err)
		out := make([]string, len(res.Hits))
		for i, h := range res.Hits {
			out[i] = ds.Corpus[parseSerial(t, h.ID)].ID
		}
		return out
	})

	t.Logf("SciFact test nDCG@10: bleve tf-idf %.4f, bleve bm25 %.4f, bleve bm25 + token stats %.4f, exact BM25 (store default) %.4f",
		tfidfNDCG, bleveBM25, corrected, exact)
	require.GreaterOrEqual(t, exact, minSciFactNDCG)
}

func parseSerial(tb testing.TB, id string) uint64 {
	tb.Helper()
	var n uint64
	for _, c := range id {
		require.True(tb, c >= '0' && c <= '9', "id %q", id)
		n = n*10 + uint64(c-'0')
	}
	return n
}
