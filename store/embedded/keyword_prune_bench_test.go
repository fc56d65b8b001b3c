package embedded

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/topk"

	"github.com/hybridrag/hybridrag/store"
)

// The keyword store at scale is built once into a directory named by a
// flag and reused by later runs (building 1M chunks takes many minutes on
// a shared 2-core machine):
//
//	go test -run '^$' -bench BenchmarkKeywordPruning -benchtime 200x \
//	    ./store/embedded/ -args -kwbench.dir=/tmp/hybridrag-kw1m -kwbench.chunks=1000000
//
// Its text follows newBenchCorpus (Zipf 1.1 over 50k words, 160 words a
// chunk, 4 chunks a document, 3 tenants, 2 source types); vectors are
// kwBenchDim wide because keyword search never reads them.
var (
	kwBenchDir    = flag.String("kwbench.dir", "", "directory of the keyword-pruning benchmark store (built when missing, kept)")
	kwBenchChunks = flag.Int("kwbench.chunks", 1_000_000, "chunks in the keyword-pruning benchmark store when it is built")
)

const kwBenchDim = 4

// kwBenchEntries generates chunks [from, to) of the keyword benchmark
// corpus, drawing words from r.
func kwBenchEntries(r *rand.Rand, zipf *rand.Zipf, from, to int) []store.Entry {
	var out []store.Entry
	var sb strings.Builder
	for i := from; i < to; {
		doc := i / 4
		docID := "doc" + strconv.Itoa(doc)
		tenant := "t" + strconv.Itoa(doc%3)
		e := store.Entry{Document: store.Document{ID: docID, TenantID: tenant, Title: "Synthetic " + docID}}
		for j := i; j < to && j/4 == doc; j++ {
			sb.Reset()
			for w := range benchWords {
				if w > 0 {
					sb.WriteByte(' ')
				}
				sb.WriteString(benchWord(zipf.Uint64()))
			}
			text := sb.String()
			v := make([]float32, kwBenchDim)
			for d := range v {
				v[d] = float32(r.NormFloat64())
			}
			e.Chunks = append(e.Chunks, store.Chunk{
				ID: store.ChunkID(docID, j%4, text), DocumentID: docID, TenantID: tenant,
				Title: e.Document.Title, Text: text, Index: j % 4,
				Metadata: store.Metadata{SourceType: []string{"manual", "report"}[j%2], Date: day(2020+j%5, 1, 1)},
			})
			e.Vectors = append(e.Vectors, v)
			i = j + 1
		}
		out = append(out, e)
	}
	return out
}

// kwBenchQueries are benchQueries queries of 3–5 words from the corpus's
// word distribution.
func kwBenchQueries(seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, 3))
	zipf := rand.NewZipf(r, 1.1, 1, benchVocab-1)
	var out []string
	for range benchQueries {
		var q []string
		for range 3 + r.IntN(3) {
			q = append(q, benchWord(zipf.Uint64()))
		}
		out = append(out, strings.Join(q, " "))
	}
	return out
}

// pruneBenchStore returns the -kwbench.dir store and its queries when the
// flag is set (closed at the end of the benchmark), else the 100k-chunk
// bench store and its corpus's queries.
func pruneBenchStore(b *testing.B) (*Store, []string) {
	if *kwBenchDir == "" {
		s, c := bigBench(b)
		return s, c.queries
	}
	s := kwBenchStore(b)
	b.Cleanup(func() { s.Close() })
	return s, kwBenchQueries(7)
}

// kwBenchStore opens the store at -kwbench.dir, building it first when
// the directory holds none.
func kwBenchStore(b *testing.B) *Store {
	b.Helper()
	if *kwBenchDir == "" {
		b.Skip("set -kwbench.dir to build or reuse the large keyword store")
	}
	path := filepath.Join(*kwBenchDir, "store")
	ctx := context.Background()
	if _, err := os.Stat(path); err == nil {
		start := time.Now()
		s, err := Open(path, Options{ReadOnly: true})
		require.NoError(b, err)
		fmt.Fprintf(os.Stderr, "opened %d-chunk keyword bench store in %s\n", len(s.st.rows), time.Since(start).Round(time.Millisecond))
		return s
	}
	start := time.Now()
	s, err := Open(path, Options{Create: true})
	require.NoError(b, err)
	r := rand.New(rand.NewPCG(42, 1))
	zipf := rand.NewZipf(r, 1.1, 1, benchVocab-1)
	n := *kwBenchChunks
	for i := 0; i < n; i += benchBatch {
		require.NoError(b, s.Put(ctx, kwBenchEntries(r, zipf, i, min(i+benchBatch, n))...))
		if i%100_000 == 0 {
			fmt.Fprintf(os.Stderr, "kwbench: %d chunks after %s\n", i, time.Since(start).Round(time.Second))
		}
	}
	require.NoError(b, s.Close())
	fmt.Fprintf(os.Stderr, "built %d-chunk keyword bench store in %s\n", n, time.Since(start).Round(time.Second))
	s, err = Open(path, Options{ReadOnly: true})
	require.NoError(b, err)
	return s
}

// BenchmarkKeywordBuild only builds (or opens) the large keyword store.
func BenchmarkKeywordBuild(b *testing.B) {
	s := kwBenchStore(b)
	defer s.Close()
	for b.Loop() {
	}
}

// BenchmarkKeywordPruning times one top-10 keyword query four ways per
// iteration, on the same reader: a plain bleve match query (bleve's own
// scoring and collector, the baseline), the exhaustive exact BM25
// over bleve's TermFieldReaders (searchBM25, the reference), the same
// exhaustive scoring over segment postings (the postings-source
// comparison), and the MaxScore search SearchKeyword uses. It also
// reports the work, which does not depend on the machine's load: postings
// the exhaustive search reads (those passing the filter), and postings
// the pruned search reads with Next and looks up with Advance. The store is
// the 100k-chunk bench store, or the -kwbench.dir store when set.
// Filters: none; a tenant (scoped statistics); tenant + source type.
func BenchmarkKeywordPruning(b *testing.B) {
	s, queries := pruneBenchStore(b)
	ctx := context.Background()
	for _, fc := range []struct {
		name string
		f    store.Filter
	}{
		{"filter=none", store.Filter{}},
		{"filter=tenant", store.Filter{TenantID: "t1"}},
		{"filter=tenant+source", store.Filter{TenantID: "t1", SourceTypes: []string{"report"}}},
	} {
		b.Run(fc.name, func(b *testing.B) {
			f := fc.f
			filter := keywordFilter(&f)
			p := s.st.bm25Params(&f)
			var tBleve, tExh, tSeg, tPruned time.Duration
			var seg, pruned pruneStats
			var walked, read, advanced int
			var top topk.Heap
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				q := queries[i%len(queries)]
				i++
				terms := s.kw.analyzeQuery(q)
				r, err := s.kw.reader()
				require.NoError(b, err)
				t0 := time.Now()
				_, err = s.kw.idx.SearchInContext(ctx, bleve.NewSearchRequestOptions(rawBleveQuery(q, filter), benchK, 0, false))
				require.NoError(b, err)
				t1 := time.Now()
				top.Reset(benchK)
				require.NoError(b, s.kw.searchBM25(ctx, r, terms, p, filter, &top))
				want := slices.Clone(top.Sorted())
				t2 := time.Now()
				top.Reset(benchK)
				ok, err := s.kw.searchPruned(ctx, r, terms, p, &f, false, &seg, &top)
				require.True(b, ok)
				require.NoError(b, err)
				t3 := time.Now()
				require.NoError(b, s.kw.topBM25(ctx, r, terms, p, &f, benchK, &top))
				t4 := time.Now()
				require.Equal(b, want, top.Sorted(), q)
				top.Reset(benchK)
				_, err = s.kw.searchPruned(ctx, r, terms, p, &f, true, &pruned, &top)
				require.NoError(b, err)
				walked += seg.next
				read += pruned.next
				advanced += pruned.advance
				r.Close()
				tBleve += t1.Sub(t0)
				tExh += t2.Sub(t1)
				tSeg += t3.Sub(t2)
				tPruned += t4.Sub(t3)
			}
			per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(b.N) }
			b.ReportMetric(per(tBleve), "bleve-ns")
			b.ReportMetric(per(tExh), "exhaustive-ns")
			b.ReportMetric(per(tSeg), "seg-exhaustive-ns")
			b.ReportMetric(per(tPruned), "pruned-ns")
			b.ReportMetric(float64(walked)/float64(b.N), "exhaustive-postings")
			b.ReportMetric(float64(read)/float64(b.N), "pruned-next")
			b.ReportMetric(float64(advanced)/float64(b.N), "pruned-advance")
			b.ReportMetric(float64(tPruned)/float64(tBleve), "x-bleve")
			b.ReportMetric(float64(tPruned)/float64(tExh), "x-exhaustive")
		})
	}
}

// BenchmarkScopedDocFreqs times one query's tenant-scoped document
// frequencies (issue 15 item 4): the leapfrog intersection of postings
// (docFreq) against the per-segment bitmap AND-cardinality the pruned
// search uses (scopedDocFreqs); x-intersect is the ratio.
func BenchmarkScopedDocFreqs(b *testing.B) {
	s, queries := pruneBenchStore(b)
	ctx := context.Background()
	f := store.Filter{TenantID: "t1"}
	scope := s.st.bm25Params(&f).scope
	require.NotEmpty(b, scope)
	var tInter, tBits time.Duration
	i := 0
	for b.Loop() {
		terms := s.kw.analyzeQuery(queries[i%len(queries)])
		i++
		r, err := s.kw.reader()
		require.NoError(b, err)
		t0 := time.Now()
		want := make([]int, len(terms))
		for j, t := range terms {
			want[j], err = docFreq(ctx, r, t, scope)
			require.NoError(b, err)
		}
		t1 := time.Now()
		got, ok, err := scopedDocFreqs(ctx, r, terms, scope)
		t2 := time.Now()
		require.True(b, ok)
		require.NoError(b, err)
		require.Equal(b, want, got)
		r.Close()
		tInter += t1.Sub(t0)
		tBits += t2.Sub(t1)
	}
	b.ReportMetric(float64(tInter.Nanoseconds())/float64(b.N), "intersect-ns")
	b.ReportMetric(float64(tBits.Nanoseconds())/float64(b.N), "bitmap-ns")
	b.ReportMetric(float64(tBits)/float64(tInter), "x-intersect")
}
