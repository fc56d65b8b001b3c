package embedded

import "sync"

// Per-term score bounds tighter than idf·(k1+1), learned for free: a
// term's contribution grows with its frequency and shrinks with the
// document's length, so the largest tf and the largest norm (shortest
// document) among a term's postings in one segment bound every
// contribution of that term there: bm25Part(idf, maxTF, maxNorm, avgdl),
// whatever idf and avgdl the query scores with. Segments are immutable
// and their ids never reused (deletions only lower the true maximum), so
// the pair stays valid for as long as the segment lives. It is recorded
// whenever the pruned search walks a term's whole postings list in a
// segment with Next (an essential term, unfiltered); a term never walked
// keeps the general bound.

// boundKey identifies one term's postings in one segment.
type boundKey struct {
	seg  uint64
	term string
}

// termBound is the largest tf and norm of one term's postings in a segment.
type termBound struct {
	maxTF   uint64
	maxNorm float64
}

// maxBounds caps the cache; when full it is cleared (entries are cheap to
// learn again, and segments merge away over time).
const maxBounds = 1 << 16

// boundCache is safe for concurrent use.
type boundCache struct {
	mu sync.Mutex
	m  map[boundKey]termBound
}

func (c *boundCache) get(seg uint64, term []byte) (termBound, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.m[boundKey{seg, string(term)}]
	return b, ok
}

func (c *boundCache) put(seg uint64, term []byte, b termBound) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxBounds {
		c.m = make(map[boundKey]termBound)
	}
	c.m[boundKey{seg, string(term)}] = b
}

// reset forgets every bound (benchmarks of the cold case).
func (c *boundCache) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m = nil
}
