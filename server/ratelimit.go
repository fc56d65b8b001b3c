package server

import (
	"math"
	"sync"
	"time"
)

// limiter is a token bucket per principal: each holds up to burst tokens
// and gains rate tokens a second; a request takes one. It is safe for
// concurrent use.
type limiter struct {
	rate  float64
	burst float64
	now   func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// maxIdleBuckets bounds the map when an Authenticator yields unbounded
// principal ids: past it, full (idle) buckets are dropped, which changes
// nothing for their owners.
const maxIdleBuckets = 10000

func newLimiter(rate float64, burst int) *limiter {
	return &limiter{rate: rate, burst: float64(burst), now: time.Now, buckets: map[string]*bucket{}}
}

// allow takes a token for id; when none is left it reports how long until
// one is.
func (l *limiter) allow(id string) (ok bool, retryAfter time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.buckets[id]
	if b == nil {
		if len(l.buckets) >= maxIdleBuckets {
			l.prune(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[id] = b
	}
	b.tokens = math.Min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
}

func (l *limiter) prune(now time.Time) {
	for id, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*l.rate >= l.burst {
			delete(l.buckets, id)
		}
	}
}
