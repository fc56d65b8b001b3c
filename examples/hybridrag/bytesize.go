package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/store/loader"
)

// byteSize is a flag value in bytes written as a number with an optional
// unit: B, KB/MB/GB/TB (powers of 1000) or KiB/MiB/GiB/TiB (powers of
// 1024), case-insensitive; "0" means no limit.
type byteSize int64

var sizeUnits = []struct {
	suffix string
	mult   float64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40},
	{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12},
	{"k", 1 << 10}, {"m", 1 << 20}, {"g", 1 << 30}, {"t", 1 << 40},
	{"b", 1},
}

var errBadSize = errors.New("want a size such as 256MB, 1GiB or 0 for no limit")

func (s *byteSize) Set(v string) error {
	t := strings.ToLower(strings.TrimSpace(v))
	mult := 1.0
	for _, u := range sizeUnits {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(n) || math.IsInf(n, 0) || n < 0 || n*mult >= math.MaxInt64 {
		return errBadSize
	}
	*s = byteSize(n * mult)
	return nil
}

func (s *byteSize) String() string {
	if s == nil {
		return "0"
	}
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if *s != 0 && int64(*s)%u.mult == 0 {
			return fmt.Sprintf("%d%s", int64(*s)/u.mult, u.suffix)
		}
	}
	return strconv.FormatInt(int64(*s), 10)
}

// defaultMaxFileSize is --max-file-size's default, the loader's.
const defaultMaxFileSize = byteSize(loader.DefaultMaxFileSize)
