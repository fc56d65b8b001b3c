package embedded

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/stretchr/testify/require"
	"github.com/viterin/vek/vek32"

	"github.com/hybridrag/hybridrag/internal/benchcorpus"
	"github.com/hybridrag/hybridrag/internal/topk"
	"github.com/hybridrag/hybridrag/internal/vecscan"
	"github.com/hybridrag/hybridrag/store"
)

// Benchmark corpus: deterministic synthetic chunks whose words follow a
// Zipf distribution, with 384-dimensional random vectors
// (internal/benchcorpus, shared with scripts/openbench).
const (
	benchChunks   = 100_000
	benchDim      = benchcorpus.Dim
	benchWords    = benchcorpus.Words // words per chunk
	benchVocab    = benchcorpus.Vocab
	benchBatch    = 2000
	benchK        = 10
	benchQueries  = 64
	benchIndexOps = 10_000 // chunks per indexing benchmark op
)

// benchWord is the i-th vocabulary word: letters only, so analysis keeps it.
func benchWord(i uint64) string { return benchcorpus.Word(i) }

type benchCorpus struct {
	texts   []string
	vecs    [][]float32
	queries []string
}

func newBenchCorpus(n int, seed uint64) *benchCorpus {
	g := benchcorpus.New(seed, benchWords, benchDim)
	c := &benchCorpus{texts: make([]string, n), vecs: make([][]float32, n)}
	for i := range n {
		c.texts[i], c.vecs[i] = g.Chunk()
	}
	for range benchQueries {
		c.queries = append(c.queries, g.Query())
	}
	return c
}

// entries returns chunks [from, to) as entries (benchcorpus.Entries).
func (c *benchCorpus) entries(from, to int) []store.Entry {
	return benchcorpus.Entries(c.texts[from:to], c.vecs[from:to], from)
}

var (
	bigOnce   sync.Once
	bigDir    string
	bigStore  *Store
	bigCorpus *benchCorpus
	bigErr    error
)

// TestMain removes the shared benchmark store, which outlives any one
// benchmark's TempDir.
func TestMain(m *testing.M) {
	code := m.Run()
	if bigStore != nil {
		bigStore.Close()
	}
	if bigDir != "" {
		os.RemoveAll(bigDir)
	}
	os.Exit(code)
}

// bigBench builds the 100k-chunk store once per process.
func bigBench(b *testing.B) (*Store, *benchCorpus) {
	b.Helper()
	bigOnce.Do(func() {
		dir, err := os.MkdirTemp("", "embedded-bench-*")
		if err != nil {
			bigErr = err
			return
		}
		bigDir = dir
		start := time.Now()
		bigCorpus = newBenchCorpus(benchChunks, 42)
		bigStore, bigErr = Open(filepath.Join(dir, "store"), Options{Create: true})
		for i := 0; bigErr == nil && i < benchChunks; i += benchBatch {
			bigErr = bigStore.Put(context.Background(), bigCorpus.entries(i, min(i+benchBatch, benchChunks))...)
		}
		fmt.Fprintf(os.Stderr, "built %d-chunk bench store in %s\n", benchChunks, time.Since(start).Round(time.Millisecond))
	})
	require.NoError(b, bigErr)
	return bigStore, bigCorpus
}

// BenchmarkVectorTopK times one top-10 vector query over 100k×384 against
// the memory-bandwidth floor: vek32.Sum over the same slab (one read of
// every float, no other work). Each iteration runs both; the reported
// ratio is topk-ns / floor-ns. allocs/op are the query's (Sum allocates
// nothing).
func BenchmarkVectorTopK(b *testing.B) {
	s, c := bigBench(b)
	st := s.st
	q := c.vecs[7]
	ctx := context.Background()
	run := func(b *testing.B, query func()) {
		var floor, topk time.Duration
		var sink float32
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			t0 := time.Now()
			sink += vek32.Sum(st.slab)
			t1 := time.Now()
			query()
			topk += time.Since(t1)
			floor += t1.Sub(t0)
		}
		_ = sink
		b.ReportMetric(float64(floor.Nanoseconds())/float64(b.N), "floor-ns")
		b.ReportMetric(float64(topk.Nanoseconds())/float64(b.N), "topk-ns")
		b.ReportMetric(float64(topk)/float64(floor), "x-floor")
	}
	scratch := func(f func(sc *vecScratch)) func() {
		return func() {
			sc := vecPool.Get().(*vecScratch)
			qn := sc.query(st.dim)
			normalizeInto(qn, q)
			sc.top.Reset(benchK)
			f(sc)
			sc.top.Sorted()
			vecPool.Put(sc)
		}
	}
	b.Run("scan=dot", func(b *testing.B) {
		run(b, scratch(func(sc *vecScratch) { _ = vecscan.Dot(ctx, st.slab, st.dim, sc.q, &sc.top) }))
	})
	b.Run("scan=matmul", func(b *testing.B) {
		run(b, scratch(func(sc *vecScratch) { _ = vecscan.MatMul(ctx, st.slab, st.dim, sc.q, &sc.top, &sc.scores) }))
	})
	b.Run("scan=filtered-tenant", func(b *testing.B) {
		rf := st.compileFilter(&store.Filter{TenantID: "t1"})
		run(b, scratch(func(sc *vecScratch) { _ = scanFiltered(ctx, st, sc.q, &rf, &sc.top) }))
	})
	b.Run("SearchVector", func(b *testing.B) {
		run(b, func() {
			if _, err := s.SearchVector(ctx, q, benchK, store.Filter{}); err != nil {
				b.Fatal(err)
			}
		})
	})
}

// rawBleveQuery is the "raw bleve" baseline of the keyword benchmarks: a
// plain match query on the text field, with the filter (if any) as a
// boolean filter clause.
func rawBleveQuery(q string, filter query.Query) query.Query {
	mq := query.NewMatchQuery(q)
	mq.SetField(fieldText)
	if filter == nil {
		return mq
	}
	boolean := query.NewBooleanQuery(nil, nil, nil)
	boolean.AddMust(mq)
	boolean.AddFilter(filter)
	return boolean
}

// BenchmarkKeywordTopK times a top-10 keyword query over the 100k-chunk
// store against a plain bleve match query (bleve's own scoring and top-k
// collector) on the same index, both per iteration; x-bleve is the ratio.
// "scoring" is the exact BM25 scan and top-k alone; "SearchKeyword" also
// loads the ten chunks from the record log.
func BenchmarkKeywordTopK(b *testing.B) {
	s, c := bigBench(b)
	ctx := context.Background()
	run := func(b *testing.B, f store.Filter, ours func(q string, f store.Filter)) {
		var raw, mine time.Duration
		filter := keywordFilter(&f)
		b.ReportAllocs()
		b.ResetTimer()
		i := 0
		for b.Loop() {
			q := c.queries[i%len(c.queries)]
			i++
			t0 := time.Now()
			if _, err := s.kw.idx.SearchInContext(ctx, bleve.NewSearchRequestOptions(rawBleveQuery(q, filter), benchK, 0, false)); err != nil {
				b.Fatal(err)
			}
			t1 := time.Now()
			ours(q, f)
			mine += time.Since(t1)
			raw += t1.Sub(t0)
		}
		b.ReportMetric(float64(raw.Nanoseconds())/float64(b.N), "bleve-ns")
		b.ReportMetric(float64(mine.Nanoseconds())/float64(b.N), "ours-ns")
		b.ReportMetric(float64(mine)/float64(raw), "x-bleve")
	}
	scoring := func(q string, f store.Filter) {
		s.mu.RLock()
		defer s.mu.RUnlock()
		r, err := s.kw.reader()
		if err != nil {
			b.Fatal(err)
		}
		defer r.Close()
		top := topPool.Get().(*topk.Heap)
		defer topPool.Put(top)
		top.Reset(benchK)
		p := bm25Params{docs: len(s.st.rows), totalTokens: s.st.totalTokens}
		if err := s.kw.searchBM25(ctx, r, s.kw.analyzeQuery(q), p, keywordFilter(&f), top); err != nil {
			b.Fatal(err)
		}
		if _, err := serialsOf(r, top.Sorted()); err != nil {
			b.Fatal(err)
		}
	}
	full := func(q string, f store.Filter) {
		if _, err := s.SearchKeyword(ctx, q, benchK, f); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("scoring", func(b *testing.B) { run(b, store.Filter{}, scoring) })
	b.Run("SearchKeyword", func(b *testing.B) { run(b, store.Filter{}, full) })
	// A tenant's query scores with the tenant's own statistics: its
	// document frequencies are counted by intersecting postings (a third
	// of the store per tenant here).
	b.Run("SearchKeyword/filter=tenant", func(b *testing.B) {
		run(b, store.Filter{TenantID: "t1"}, full)
	})
	b.Run("SearchKeyword/filter=tenant+source", func(b *testing.B) {
		run(b, store.Filter{TenantID: "t1", SourceTypes: []string{"report"}}, full)
	})
}

// benchDoc is what the raw bleve baseline indexes through the mapping.
type benchDoc struct {
	Text            string    `json:"text"`
	Tenant          string    `json:"tenant"`
	Project         string    `json:"project"`
	SourceType      string    `json:"source_type"`
	Confidentiality string    `json:"confidentiality"`
	DocumentID      string    `json:"document_id"`
	Date            time.Time `json:"date"`
}

// BenchmarkIndexing indexes benchIndexOps chunks (vectors precomputed, no
// embedding) with Put into a fresh store, and the same chunks with plain
// bleve batches (same lean mapping, same scorch settings) into a fresh
// index, per iteration; x-bleve is our throughput over bleve's.
func BenchmarkIndexing(b *testing.B) {
	c := newBenchCorpus(benchIndexOps, 9)
	entries := c.entries(0, benchIndexOps)
	ctx := context.Background()
	var raw, mine time.Duration
	for b.Loop() {
		b.StopTimer()
		tmp := b.TempDir()
		idx, err := bleve.NewUsing(filepath.Join(tmp, "bleve"), newIndexMapping(), scorch.Name, scorch.Name, scorchConfig())
		require.NoError(b, err)
		s, err := Open(filepath.Join(tmp, "store"), Options{Create: true})
		require.NoError(b, err)
		b.StartTimer()

		t0 := time.Now()
		batch := idx.NewBatch()
		n := 0
		for _, e := range entries {
			for _, ch := range e.Chunks {
				require.NoError(b, batch.Index(strconv.Itoa(n), benchDoc{
					Text: keywordText(&ch), Tenant: ch.TenantID, Project: ch.ProjectID, SourceType: ch.Metadata.SourceType,
					Confidentiality: ch.Metadata.Confidentiality, DocumentID: ch.DocumentID, Date: ch.Metadata.Date,
				}))
				n++
				if n%benchBatch == 0 {
					require.NoError(b, idx.Batch(batch))
					batch = idx.NewBatch()
				}
			}
		}
		require.NoError(b, idx.Batch(batch))
		raw += time.Since(t0)
		// Stop bleve's background persisting and merging before timing ours.
		b.StopTimer()
		require.NoError(b, idx.Close())
		b.StartTimer()

		t1 := time.Now()
		for i := 0; i < len(entries); {
			j, chunks := i, 0
			for j < len(entries) && chunks < benchBatch {
				chunks += len(entries[j].Chunks)
				j++
			}
			require.NoError(b, s.Put(ctx, entries[i:j]...))
			i = j
		}
		mine += time.Since(t1)

		b.StopTimer()
		require.NoError(b, s.Close())
		b.StartTimer()
	}
	b.ReportMetric(float64(benchIndexOps)*float64(b.N)/raw.Seconds(), "bleve-chunks/s")
	b.ReportMetric(float64(benchIndexOps)*float64(b.N)/mine.Seconds(), "ours-chunks/s")
	b.ReportMetric(raw.Seconds()/mine.Seconds(), "x-bleve-throughput")
}

// BenchmarkVectorAppend measures how fast committed vectors enter the
// in-memory index: applying an encoded batch of benchIndexOps chunk ops
// from 2,500 documents (decode, copy into the slab, row metadata, maps) to
// a state. "cold" starts from an empty state each time, so it also pays
// for allocating the rows, maps and documents and for sizing the slab,
// whose mapping is the one the previous state freed (as when a store is
// closed and another opened); "fresh" maps the slab anew each time, so it
// also pays for the kernel faulting in and zeroing every page; "warm"
// appends into a state that already has the room (the batch's documents
// are deleted, untimed, between runs), as a long-running store mostly does.
//
//	go test -c -o /tmp/ca.test ./store/embedded/ && cd store/embedded && \
//	    /tmp/ca.test -test.run '^$' -test.bench BenchmarkVectorAppend -test.benchtime 40x
func BenchmarkVectorAppend(b *testing.B) {
	c := newBenchCorpus(benchIndexOps, 5)
	entries := c.entries(0, benchIndexOps)
	rec := newRecord(benchIndexOps * (benchDim*4 + 256))
	// Laid out as Put commits a batch: a delete op per document first.
	rec = appendHeader(rec, batchHeader{version: 1, nextSerial: benchIndexOps + 1, nOps: len(entries) + benchIndexOps, dim: benchDim})
	for i := range entries {
		d := &entries[i].Document
		rec = appendDelete(rec, d.TenantID, d.ProjectID, d.ID)
	}
	serial := uint64(1)
	vecs := make([]float32, 0, benchIndexOps*benchDim)
	for i := range entries {
		for j := range entries[i].Chunks {
			vecs = append(vecs, make([]float32, benchDim)...)
			normalizeInto(vecs[len(vecs)-benchDim:], entries[i].Vectors[j])
			rec = appendChunk(rec, chunkFields{serial: serial, tokens: benchWords, chunk: &entries[i].Chunks[j]}, []byte("{}"))
			serial++
		}
	}
	rec = appendVectors(rec, vecs)
	payload := rec[frameSize:]
	measure := func(b *testing.B, st func() *state, after func(*state)) {
		b.ReportAllocs()
		var elapsed, cpu time.Duration
		for b.Loop() {
			s := st()
			t0, c0 := time.Now(), processCPU()
			if err := s.applyBatch(payload, logHeaderSize+frameSize); err != nil {
				b.Fatal(err)
			}
			elapsed += time.Since(t0)
			cpu += processCPU() - c0
			after(s)
		}
		b.ReportMetric(float64(benchIndexOps)*float64(b.N)/elapsed.Seconds(), "vectors/s")
		if cpu > 0 {
			b.ReportMetric(float64(benchIndexOps)*float64(b.N)/cpu.Seconds(), "vectors/cpu-s")
		}
	}
	b.Run("cold", func(b *testing.B) {
		// One untimed batch first, so that the first timed one also finds
		// a freed mapping and a grown Go heap, as every later one does:
		// otherwise a run of few iterations mixes in one "fresh" batch.
		s := newState()
		if err := s.applyBatch(payload, logHeaderSize+frameSize); err != nil {
			b.Fatal(err)
		}
		s.freeSlab()
		measure(b, newState, func(s *state) { s.freeSlab() })
	})
	// "fresh" is cold without the freed slab's mapping to reuse (see
	// spare in slab_mmap.go): every page of the slab is faulted in new,
	// as in a process's first store.
	b.Run("fresh", func(b *testing.B) {
		measure(b, func() *state { dropSpare(); return newState() }, func(s *state) { s.freeSlab() })
	})
	b.Run("warm", func(b *testing.B) {
		warm := newState()
		clear := func(s *state) {
			for _, e := range entries {
				d := &e.Document
				s.removeDoc(docKey{d.TenantID, d.ProjectID, d.ID})
			}
		}
		if err := warm.applyBatch(payload, logHeaderSize+frameSize); err != nil {
			b.Fatal(err)
		}
		clear(warm)
		measure(b, func() *state { return warm }, clear)
	})
}
