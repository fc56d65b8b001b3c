package retrieve_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/stretchr/testify/require"
)

// fixedEmbedder returns precomputed query vectors, so that a benchmark of
// retrieval excludes query embedding.
type fixedEmbedder map[string][]float32

func (f fixedEmbedder) EmbedQuery(_ context.Context, text string) ([]float32, error) {
	v, ok := f[text]
	if !ok {
		return nil, fmt.Errorf("no vector for %q", text)
	}
	return v, nil
}

func (f fixedEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v, err := f.EmbedQuery(ctx, t)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// benchChunks is the size of the benchmark collection.
const benchChunks = 100_000

// BenchmarkHybridOverhead measures hybrid retrieval against the two
// searches it runs, over an embedded store of 100k chunks: the SciFact
// abstracts (about 250 words each) repeated under distinct ids, with
// offline hashing vectors. Each iteration takes one SciFact test question
// and times, in alternating order, SearchKeyword (k = 20) followed by
// SearchVector (k = 40), and Retrieve with the default Query; query
// embedding is excluded from both. It reports the ratio of the two totals
// (hybrid/searches) and Retrieve's own work (Timings.Fuse: merge, fusion,
// MMR and Relevance). Building the store takes about a minute:
//
//	go test ./retrieve -run '^$' -bench HybridOverhead -benchtime 300x
func BenchmarkHybridOverhead(b *testing.B) {
	ds := loadSciFact(b, "test")
	ctx := context.Background()
	st, err := embedded.Open(b.TempDir(), embedded.Options{Create: true})
	require.NoError(b, err)
	b.Cleanup(func() { require.NoError(b, st.Close()) })
	emb := newSciFactEmbedder()
	texts := make([]string, len(ds.Corpus))
	for i, d := range ds.Corpus {
		texts[i] = d.Title + "\n\n" + d.Text
	}
	vecs, err := emb.EmbedDocuments(ctx, texts)
	require.NoError(b, err)
	for start := 0; start < benchChunks; start += sciFactBatch {
		var entries []store.Entry
		for n := start; n < min(start+sciFactBatch, benchChunks); n++ {
			i := n % len(ds.Corpus)
			id := fmt.Sprintf("%s-%d", ds.Corpus[i].ID, n/len(ds.Corpus))
			entries = append(entries, store.Entry{
				Document: store.Document{ID: id, Source: id, Text: texts[i]},
				Chunks: []store.Chunk{{
					ID: store.ChunkID(id, 0, texts[i]), DocumentID: id, Source: id,
					Text: texts[i], End: len(texts[i]),
				}},
				Vectors: [][]float32{vecs[i]},
			})
		}
		require.NoError(b, st.Put(ctx, entries...))
	}
	queries := fixedEmbedder{}
	for _, q := range ds.Queries {
		if queries[q.Text], err = emb.EmbedQuery(ctx, q.Text); err != nil {
			b.Fatal(err)
		}
	}
	h, err := retrieve.NewHybrid(st, st, queries, retrieve.Options{})
	require.NoError(b, err)

	var searches, hybrid, fuse time.Duration
	i := 0
	for b.Loop() {
		q := ds.Queries[i%len(ds.Queries)].Text
		both := func() {
			begin := time.Now()
			_, err := st.SearchKeyword(ctx, q, retrieve.DefaultKeywordK, store.Filter{})
			require.NoError(b, err)
			_, err = st.SearchVector(ctx, queries[q], retrieve.DefaultVectorK, store.Filter{})
			require.NoError(b, err)
			searches += time.Since(begin)
		}
		retrieveOnce := func() {
			begin := time.Now()
			res, err := h.Retrieve(ctx, retrieve.Query{Text: q})
			require.NoError(b, err)
			hybrid += time.Since(begin)
			fuse += res.Timings.Fuse
		}
		if i%2 == 0 {
			both()
			retrieveOnce()
		} else {
			retrieveOnce()
			both()
		}
		i++
	}
	b.ReportMetric(float64(hybrid)/float64(searches), "hybrid/searches")
	b.ReportMetric(float64(searches.Microseconds())/float64(i), "searches-µs/op")
	b.ReportMetric(float64(hybrid.Microseconds())/float64(i), "hybrid-µs/op")
	b.ReportMetric(float64(fuse.Microseconds())/float64(i), "fuse-µs/op")
}
