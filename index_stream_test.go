package hybridrag_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/hybridrag/hybridrag/store"
)

// longManual is a Markdown text of n sections, a few hundred chunks at
// small chunk sizes.
func longManual(n int, version string) string {
	var b strings.Builder
	b.WriteString("# Long manual\n\n")
	for i := range n {
		fmt.Fprintf(&b, "## Section %d\n\nThe pump model P-%d (%s) needs %d litres of oil. Check the seal after %d hours. Replace the filter if the pressure drops below %d bar.\n\n", i, i, version, i%7+1, 100*i, i%5+2)
	}
	return b.String()
}

func opener(text string) func() (io.ReadCloser, error) {
	return func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text)), nil }
}

// storedChunks lists a store's chunks as "id text doc_hash".
func storedChunks(t *testing.T, s store.Store) []string {
	t.Helper()
	var out []string
	require.NoError(t, s.(store.Scanner).Scan(context.Background(), store.Filter{}, func(c store.Chunk, _ []float32) error {
		out = append(out, fmt.Sprintf("%s %d %d-%d %q %s %v", c.ID, c.Index, c.Start, c.End, c.Text, c.DocHash, c.Heading))
		return nil
	}))
	sort.Strings(out)
	return out
}

// failingEmbedder fails from its failAt-th EmbedDocuments call on.
type failingEmbedder struct {
	*embed.Hash
	calls, failAt atomic.Int64
}

var errEmbedDown = errors.New("embedder down")

func (f *failingEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	if n := f.calls.Add(1); f.failAt.Load() > 0 && n >= f.failAt.Load() {
		return nil, errEmbedDown
	}
	return f.Hash.EmbedDocuments(ctx, texts)
}

// onlyStore hides every optional capability of the store it wraps but
// Scan, so the pipeline falls back to Put.
type onlyStore struct {
	store.Store
	store.Scanner
}

func TestIndexStream(t *testing.T) {
	ctx := context.Background()
	small := hybridrag.ChunkingConfig{TargetTokens: 40, MaxTokens: 48}
	text := longManual(1100, "v1")
	doc := store.Document{ID: "long.md", Title: "Long manual", Metadata: store.Metadata{SourceType: "manual"}}

	whole := doc
	whole.Text = text
	viaIndex := newPipeline(t, hybridrag.Config{Chunking: small})
	st, err := viaIndex.Index(ctx, whole)
	require.NoError(t, err)
	require.GreaterOrEqual(t, st.Chunks, 1024, "large enough for Index to stream it too")
	want := storedChunks(t, viaIndex.Store())

	emb := &failingEmbedder{Hash: embed.NewHash(embed.HashOptions{})}
	p := newPipeline(t, hybridrag.Config{Chunking: small, Embedder: emb})
	st, err = p.IndexStream(ctx, doc, opener(text))
	require.NoError(t, err)
	require.Equal(t, hybridrag.IndexStats{Documents: 1, Chunks: st.Chunks, New: 1, Written: st.Chunks, Duration: st.Duration}, st)
	require.Equal(t, want, storedChunks(t, p.Store()), "a text shorter than one window streams into Index's chunks")

	st, err = p.IndexStream(ctx, doc, opener(text))
	require.NoError(t, err)
	require.Equal(t, 1, st.Unchanged)

	// Failures part-way leave the stored version as it was.
	v2 := longManual(1100, "v2")
	emb.failAt.Store(emb.calls.Load() + 3)
	_, err = p.IndexStream(ctx, doc, opener(v2))
	require.ErrorIs(t, err, errEmbedDown)
	require.Equal(t, want, storedChunks(t, p.Store()))
	emb.failAt.Store(0)

	_, err = p.IndexStream(ctx, doc, opener(v2[:len(v2)/2]+"\xff\xfe"+v2[len(v2)/2:]))
	var de *hybridrag.DocumentError
	require.ErrorAs(t, err, &de)
	require.Equal(t, "long.md", de.ID)
	require.Equal(t, want, storedChunks(t, p.Store()))

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = p.IndexStream(cancelled, doc, opener(v2))
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, want, storedChunks(t, p.Store()))

	st, err = p.IndexStream(ctx, doc, opener(v2))
	require.NoError(t, err)
	require.Equal(t, 1, st.Replaced)
	require.Contains(t, strings.Join(storedChunks(t, p.Store()), "\n"), "(v2)")
	require.NotContains(t, strings.Join(storedChunks(t, p.Store()), "\n"), "(v1)")

	_, err = p.IndexStream(ctx, store.Document{ID: "blank.md"}, opener(" \n\n \n"))
	require.ErrorAs(t, err, &de)

	// A store that cannot stream gets one Put, with the same chunks.
	inner := openStore(t, t.TempDir())
	plain := newPipeline(t, hybridrag.Config{Chunking: small, Store: onlyStore{inner, inner}})
	_, err = plain.IndexStream(ctx, doc, opener(text))
	require.NoError(t, err)
	require.Equal(t, want, storedChunks(t, inner))
}
