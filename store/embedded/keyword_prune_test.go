package embedded

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/topk"
	"github.com/hybridrag/hybridrag/store"
)

// pruneCorpus builds a store of random documents over a small Zipf
// vocabulary (so that common words, ties and repeated texts abound),
// written in several batches, with replacements and deletions so that
// bleve holds several segments and deleted postings.
func pruneCorpus(t *testing.T, seed uint64) (*Store, []string) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 11))
	vocab := make([]string, 60)
	for i := range vocab {
		vocab[i] = benchWord(uint64(i))
	}
	zipf := rand.NewZipf(r, 1.2, 1, uint64(len(vocab)-1))
	tenants := []string{"t0", "t1", "t2"}
	projects := []string{"", "p1"}
	sources := []string{"manual", "report", ""}
	var texts []string
	text := func() string {
		if len(texts) > 0 && r.IntN(6) == 0 {
			return texts[r.IntN(len(texts))] // an exact repeat: equal scores
		}
		var b strings.Builder
		for range 1 + r.IntN(30) {
			b.WriteString(vocab[zipf.Uint64()] + " ")
		}
		texts = append(texts, b.String())
		return b.String()
	}
	spec := func(i int) docSpec {
		d := docSpec{
			tenant: tenants[r.IntN(len(tenants))], project: projects[r.IntN(len(projects))],
			id: fmt.Sprintf("d%03d", i), title: "T",
			meta: store.Metadata{SourceType: sources[r.IntN(len(sources))]},
		}
		if r.IntN(4) > 0 {
			d.meta.Date = day(2020+r.IntN(5), time.Month(1+r.IntN(12)), 1)
		}
		for range 1 + r.IntN(4) {
			d.texts = append(d.texts, text())
		}
		return d
	}
	s, _ := newTestStore(t)
	var docs []docSpec
	for batch := range 5 {
		var b []docSpec
		for i := range 40 {
			b = append(b, spec(batch*40+i))
		}
		put(t, s, b...)
		docs = append(docs, b...)
	}
	ctx := context.Background()
	for i := range 30 {
		d := docs[r.IntN(len(docs))]
		if i%2 == 0 {
			require.NoError(t, s.Delete(ctx, d.tenant, d.project, d.id))
			continue
		}
		n := spec(0)
		n.tenant, n.project, n.id = d.tenant, d.project, d.id
		put(t, s, n)
	}
	return s, vocab
}

// randomFilter draws a filter over the fields pruneCorpus sets.
func randomFilter(r *rand.Rand) store.Filter {
	var f store.Filter
	if r.IntN(2) == 0 {
		f.TenantID = []string{"t0", "t1", "t2", "nobody"}[r.IntN(4)]
	}
	if r.IntN(4) == 0 {
		f.ProjectID = "p1"
	}
	if r.IntN(3) == 0 {
		f.SourceTypes = [][]string{{"manual"}, {"report", ""}, {"memo"}}[r.IntN(3)]
	}
	if r.IntN(4) == 0 {
		for range 1 + r.IntN(20) {
			f.DocumentIDs = append(f.DocumentIDs, fmt.Sprintf("d%03d", r.IntN(200)))
		}
	}
	if r.IntN(4) == 0 {
		f.After = day(2021, time.Month(1+r.IntN(12)), 1)
	}
	if r.IntN(4) == 0 {
		f.Before = day(2022, time.Month(1+r.IntN(12)), 1)
	}
	return f
}

// TestPrunedKeywordSearchEqualsExhaustive compares the MaxScore search with
// the exhaustive BM25 scorer over random queries, filters, scopes and k:
// the same documents, bit-identical scores, the same order.
func TestPrunedKeywordSearchEqualsExhaustive(t *testing.T) {
	ctx := context.Background()
	for _, seed := range []uint64{1, 2, 3} {
		s, vocab := pruneCorpus(t, seed)
		r := rand.New(rand.NewPCG(seed, 99))
		zipf := rand.NewZipf(r, 1.1, 1, uint64(len(vocab)-1))
		rd, err := s.kw.reader()
		require.NoError(t, err)
		_, _, scorch := segmentsOf(rd)
		require.True(t, scorch, "the store's reader exposes its segments")
		var pruned, exhaustive topk.Heap
		nonEmpty := 0
		for q := range 300 {
			var words []string
			for range 1 + r.IntN(6) {
				words = append(words, vocab[zipf.Uint64()])
			}
			if r.IntN(10) == 0 {
				words = append(words, "unknownword")
			}
			f := randomFilter(r)
			if q%5 == 0 {
				f = store.Filter{}
			}
			k := []int{1, 2, 3, 5, 10, 50, 1000}[r.IntN(7)]
			terms := s.kw.analyzeQuery(strings.Join(words, " "))
			p := s.st.bm25Params(&f)
			require.NoError(t, s.kw.topBM25(ctx, rd, terms, p, &f, k, &pruned))
			exhaustive.Reset(k)
			require.NoError(t, s.kw.searchBM25(ctx, rd, terms, p, keywordFilter(&f), &exhaustive))
			want, got := exhaustive.Sorted(), pruned.Sorted()
			require.Equal(t, want, got, "seed %d query %q filter %+v k %d", seed, words, f, k)
			if len(want) > 0 {
				nonEmpty++
			}
		}
		require.Greater(t, nonEmpty, 150, "most queries find something")
		rd.Close()
	}
}

// TestScopedDocFreqsEqualIntersection checks the bitmap document
// frequencies against the postings intersection they replace.
func TestScopedDocFreqsEqualIntersection(t *testing.T) {
	ctx := context.Background()
	s, vocab := pruneCorpus(t, 7)
	rd, err := s.kw.reader()
	require.NoError(t, err)
	defer rd.Close()
	terms := make([][]byte, 0, len(vocab)+1)
	for _, w := range append(vocab, "unknownword") {
		terms = append(terms, s.kw.analyzeQuery(w)...)
	}
	for _, f := range []store.Filter{{}, {TenantID: "t1"}, {ProjectID: "p1"}, {TenantID: "t2", ProjectID: "p1"}, {TenantID: "nobody"}} {
		scope := scopeOf(&f)
		got, ok, err := scopedDocFreqs(ctx, rd, terms, scope)
		require.NoError(t, err)
		require.True(t, ok)
		for i, term := range terms {
			want, err := docFreq(ctx, rd, term, scope)
			require.NoError(t, err)
			require.Equal(t, want, got[i], "%s in %+v", term, f)
		}
	}
}
