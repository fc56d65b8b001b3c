package hybridrag_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/loader"
)

// parallelPipeline indexes the quickstart manual and 300 generated
// maintenance documents, so that retrieval, context building and
// validation all have real work.
func parallelPipeline(b *testing.B) *hybridrag.Pipeline {
	b.Helper()
	p, err := hybridrag.New(hybridrag.Config{Store: openStore(b, b.TempDir())})
	require.NoError(b, err)
	b.Cleanup(func() { p.Close() })
	var docs []store.Document
	require.NoError(b, loader.LoadDir("examples/quickstart/docs", func(d store.Document) error {
		docs = append(docs, d)
		return nil
	}))
	rng := rand.New(rand.NewPCG(7, 7))
	parts := []string{"pump", "valve", "filter", "seal", "bearing", "motor", "fan", "sensor", "drain", "heater"}
	verbs := []string{"Replace", "Inspect", "Clean", "Lubricate", "Test", "Tighten", "Calibrate"}
	for i := range 300 {
		var sb strings.Builder
		part := parts[i%len(parts)]
		fmt.Fprintf(&sb, "# Unit %d %s guide\n\n", i, part)
		for s := range 3 {
			fmt.Fprintf(&sb, "## %s section %d\n\n", part, s)
			for range 6 {
				fmt.Fprintf(&sb, "%s the %s of unit %d every %d hours and record the %s reading at %d bar. ",
					verbs[rng.IntN(len(verbs))], parts[rng.IntN(len(parts))], i, 100*(1+rng.IntN(40)), parts[rng.IntN(len(parts))], 1+rng.IntN(12))
			}
			sb.WriteString("\n\n")
		}
		docs = append(docs, store.Document{ID: fmt.Sprintf("unit-%03d.md", i), Text: sb.String()})
	}
	_, err = p.Index(context.Background(), docs...)
	require.NoError(b, err)
	return p
}

var parallelQuestions = []string{
	"How often should the G4 filters be replaced?",
	"What does error code E4 mean and how do I fix it?",
	"How often should the bearing of unit 12 be lubricated?",
	"At what pressure is the valve reading recorded for unit 40?",
	"How do I connect the ventilator to my Wi-Fi network?",
}

// BenchmarkAskParallel and BenchmarkRetrieveParallel measure throughput
// with one goroutine per P; compare -cpu 1 with -cpu 2 (issue 16: ≥ 1.8×
// on 2 cores):
//
//	go test -run '^$' -bench 'Parallel$' -benchtime 400x -cpu 1,2 .
//
// They also report the process's CPU time per operation (cpu-ms/op), which
// a machine shared with other work does not distort as it does wall time:
// if it grows from -cpu 1 to -cpu 2, the second P costs extra work.
func BenchmarkAskParallel(b *testing.B) {
	p := parallelPipeline(b)
	ctx := context.Background()
	defer reportCPU(b)()
	b.RunParallel(func(pb *testing.PB) {
		for i := 0; pb.Next(); i++ {
			if _, err := p.Ask(ctx, hybridrag.Request{Question: parallelQuestions[i%len(parallelQuestions)]}); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

func BenchmarkRetrieveParallel(b *testing.B) {
	p := parallelPipeline(b)
	ctx := context.Background()
	defer reportCPU(b)()
	b.RunParallel(func(pb *testing.PB) {
		for i := 0; pb.Next(); i++ {
			if _, err := p.Retrieve(ctx, hybridrag.Request{Question: parallelQuestions[i%len(parallelQuestions)]}); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// reportCPU resets the timer and returns a function that reports the
// process CPU time per operation since then.
func reportCPU(b *testing.B) func() {
	b.ResetTimer()
	start, ok := processCPU()
	return func() {
		b.StopTimer()
		if end, ok2 := processCPU(); ok && ok2 && b.N > 0 {
			b.ReportMetric(float64(end-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		}
	}
}
