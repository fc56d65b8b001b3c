//go:build linux

// Command pagecost measures what the embedded store's slab pays the kernel
// for its pages (store/embedded/slab_mmap.go, BENCHMARKS.md "Issue 16 item
// 1: cold append"): copying a batch of vectors into a fresh anonymous
// mapping with and without MADV_POPULATE_WRITE first, into pages already
// resident, and into pages given back with MADV_FREE. It prints the median
// of -reps runs of each, in milliseconds.
//
//	go run ./scripts/pagecost -mb 15.36 -reps 30
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"time"

	"golang.org/x/sys/unix"
)

func main() {
	mb := flag.Float64("mb", 15.36, "bytes copied, in MB (15.36: 10,000 vectors × 384 float32)")
	reps := flag.Int("reps", 30, "runs of each case")
	flag.Parse()
	size := int(*mb * 1e6)
	src := make([]byte, size)
	for i := range src {
		src[i] = byte(i)
	}
	mapping := func() []byte {
		m, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS|unix.MAP_NORESERVE)
		if err != nil {
			fmt.Fprintln(os.Stderr, "pagecost:", err)
			os.Exit(1)
		}
		return m
	}
	cases := []struct {
		name string
		run  func() time.Duration // one run's timed part
	}{
		{"fresh mapping, copy (a fault per page)", func() time.Duration {
			m := mapping()
			defer unix.Munmap(m)
			t := time.Now()
			copy(m, src)
			return time.Since(t)
		}},
		{"fresh mapping, MADV_POPULATE_WRITE + copy", func() time.Duration {
			m := mapping()
			defer unix.Munmap(m)
			t := time.Now()
			_ = unix.Madvise(m, unix.MADV_POPULATE_WRITE)
			copy(m, src)
			return time.Since(t)
		}},
		{"resident pages, copy", func() time.Duration {
			m := mapping()
			defer unix.Munmap(m)
			copy(m, src)
			t := time.Now()
			copy(m, src)
			return time.Since(t)
		}},
		{"resident pages, MADV_POPULATE_WRITE + copy", func() time.Duration {
			m := mapping()
			defer unix.Munmap(m)
			copy(m, src)
			t := time.Now()
			_ = unix.Madvise(m, unix.MADV_POPULATE_WRITE)
			copy(m, src)
			return time.Since(t)
		}},
		{"MADV_FREE of resident pages", func() time.Duration {
			m := mapping()
			defer unix.Munmap(m)
			copy(m, src)
			t := time.Now()
			_ = unix.Madvise(m, unix.MADV_FREE)
			return time.Since(t)
		}},
		{"pages given back with MADV_FREE, copy", func() time.Duration {
			m := mapping()
			defer unix.Munmap(m)
			copy(m, src)
			_ = unix.Madvise(m, unix.MADV_FREE)
			t := time.Now()
			copy(m, src)
			return time.Since(t)
		}},
	}
	for _, c := range cases {
		d := make([]time.Duration, *reps)
		for i := range d {
			d[i] = c.run()
		}
		slices.Sort(d)
		fmt.Printf("%-45s %7.2f ms (min %.2f, max %.2f)\n", c.name, ms(d[len(d)/2]), ms(d[0]), ms(d[len(d)-1]))
	}
}

func ms(d time.Duration) float64 { return float64(d) / 1e6 }
