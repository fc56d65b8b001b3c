package retrieve_test

import (
	"context"
	"testing"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/stretchr/testify/require"
)

// putChunks stores one document whose chunks have the given texts and
// heading paths, in order.
func putChunks(t *testing.T, st *embedded.Store, emb *embed.Hash, docID string, texts []string, headings [][]string) []store.Chunk {
	t.Helper()
	ctx := context.Background()
	vecs, err := emb.EmbedDocuments(ctx, texts)
	require.NoError(t, err)
	e := store.Entry{Document: store.Document{ID: docID, Source: docID + ".md", Title: docID}}
	off := 0
	for i, text := range texts {
		e.Document.Text += text
		e.Chunks = append(e.Chunks, store.Chunk{
			ID: store.ChunkID(docID, i, text), DocumentID: docID, Source: docID + ".md", Title: docID,
			Text: text, Heading: headings[i], Index: i, Start: off, End: off + len(text),
		})
		off += len(text)
	}
	e.Vectors = vecs
	require.NoError(t, st.Put(ctx, e))
	return e.Chunks
}

func TestRetrieveAddsNeighbourWhenPassageAtEdge(t *testing.T) {
	st, err := embedded.Open(t.TempDir(), embedded.Options{Create: true})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	emb := embed.NewHash(embed.HashOptions{})
	sec := []string{"Manual", "Pressure check"}
	other := []string{"Manual", "Warranty"}
	chunks := putChunks(t, st, emb, "manual", []string{
		"The pump housing is cast iron. It weighs twelve kilograms. It ships on a pallet. " +
			"Paint it every two years. To test the relief valve, close the outlet slowly.",
		"Then watch the gauge: it must open before the needle passes six bar. " +
			"Write the reading in the log. Reopen the outlet afterwards.",
		"The warranty lasts two years. Claims go to the dealer. Keep the receipt.",
	}, [][]string{sec, sec, other})
	putChunks(t, st, emb, "noise", []string{"Gauges and needles are calibrated yearly by the dealer."}, [][]string{{"Noise"}})

	// Keyword search only: vector search returns every chunk of so small a
	// store, the neighbour included.
	q := retrieve.Query{Text: "how do I test the relief valve", VectorK: -1}
	h, err := retrieve.NewHybrid(st, st, emb, retrieve.Options{})
	require.NoError(t, err)
	res, err := h.Retrieve(context.Background(), q)
	require.NoError(t, err)
	require.Equal(t, chunks[0].ID, res.Sources[0].Chunk.ID)
	require.NotNil(t, res.Sources[0].Passage)
	require.Greater(t, len(res.Sources), 1)
	require.Equal(t, chunks[1].ID, res.Sources[1].Chunk.ID, "the section's next chunk follows the passage that ends at the chunk's edge")
	require.Equal(t, chunks[0].ID, res.Sources[1].NeighborOf)
	require.Less(t, res.Sources[1].Relevance, res.Sources[0].Relevance, "a neighbour is scored on its own text: it holds none of the question's words")
	for _, s := range res.Sources {
		if s.Chunk.ID == chunks[2].ID {
			require.Empty(t, s.NeighborOf, "another section's chunk is not added as a neighbour")
		}
	}

	off, err := retrieve.NewHybrid(st, st, emb, retrieve.Options{Neighbors: -1})
	require.NoError(t, err)
	res, err = off.Retrieve(context.Background(), q)
	require.NoError(t, err)
	for _, s := range res.Sources {
		require.Empty(t, s.NeighborOf)
	}
}

func TestRetrieveNoNeighbourWhenPassageInside(t *testing.T) {
	st, err := embedded.Open(t.TempDir(), embedded.Options{Create: true})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	emb := embed.NewHash(embed.HashOptions{})
	sec := []string{"Manual", "Valve"}
	putChunks(t, st, emb, "manual", []string{
		"Intro one. Intro two. Intro three. Intro four.",
		"Housing notes here. Paint notes here. To test the relief valve, close the outlet and watch the gauge. " +
			"Cleaning notes here. Storage notes here. Shipping notes here. Pallet notes here.",
		"Later text one. Later text two. Later text three.",
	}, [][]string{sec, sec, sec})
	h, err := retrieve.NewHybrid(st, st, emb, retrieve.Options{})
	require.NoError(t, err)
	res, err := h.Retrieve(context.Background(), retrieve.Query{Text: "how do I test the relief valve"})
	require.NoError(t, err)
	for _, s := range res.Sources {
		require.Empty(t, s.NeighborOf, "a passage in the middle of its chunk brings no neighbour")
	}
}
