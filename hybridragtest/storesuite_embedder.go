package hybridragtest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// storeEmbedder checks store.EmbedderRecorder, for stores that offer it:
// nothing recorded at first, then the last saved id, exactly.
func storeEmbedder(t *testing.T, newStore func(t *testing.T) store.Store) {
	ctx := context.Background()
	s := newStore(t)
	er, ok := s.(store.EmbedderRecorder)
	if !ok {
		t.Skipf("%T does not implement store.EmbedderRecorder", s)
	}
	_, found, err := er.LoadEmbedder(ctx)
	require.NoError(t, err)
	require.False(t, found, "a new store has no embedder recorded")
	for _, id := range []store.EmbedderID{
		{Name: "hash (offline, 384 dimensions)", Dimension: 384, ConfigHash: "abc"},
		{Name: "openai text-embedding-3-small", Dimension: 1536},
	} {
		require.NoError(t, er.SaveEmbedder(ctx, id))
		got, found, err := er.LoadEmbedder(ctx)
		require.NoError(t, err)
		require.True(t, found)
		require.Equal(t, id, got)
	}
}
