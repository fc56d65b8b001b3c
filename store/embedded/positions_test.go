package embedded

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

func TestChunksAt(t *testing.T) {
	ctx := context.Background()
	s, _ := newTestStore(t)
	put(t, s,
		docSpec{tenant: "t", project: "p", id: "a", texts: []string{"zero", "one", "two", "three"}},
		docSpec{tenant: "u", project: "p", id: "a", texts: []string{"other tenant"}})
	texts := func(hits []store.Hit) []string {
		var out []string
		for _, h := range hits {
			require.Len(t, h.Vector, s.st.dim)
			out = append(out, h.Chunk.Text)
		}
		return out
	}
	for _, tt := range []struct {
		tenant, doc string
		idx         []int
		want        []string
	}{
		{"t", "a", []int{3, 1}, []string{"one", "three"}},
		{"t", "a", []int{0, 0, -1, 4}, []string{"zero"}},
		{"u", "a", []int{0, 1}, []string{"other tenant"}},
		{"t", "missing", []int{0}, nil},
		{"t", "a", nil, nil},
	} {
		hits, err := s.ChunksAt(ctx, tt.tenant, "p", tt.doc, tt.idx...)
		require.NoError(t, err)
		require.Equal(t, tt.want, texts(hits), "%+v", tt)
	}
	// After a replacement the new chunks are found.
	put(t, s, docSpec{tenant: "t", project: "p", id: "a", texts: []string{"new zero", "new one"}})
	hits, err := s.ChunksAt(ctx, "t", "p", "a", 1, 2)
	require.NoError(t, err)
	require.Equal(t, []string{"new one"}, texts(hits))
	require.NoError(t, s.Close())
	_, err = s.ChunksAt(ctx, "t", "p", "a", 0)
	require.ErrorIs(t, err, store.ErrClosed)
}
