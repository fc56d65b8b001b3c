package postgres_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/postgres"
)

// TestVectorSearchWriteBetweenScanAndRead lands a write between a vector
// search's scan of the in-process index and its reading the chunks back,
// on every scan where the case says so. The search must return one whole
// version of the document (or none of it once deleted), never the gap a
// bounded rescan left when a steady writer won every round.
func TestVectorSearchWriteBetweenScanAndRead(t *testing.T) {
	version := func(v int) store.Entry {
		return entry("t", "live", fmt.Sprintf("beacon one v%d", v), fmt.Sprintf("beacon two v%d", v), fmt.Sprintf("beacon three v%d", v))
	}
	cases := []struct {
		name string
		// write runs in the window; n counts the calls, from 1.
		write func(t *testing.T, self, other *postgres.Store, n int)
		want  int // chunks of the live document returned
	}{
		{"another process replaces it at every scan", func(t *testing.T, _, other *postgres.Store, n int) {
			require.NoError(t, other.Put(context.Background(), version(n)))
		}, 3},
		{"this process replaces it once", func(t *testing.T, self, _ *postgres.Store, n int) {
			if n == 1 { // later calls run under the index's sync lock, which the own write takes
				require.NoError(t, self.Put(context.Background(), version(n)))
			}
		}, 3},
		{"another process deletes it", func(t *testing.T, _, other *postgres.Store, n int) {
			require.NoError(t, other.Delete(context.Background(), "t", "", "live"))
		}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			schema := newSchema(t)
			reader := openTest(t, schema, postgres.Options{VectorIndex: postgres.VectorInProcess})
			writer := openTest(t, schema, postgres.Options{VectorIndex: postgres.VectorInProcess})
			require.NoError(t, reader.Put(ctx, version(0), entry("t", "other", "beacon elsewhere")))
			calls := 0
			postgres.SetAfterScan(reader, func() {
				calls++
				c.write(t, reader, writer, calls)
			})

			hits, err := reader.SearchVector(ctx, testVector("beacon one v0"), 10, store.Filter{TenantID: "t", DocumentIDs: []string{"live"}})
			require.NoError(t, err)
			require.Len(t, hits, c.want)
			for _, h := range hits {
				require.Equal(t, hits[0].Chunk.IndexVersion, h.Chunk.IndexVersion, "chunks of two versions")
				require.Equal(t, "live", h.Chunk.DocumentID)
				require.NotEmpty(t, h.Chunk.Text)
			}
			require.Positive(t, calls, "the write landed between scan and read")
		})
	}
}
