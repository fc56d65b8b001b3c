package hybridrag_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/hybridrag/hybridrag/store"
)

// countingEmbedder counts the texts it embeds.
type countingEmbedder struct {
	*embed.Hash
	texts atomic.Int64
}

func (c *countingEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	c.texts.Add(int64(len(texts)))
	return c.Hash.EmbedDocuments(ctx, texts)
}

// TestIndexSkipsUnchanged: a document stored exactly so is not chunked,
// embedded or written again; any change to its text, title, source or
// metadata replaces it; the counts say which was which.
func TestIndexSkipsUnchanged(t *testing.T) {
	ctx := context.Background()
	emb := &countingEmbedder{Hash: embed.NewHash(embed.HashOptions{})}
	p := newPipeline(t, hybridrag.Config{Embedder: emb})
	version := func() int64 {
		st, err := p.Store().(store.Statter).Stats(ctx, store.Filter{})
		require.NoError(t, err)
		return st.IndexVersion
	}

	first, err := p.Index(ctx, manual...)
	require.NoError(t, err)
	require.Equal(t, 2, first.New)
	require.Equal(t, first.Chunks, first.Written)
	embedded, v := emb.texts.Load(), version()

	again, err := p.Index(ctx, manual...)
	require.NoError(t, err)
	require.Equal(t, hybridrag.IndexStats{Documents: 2, Chunks: first.Chunks, Unchanged: 2, Duration: again.Duration}, again)
	require.Equal(t, embedded, emb.texts.Load(), "nothing embedded")
	require.Equal(t, v, version(), "nothing written")

	cases := []struct {
		name   string
		change func(d *store.Document)
	}{
		{"text", func(d *store.Document) { d.Text += "\nThe valve weighs 2 kg.\n" }},
		{"title", func(d *store.Document) { d.Title = "Valve guide, 2nd edition" }},
		{"source", func(d *store.Document) { d.Source = "manuals/valve.md" }},
		{"metadata", func(d *store.Document) { d.Metadata.Tags = []string{"valves"} }},
		{"other tenant is another document", func(d *store.Document) { d.TenantID = "acme" }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := manual[1]
			c.change(&d)
			before := emb.texts.Load()
			st, err := p.Index(ctx, manual[0], d)
			require.NoError(t, err)
			require.Equal(t, 1, st.Unchanged, "pump.md is untouched")
			if d.TenantID != "" {
				require.Equal(t, 1, st.New)
			} else {
				require.Equal(t, 1, st.Replaced)
			}
			require.Equal(t, int64(st.Written), emb.texts.Load()-before, "only the changed document is embedded")
			again, err := p.Index(ctx, manual[0], d)
			require.NoError(t, err)
			require.Equal(t, 2, again.Unchanged, "once written, the new version is unchanged")
		})
	}
}
