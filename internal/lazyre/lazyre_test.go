package lazyre

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCompilesOnceOnFirstUse(t *testing.T) {
	r := New(`b+`)
	require.Nil(t, r.re)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			require.True(t, r.MatchString("abbc"))
		}()
	}
	wg.Wait()
	require.Same(t, r.Get(), r.Get())
	require.Contains(t, All(), r)
	require.Equal(t, `b+`, r.String())
}
