package tokens

import (
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// benchText is about 1 MB of this module's own prose and code.
func benchText(b *testing.B) string {
	b.Helper()
	var sb strings.Builder
	for _, f := range []string{"../../README.md", "../../BENCHMARKS.md", "../../pipeline.go", "../../ask.go", "tokens.go"} {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		sb.Write(data)
	}
	one := sb.String()
	return strings.Repeat(one, 1<<20/len(one)+1)[:1<<20]
}

// BenchmarkCount compares Count with tiktoken-go's EncodeOrdinary (the
// baseline, built once outside the timer) on the same megabyte.
func BenchmarkCount(b *testing.B) {
	text := benchText(b)
	b.Run("ours", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			if _, err := Count(text); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("tiktoken-go", func(b *testing.B) {
		ref := oracle(b)
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			ref.EncodeOrdinary(text)
		}
	})
}

// BenchmarkCountParallel counts 4 kB pieces from every P: with no shared
// lock, throughput grows with GOMAXPROCS (run with -cpu 1,2).
func BenchmarkCountParallel(b *testing.B) {
	text := benchText(b)[:4096]
	b.Run("ours", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := Count(text); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("tiktoken-go", func(b *testing.B) {
		ref := oracle(b)
		b.SetBytes(int64(len(text)))
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				ref.EncodeOrdinary(text)
			}
		})
	})
}

// BenchmarkFirstCount is the cost a fresh process pays for its first
// count: the table decoded from the binary (ours) against tiktoken-go's
// encoder built from the same ranks.
func BenchmarkFirstCount(b *testing.B) {
	b.Run("ours", func(b *testing.B) {
		for b.Loop() {
			tableOnce, table, tableErr = sync.Once{}, nil, nil
			if _, err := Count("hello world"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("tiktoken-go", func(b *testing.B) {
		for b.Loop() {
			oracleOnce, oracleEnc, oracleErr = sync.Once{}, nil, nil
			oracle(b).EncodeOrdinary("hello world")
		}
		runtime.GC()
	})
}
