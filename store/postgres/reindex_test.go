package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/hybridragtest"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/hybridrag/hybridrag/store/postgres"
)

// versionedEmbedder embeds with the hash vector, reversed for model 2, and
// fails after failAfter EmbedDocuments calls when failAfter > 0.
type versionedEmbedder struct {
	model     int
	failAfter int64
	calls     atomic.Int64
}

var errOutage = errors.New("embedding outage")

func (e *versionedEmbedder) vec(text string) []float32 {
	v := hybridragtest.HashVector(text, 24)
	if e.model == 2 {
		slices.Reverse(v)
	}
	return v
}

func (e *versionedEmbedder) EmbedDocuments(_ context.Context, texts []string) ([][]float32, error) {
	if n := e.calls.Add(1); e.failAfter > 0 && n > e.failAfter {
		return nil, errOutage
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = e.vec(t)
	}
	return out, nil
}

func (e *versionedEmbedder) EmbedQuery(_ context.Context, text string) ([]float32, error) {
	return e.vec(text), nil
}

// TestReindexResumesFromTheDatabase interrupts a reindex in one "process"
// and finishes it in another: the checkpoint lives in the database.
func TestReindexResumesFromTheDatabase(t *testing.T) {
	ctx := context.Background()
	schema := newSchema(t)
	var docs []store.Document
	for i := range 6 {
		docs = append(docs, store.Document{ID: fmt.Sprintf("d%d", i), TenantID: fmt.Sprintf("t%d", i%2),
			Text: fmt.Sprintf("Valve V-%d opens at %d bar. Inspect it every spring.", i, i+2)})
	}
	pipeline := func(e *versionedEmbedder) *hybridrag.Pipeline {
		p, err := hybridrag.New(hybridrag.Config{Store: openTest(t, schema, postgres.Options{VectorIndex: postgres.VectorInProcess}), Embedder: e})
		require.NoError(t, err)
		return p
	}
	_, err := pipeline(&versionedEmbedder{model: 1}).Index(ctx, docs...)
	require.NoError(t, err)

	st, err := pipeline(&versionedEmbedder{model: 2, failAfter: 1}).Reindex(ctx, hybridrag.ReindexOptions{})
	require.ErrorIs(t, err, errOutage)
	require.Equal(t, 3, st.Documents)

	p := pipeline(&versionedEmbedder{model: 2})
	st, err = p.Reindex(ctx, hybridrag.ReindexOptions{})
	require.NoError(t, err)
	require.Equal(t, 3, st.Skipped)
	require.Equal(t, 3, st.Documents)
	// What indexing with model 2 from the start stores, in a fresh
	// embedded store, is what the reindex must have stored.
	refStore, err := embedded.Open(t.TempDir(), embedded.Options{Create: true})
	require.NoError(t, err)
	defer refStore.Close()
	ref, err := hybridrag.New(hybridrag.Config{Store: refStore, Embedder: &versionedEmbedder{model: 2}})
	require.NoError(t, err)
	defer ref.Close()
	_, err = ref.Index(ctx, docs...)
	require.NoError(t, err)
	want := scanVectors(t, ref.Store())
	got := scanVectors(t, p.Store())
	require.Len(t, got, len(want))
	for id, v := range want {
		require.InDeltaSlice(t, v, got[id], 1e-5, "chunk %s", id)
	}
	_, found, err := p.Store().(store.Checkpointer).LoadCheckpoint(ctx, hybridrag.ReindexCheckpointName)
	require.NoError(t, err)
	require.False(t, found)
}

func scanVectors(t *testing.T, s store.Store) map[string][]float32 {
	t.Helper()
	out := map[string][]float32{}
	require.NoError(t, s.(store.Scanner).Scan(context.Background(), store.Filter{}, func(c store.Chunk, v []float32) error {
		out[c.TenantID+"/"+c.ID] = v
		return nil
	}))
	return out
}
