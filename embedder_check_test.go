package hybridrag_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/hybridrag/hybridrag/store"
)

// TestStoreKnowsItsEmbedder: the first Index records the embedder; a
// pipeline with another one (name, dimension or configuration) gets a
// typed error naming both from Index, Retrieve and Ask; Reindex re-embeds
// and makes the new one the store's.
func TestStoreKnowsItsEmbedder(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, t.TempDir())
	first := newPipeline(t, hybridrag.Config{Store: st})
	_, err := first.Index(ctx, manual...)
	require.NoError(t, err)
	rec, found, err := st.LoadEmbedder(ctx)
	require.NoError(t, err)
	require.True(t, found)
	require.Equal(t, hybridrag.EmbedderID(nil), rec)
	require.Equal(t, hybridrag.DefaultEmbedDimension, rec.Dimension)

	same := newPipeline(t, hybridrag.Config{Store: st, Embedder: embed.NewHash(embed.HashOptions{Dim: hybridrag.DefaultEmbedDimension})})
	_, err = same.Retrieve(ctx, hybridrag.Request{Question: "At what pressure does the relief valve open?"})
	require.NoError(t, err, "the default embedder configured explicitly is the same embedder")

	question := hybridrag.Request{Question: "At what pressure does the relief valve open?"}
	others := []struct {
		name string
		emb  *embed.Hash
	}{
		{"other dimension", embed.NewHash(embed.HashOptions{Dim: 256})},
		{"same dimension, other configuration", embed.NewHash(embed.HashOptions{Dim: hybridrag.DefaultEmbedDimension, MaxNGram: 3, MinNGram: 3})},
	}
	for _, o := range others {
		t.Run(o.name, func(t *testing.T) {
			p := newPipeline(t, hybridrag.Config{Store: st, Embedder: o.emb})
			check := func(err error) {
				t.Helper()
				require.ErrorIs(t, err, hybridrag.ErrEmbedderMismatch)
				var me *hybridrag.EmbedderMismatchError
				require.True(t, errors.As(err, &me))
				require.Equal(t, rec, me.Stored)
				require.Equal(t, hybridrag.EmbedderID(o.emb), me.Current)
				require.Contains(t, err.Error(), rec.String())
				require.Contains(t, err.Error(), me.Current.String())
				require.Contains(t, err.Error(), "reindex")
			}
			_, err := p.Index(ctx, store.Document{ID: "new.md", Text: "Another page."})
			check(err)
			_, err = p.Retrieve(ctx, question)
			check(err)
			_, err = p.Ask(ctx, question)
			check(err)
		})
	}

	// The way out: reindex with the new embedder (of the same dimension:
	// the embedded store keeps one dimension for life).
	next := newPipeline(t, hybridrag.Config{Store: st, Embedder: others[1].emb})
	_, err = next.Reindex(ctx, hybridrag.ReindexOptions{})
	require.NoError(t, err)
	res, err := next.Retrieve(ctx, question)
	require.NoError(t, err)
	require.Equal(t, "valve.md", res.Sources[0].Chunk.DocumentID)
	_, err = newPipeline(t, hybridrag.Config{Store: st}).Retrieve(ctx, question)
	require.ErrorIs(t, err, hybridrag.ErrEmbedderMismatch, "now the old embedder is the other one")
}
