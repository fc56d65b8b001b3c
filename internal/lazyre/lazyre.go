// Package lazyre holds regular expressions compiled on first use. The
// validator's decline patterns and the sanitiser's patterns are large
// alternations: compiling them all when their packages loaded cost every
// process (even `hybridrag -h` or an index run that never validates) tens
// of milliseconds and megabytes, while a typical call reaches only a few.
//
// A pattern is a program constant, so New records it and All returns every
// one: each package's tests compile them all, and a bad pattern fails the
// tests rather than a call. A Regexp is safe for concurrent use.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled on first use.
type Regexp struct {
	src  string
	once sync.Once
	re   *regexp.Regexp
}

var (
	mu  sync.Mutex
	all []*Regexp
)

// New returns a Regexp for src, which must be a valid pattern (see the
// package comment).
func New(src string) *Regexp {
	r := &Regexp{src: src}
	mu.Lock()
	all = append(all, r)
	mu.Unlock()
	return r
}

// All returns every Regexp made by New so far.
func All() []*Regexp {
	mu.Lock()
	defer mu.Unlock()
	return append([]*Regexp(nil), all...)
}

// String returns the pattern.
func (r *Regexp) String() string { return r.src }

// Get returns the compiled expression, compiling it on the first call.
func (r *Regexp) Get() *regexp.Regexp {
	r.once.Do(func() { r.re = regexp.MustCompile(r.src) })
	return r.re
}

// MatchString reports whether s contains a match.
func (r *Regexp) MatchString(s string) bool { return r.Get().MatchString(s) }
