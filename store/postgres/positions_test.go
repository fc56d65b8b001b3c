package postgres_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/postgres"
)

func TestChunksAt(t *testing.T) {
	ctx := context.Background()
	s := openTest(t, newSchema(t), postgres.Options{VectorIndex: postgres.VectorInProcess})
	require.NoError(t, s.Put(ctx, entry("t", "a", "zero", "one", "two", "three"), entry("u", "a", "other tenant")))
	texts := func(hits []store.Hit) []string {
		var out []string
		for _, h := range hits {
			require.Len(t, h.Vector, testDim)
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
		{"t", "a", []int{0, -1, 4}, []string{"zero"}},
		{"u", "a", []int{0, 1}, []string{"other tenant"}},
		{"t", "missing", []int{0}, nil},
		{"t", "a", nil, nil},
	} {
		hits, err := s.ChunksAt(ctx, tt.tenant, "", tt.doc, tt.idx...)
		require.NoError(t, err)
		require.Equal(t, tt.want, texts(hits), "%+v", tt)
	}
}
