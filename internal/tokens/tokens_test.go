package tokens

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCountOffline(t *testing.T) {
	n, err := Count("hello world")
	require.NoError(t, err)
	require.Equal(t, 2, n)
	ids, err := Encode("The pump must be primed before start-up.")
	require.NoError(t, err)
	s, err := Decode(ids)
	require.NoError(t, err)
	require.Equal(t, "The pump must be primed before start-up.", s)
}

func TestCountConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := Count("concurrent counting of tokens")
			require.NoError(t, err)
			require.Positive(t, n)
		}()
	}
	wg.Wait()
}
