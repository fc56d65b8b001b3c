package embedded

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/viterin/vek/vek32"

	"github.com/hybridrag/hybridrag/internal/topk"
	"github.com/hybridrag/hybridrag/internal/vecscan"
	"github.com/hybridrag/hybridrag/store"
)

// BenchmarkQuantTopK times a top-10 vector query over the 100k×384 bench
// store with int8 codes against the float32 memory-bandwidth floor
// (vek32.Sum over the float32 slab), both per iteration, as
// BenchmarkVectorTopK does; "exact" is the float32 scan in the same run.
// The codes are built once for the store's state (encode-ms, the cost
// Open adds) and removed afterwards; recall@10 is over 200 random queries
// against the exact scan.
//
//	go test -run '^$' -bench BenchmarkQuantTopK -benchtime 200x -count 3 ./store/embedded/
func BenchmarkQuantTopK(b *testing.B) {
	s, _ := bigBench(b)
	st := s.st
	ctx := context.Background()
	t0 := time.Now()
	qi := &quantIndex{}
	st.quant = qi
	qi.sync(st)
	encode := time.Since(t0)
	defer func() { st.quant = nil }()
	codeBytes := len(qi.codes) + 4*len(qi.scales)

	r := rand.New(rand.NewPCG(21, 22))
	queries := make([][]float32, 200)
	for i := range queries {
		q := make([]float32, st.dim)
		for j := range q {
			q[j] = float32(r.NormFloat64())
		}
		queries[i] = normalized(q)
	}
	recall := quantRecall(ctx, st, queries)

	run := func(b *testing.B, query func(q []float32)) {
		var floor, took time.Duration
		var sink float32
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			q := queries[i%len(queries)]
			i++
			t0 := time.Now()
			sink += vek32.Sum(st.slab)
			t1 := time.Now()
			query(q)
			took += time.Since(t1)
			floor += t1.Sub(t0)
		}
		_ = sink
		b.ReportMetric(float64(floor.Nanoseconds())/float64(b.N), "floor-ns")
		b.ReportMetric(float64(took.Nanoseconds())/float64(b.N), "topk-ns")
		b.ReportMetric(float64(took)/float64(floor), "x-floor")
		b.ReportMetric(float64(encode.Milliseconds()), "encode-ms")
		b.ReportMetric(recall, "recall@10")
		b.ReportMetric(float64(codeBytes)/float64(4*len(st.slab)), "codes/slab-bytes")
	}
	var top topk.Heap
	var scores []float32
	b.Run("scan=exact-matmul", func(b *testing.B) {
		run(b, func(q []float32) {
			top.Reset(benchK)
			_ = vecscan.MatMul(ctx, st.slab, st.dim, q, &top, &scores)
			top.Sorted()
		})
	})
	b.Run("scan=int8+rescore", func(b *testing.B) {
		run(b, func(q []float32) {
			top.Reset(benchK)
			_ = searchQuant(ctx, st, q, &rowFilter{}, benchK, &top)
			top.Sorted()
		})
	})
	b.Run("scan=exact/filtered-tenant", func(b *testing.B) {
		rf := st.compileFilter(&store.Filter{TenantID: "t1"})
		run(b, func(q []float32) {
			top.Reset(benchK)
			_ = scanFiltered(ctx, st, q, &rf, &top)
			top.Sorted()
		})
	})
	b.Run("scan=int8+rescore/filtered-tenant", func(b *testing.B) {
		rf := st.compileFilter(&store.Filter{TenantID: "t1"})
		run(b, func(q []float32) {
			top.Reset(benchK)
			_ = searchQuant(ctx, st, q, &rf, benchK, &top)
			top.Sorted()
		})
	})
	b.Run("SearchVector/exact", func(b *testing.B) {
		st.quant = nil
		defer func() { st.quant = qi }()
		run(b, func(q []float32) {
			if _, err := s.SearchVector(ctx, q, benchK, store.Filter{}); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("SearchVector/int8", func(b *testing.B) {
		run(b, func(q []float32) {
			if _, err := s.SearchVector(ctx, q, benchK, store.Filter{}); err != nil {
				b.Fatal(err)
			}
		})
	})
}

// quantRecall is the mean recall@10 of searchQuant against the exact scan.
func quantRecall(ctx context.Context, st *state, queries [][]float32) float64 {
	var exact, quant topk.Heap
	var scores []float32
	found := 0
	for _, q := range queries {
		exact.Reset(benchK)
		quant.Reset(benchK)
		_ = vecscan.MatMul(ctx, st.slab, st.dim, q, &exact, &scores)
		_ = searchQuant(ctx, st, q, &rowFilter{}, benchK, &quant)
		got := map[uint64]bool{}
		for _, c := range quant.Sorted() {
			got[c.ID] = true
		}
		for _, c := range exact.Sorted() {
			if got[c.ID] {
				found++
			}
		}
	}
	return float64(found) / float64(len(queries)*benchK)
}

// BenchmarkQuantAppend applies one encoded batch of 10k chunks × 384
// dimensions to an empty state, then derives the batch's int8 codes, in
// each iteration: encode/apply is what quantization adds to Open's replay
// (and to applying a Put), the codes being derived from the vectors, not
// read.
//
//	go test -run '^$' -bench BenchmarkQuantAppend -benchtime 20x -count 3 ./store/embedded/
func BenchmarkQuantAppend(b *testing.B) {
	c := newBenchCorpus(benchIndexOps, 5)
	entries := c.entries(0, benchIndexOps)
	rec := newRecord(benchIndexOps * (benchDim*4 + 256))
	rec = appendHeader(rec, batchHeader{version: 1, nextSerial: benchIndexOps + 1, nOps: benchIndexOps, dim: benchDim})
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
	var apply, encode time.Duration
	for b.Loop() {
		st := newState()
		t0 := time.Now()
		if err := st.applyBatch(payload, logHeaderSize+frameSize); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		st.quant = &quantIndex{}
		st.quant.sync(st)
		encode += time.Since(t1)
		apply += t1.Sub(t0)
	}
	b.ReportMetric(float64(benchIndexOps)*float64(b.N)/apply.Seconds(), "exact-vectors/s")
	b.ReportMetric(float64(encode)/float64(b.N)/benchIndexOps, "encode-ns/vector")
	b.ReportMetric(float64(encode)/float64(apply), "encode/apply")
}
