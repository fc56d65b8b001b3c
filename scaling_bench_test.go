package hybridrag_test

import (
	"context"
	"math"
	"runtime"
	"runtime/metrics"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hybridrag/hybridrag"
)

// BenchmarkRetrieveScaling and BenchmarkAskScaling measure issue 16 item
// 6's ratio (throughput at 2 goroutines over 1) with less noise than
// separate -cpu 1 and -cpu 2 runs: one pipeline, warmed once, serves
// short blocks that alternate between GOMAXPROCS 1 with one goroutine and
// GOMAXPROCS 2 with two, so that load from other processes, which comes
// and goes over seconds, falls on both settings alike. b.N counts
// operations; they are run in pairs of blocks of scalingBlock each.
//
//	go test -run '^$' -bench 'Scaling$' -benchtime 4000x .
//
// Metrics, medians over the pairs: "ratio" is the per-operation wall time
// at 1 goroutine over that at 2 (the throughput ratio, ideally 2);
// "cpu-growth" is the CPU time per operation at 2 over that at 1 (1 when
// the second goroutine costs no extra work); "gc/kop" is garbage
// collections per thousand operations; "stw-us/op" is the stop-the-world
// pause time per operation at 2 goroutines, which each collection costs
// both Ps (at GOMAXPROCS 2 a pause lasts until the other thread reaches a
// safe point, longer when the OS has descheduled it).
func BenchmarkRetrieveScaling(b *testing.B) {
	p := parallelPipeline(b)
	ctx := context.Background()
	measureScaling(b, func(i int) error {
		_, err := p.Retrieve(ctx, hybridrag.Request{Question: parallelQuestions[i%len(parallelQuestions)]})
		return err
	})
}

func BenchmarkAskScaling(b *testing.B) {
	p := parallelPipeline(b)
	ctx := context.Background()
	measureScaling(b, func(i int) error {
		_, err := p.Ask(ctx, hybridrag.Request{Question: parallelQuestions[i%len(parallelQuestions)]})
		return err
	})
}

const scalingBlock = 50

func measureScaling(b *testing.B, op func(i int) error) {
	if runtime.NumCPU() < 2 {
		b.Skip("needs 2 CPUs")
	}
	if _, ok := processCPU(); !ok {
		b.Skip("no process CPU time on this platform")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var failed atomic.Bool
	samples := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}, {Name: "/sched/pauses/total/gc:seconds"}}
	var cycles uint64
	var pauses float64 // seconds at 2 goroutines
	// block runs n operations on g goroutines at GOMAXPROCS g and returns
	// the wall and CPU time per operation.
	block := func(g, n int) (wall, cpu float64) {
		runtime.GOMAXPROCS(g)
		metrics.Read(samples)
		cycles0, pauses0 := samples[0].Value.Uint64(), histogramSum(samples[1].Value.Float64Histogram())
		var next atomic.Int64
		var wg sync.WaitGroup
		cpu0, _ := processCPU()
		start := time.Now()
		for range g {
			wg.Go(func() {
				for i := int(next.Add(1)); i <= n; i = int(next.Add(1)) {
					if err := op(i); err != nil && !failed.Swap(true) {
						b.Error(err)
					}
				}
			})
		}
		wg.Wait()
		elapsed := time.Since(start)
		cpu1, _ := processCPU()
		metrics.Read(samples)
		cycles += samples[0].Value.Uint64() - cycles0
		if g == 2 {
			pauses += histogramSum(samples[1].Value.Float64Histogram()) - pauses0
		}
		return float64(elapsed) / float64(n), float64(cpu1-cpu0) / float64(n)
	}
	block(2, 2*scalingBlock) // warm the pipeline's caches and the heap
	cycles, pauses = 0, 0
	pairs := max(1, b.N/(2*scalingBlock))
	ratios := make([]float64, 0, pairs)
	growth := make([]float64, 0, pairs)
	b.ResetTimer()
	for range pairs {
		w1, c1 := block(1, scalingBlock)
		w2, c2 := block(2, scalingBlock)
		ratios = append(ratios, w1/w2)
		growth = append(growth, c2/c1)
	}
	b.StopTimer()
	b.ReportMetric(median(ratios), "ratio")
	b.ReportMetric(median(growth), "cpu-growth")
	b.ReportMetric(1000*float64(cycles)/float64(2*pairs*scalingBlock), "gc/kop")
	b.ReportMetric(1e6*pauses/float64(pairs*scalingBlock), "stw-us/op")
}

// histogramSum estimates the sum of a runtime/metrics histogram's values
// from its bucket midpoints (the finite bound for the open-ended ones).
func histogramSum(h *metrics.Float64Histogram) float64 {
	sum := 0.0
	for i, n := range h.Counts {
		lo, hi := h.Buckets[i], h.Buckets[i+1]
		switch {
		case math.IsInf(lo, -1):
			lo = hi
		case math.IsInf(hi, 1):
			hi = lo
		}
		sum += float64(n) * (lo + hi) / 2
	}
	return sum
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if n := len(s); n%2 == 1 {
		return s[n/2]
	} else {
		return (s[n/2-1] + s[n/2]) / 2
	}
}
