package parallel

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestForEachRunsEveryItem(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 100} {
		seen := make([]atomic.Int32, 50)
		var last int
		err := ForEach(context.Background(), len(seen), workers, func(_ context.Context, i int) error {
			seen[i].Add(1)
			return nil
		}, func(done int) { last = done })
		require.NoError(t, err)
		for i := range seen {
			require.EqualValues(t, 1, seen[i].Load(), "item %d, %d workers", i, workers)
		}
		require.Equal(t, len(seen), last)
	}
	require.NoError(t, ForEach(context.Background(), 0, 4, func(context.Context, int) error { panic("no items") }, nil))
}

func TestForEachStopsAtFirstError(t *testing.T) {
	boom := errors.New("boom")
	var ran atomic.Int32
	err := ForEach(context.Background(), 1000, 2, func(ctx context.Context, i int) error {
		ran.Add(1)
		switch {
		case i == 3:
			return boom
		case i > 3:
			<-ctx.Done() // later items wait for the failure
		}
		return nil
	}, nil)
	require.ErrorIs(t, err, boom)
	require.Less(t, ran.Load(), int32(1000), "feeding stops after the failure")
}

func TestForEachParentCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := ForEach(ctx, 10, 2, func(context.Context, int) error { return nil }, nil)
	require.ErrorIs(t, err, context.Canceled)
}
