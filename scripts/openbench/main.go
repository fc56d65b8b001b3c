//go:build unix

// Command openbench generates a synthetic embedded store of N chunks and
// measures how long opening it takes and how much memory the process needs
// (BENCHMARKS.md, "Opening at 1M chunks"). The corpus is the store/embedded
// benchmarks' (internal/benchcorpus, seed 42 as their 100k store): 160
// Zipf-distributed words per chunk unless -words says otherwise, four
// chunks per document, three tenants, 384-dimensional random vectors,
// batches of 2,000 chunks. The same flags always give the same store.
//
//	go run ./scripts/openbench -gen 1000000 -words 40 -dir /tmp/open-1m
//	go build -o /tmp/openbench ./scripts/openbench
//	/usr/bin/time -v /tmp/openbench -open /tmp/open-1m
//
// -open prints one line: open seconds (wall and CPU), chunks, vector bytes, peak RSS
// (VmHWM) and its ratio to the vector bytes. Run each open in a fresh
// process: peak RSS is the process's.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/hybridrag/hybridrag/internal/benchcorpus"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
)

const (
	batch     = 2000
	querySeed = 7
)

func main() {
	gen := flag.Int("gen", 0, "generate a store of this many chunks into -dir (which must not exist)")
	dir := flag.String("dir", "", "store directory")
	open := flag.String("open", "", "open this store and report time and peak RSS")
	flag.IntVar(&words, "words", benchcorpus.Words, "words per chunk (-gen)")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of -open's Open to this file")
	flag.Parse()
	var err error
	switch {
	case *gen > 0 && *dir != "":
		err = generate(*dir, *gen)
	case *open != "":
		err = measureOpen(*open, *cpuProfile)
	default:
		fmt.Fprintln(os.Stderr, "usage: openbench -gen N -dir DIR | -open DIR")
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "openbench:", err)
		os.Exit(1)
	}
}

var words int

func generate(dir string, n int) error {
	if _, err := os.Stat(dir); err == nil {
		return fmt.Errorf("%s exists", dir)
	}
	s, err := embedded.Open(dir, embedded.Options{Create: true})
	if err != nil {
		return err
	}
	g := benchcorpus.New(42, words, benchcorpus.Dim)
	start := time.Now()
	texts, vecs := make([]string, batch), make([][]float32, batch)
	for lo := 0; lo < n; lo += batch {
		hi := min(lo+batch, n)
		for i := range hi - lo {
			texts[i], vecs[i] = g.Chunk()
		}
		if err := s.Put(context.Background(), benchcorpus.Entries(texts[:hi-lo], vecs[:hi-lo], lo)...); err != nil {
			s.Close()
			return err
		}
		if hi%100_000 == 0 || hi == n {
			fmt.Fprintf(os.Stderr, "%d chunks, %s\n", hi, time.Since(start).Round(time.Second))
		}
	}
	return s.Close()
}

func measureOpen(dir, cpuProfile string) error {
	if cpuProfile != "" {
		f, err := os.Create(cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
	}
	start, cpu0 := time.Now(), processCPU()
	s, err := embedded.Open(dir, embedded.Options{})
	if err != nil {
		return err
	}
	elapsed, cpu := time.Since(start), processCPU()-cpu0
	pprof.StopCPUProfile()
	st, err := s.Stats(context.Background(), store.Filter{})
	if err != nil {
		return err
	}
	// One query of each kind proves the store is usable as opened.
	q := make([]float32, st.Dimension)
	r := rand.New(rand.NewPCG(querySeed, 1))
	for i := range q {
		q[i] = float32(r.NormFloat64())
	}
	if _, err := s.SearchVector(context.Background(), q, 10, store.Filter{}); err != nil {
		return err
	}
	if _, err := s.SearchKeyword(context.Background(), benchcorpus.Word(3)+" "+benchcorpus.Word(40), 10, store.Filter{}); err != nil {
		return err
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	hwm, rss := procStatus("VmHWM"), procStatus("VmRSS")
	vecBytes := int64(st.Chunks) * int64(st.Dimension) * 4
	fmt.Printf("open %.2fs cpu %.2fs chunks %d vector_bytes %d peak_rss %d (%.2fx vectors) rss %d go_heap_sys %d go_heap_inuse %d recovery %+v\n",
		elapsed.Seconds(), cpu.Seconds(), st.Chunks, vecBytes, hwm, float64(hwm)/float64(vecBytes), rss, ms.HeapSys, ms.HeapInuse, s.Recovery())
	return s.Close()
}

// processCPU is the CPU time (user + system) the process has used: on a
// shared machine, Open's cost; wall time is its share of the CPUs.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// procStatus returns a /proc/self/status field in bytes (0 off Linux).
func procStatus(field string) int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok || name != field {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		if err != nil {
			return 0
		}
		return kb << 10
	}
	return 0
}
