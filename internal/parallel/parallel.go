package parallel

import (
	"context"
	"sync"
)

// ForEach calls fn for every i in [0, n) on at most workers goroutines
// (at least one). The first error fn returns cancels the context the
// others run with and stops the feeding of new items; ForEach then returns
// it (or the parent context's cause if that ended first). progress, if
// not nil, is called after each item that succeeded with the count so far,
// one call at a time.
func ForEach(ctx context.Context, n, workers int, fn func(ctx context.Context, i int) error, progress func(done int)) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var (
		mu   sync.Mutex
		done int
		next = make(chan int)
		wg   sync.WaitGroup
	)
	for range max(1, min(workers, n)) {
		wg.Go(func() {
			for i := range next {
				if err := fn(ctx, i); err != nil {
					cancel(err)
					continue
				}
				if progress != nil {
					mu.Lock()
					done++
					progress(done)
					mu.Unlock()
				}
			}
		})
	}
feed:
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return nil
}
