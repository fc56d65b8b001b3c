package sqlitelog_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

// TestConcurrentWritersLoseNoRows writes from many goroutines through two
// Log handles on one file (as two processes would) while readers page
// through the log, and checks that every row arrived exactly once.
func TestConcurrentWritersLoseNoRows(t *testing.T) {
	const (
		handles    = 2
		goroutines = 8 // per handle
		perWriter  = 15
	)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "q.db")
	logs := make([]*sqlitelog.Log, handles)
	for i := range logs {
		l, err := sqlitelog.Open(path, sqlitelog.Options{})
		require.NoError(t, err)
		defer l.Close()
		logs[i] = l
	}

	var wg sync.WaitGroup
	errs := make(chan error, handles*goroutines*perWriter+handles)
	ids := make(chan int64, handles*goroutines*perWriter)
	for h, l := range logs {
		for g := range goroutines {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range perWriter {
					r := fullRecord()
					r.Question = fmt.Sprintf("h%d g%d i%d", h, g, i)
					id, err := l.Record(ctx, r)
					if err != nil {
						errs <- err
						return
					}
					ids <- id
					if i%5 == 0 {
						if err := l.Feedback(ctx, "", id, i%2 == 0, "concurrent"); err != nil {
							errs <- err
							return
						}
					}
				}
			}()
		}
		wg.Add(1)
		go func() { // a reader on each handle
			defer wg.Done()
			for range 10 {
				if _, err := l.Recent(ctx, sqlitelog.RecentQuery{Limit: 50}); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	close(ids)
	for err := range errs {
		require.NoError(t, err)
	}

	const total = handles * goroutines * perWriter
	seen := map[int64]bool{}
	for id := range ids {
		require.False(t, seen[id], "id %d returned twice", id)
		seen[id] = true
	}
	require.Len(t, seen, total)

	questions := map[string]bool{}
	var before int64
	for {
		page, err := logs[0].Recent(ctx, sqlitelog.RecentQuery{Limit: 100, Before: before})
		require.NoError(t, err)
		if len(page) == 0 {
			break
		}
		for _, e := range page {
			require.True(t, seen[e.ID])
			questions[e.Question] = true
		}
		before = page[len(page)-1].ID
	}
	require.Len(t, questions, total)
	require.Equal(t, handles*goroutines*(perWriter/5), countRows(t, path, "feedback"))
}
