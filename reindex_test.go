package hybridrag_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/hybridragtest"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
)

const reindexDim = 32

// flipEmbedder is a second "model": the hash vector reversed, so that its
// vectors differ from the first model's for every text. It fails its
// EmbedDocuments calls after failAfter successes when failAfter > 0.
type flipEmbedder struct {
	flip      bool
	failAfter int64
	calls     atomic.Int64
}

var errEmbedOutage = errors.New("embedding service outage")

func (e *flipEmbedder) vector(text string) []float32 {
	v := hybridragtest.HashVector(text, reindexDim)
	if e.flip {
		slices.Reverse(v)
	}
	return v
}

func (e *flipEmbedder) EmbedDocuments(_ context.Context, texts []string) ([][]float32, error) {
	if n := e.calls.Add(1); e.failAfter > 0 && n > e.failAfter {
		return nil, errEmbedOutage
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = e.vector(t)
	}
	return out, nil
}

func (e *flipEmbedder) EmbedQuery(_ context.Context, text string) ([]float32, error) {
	return e.vector(text), nil
}

// reindexDocs spreads documents over three projects, so that Reindex
// writes (at least) three batches.
func reindexDocs() []store.Document {
	var docs []store.Document
	for i := range 9 {
		docs = append(docs, store.Document{
			ID: fmt.Sprintf("doc%d.md", i), ProjectID: fmt.Sprintf("p%d", i%3), Title: fmt.Sprintf("Doc %d", i),
			Text: fmt.Sprintf("# Doc %d\n\nThe pump model P-%d needs service every %d days.\n\n## Filters\n\nReplace filter F-%d yearly.\n", i, i, 10+i, i),
		})
	}
	return docs
}

// requireEmbeddedWith asserts every stored chunk's vector points where e
// embeds the chunk, as Index would have embedded it.
func requireEmbeddedWith(t *testing.T, s store.Store, e *flipEmbedder) {
	t.Helper()
	n := 0
	err := s.(store.Scanner).Scan(context.Background(), store.Filter{}, func(c store.Chunk, vec []float32) error {
		n++
		want := e.vector(hybridrag.EmbeddingText(c))
		require.InDelta(t, 1, cosine(want, vec), 1e-5, "chunk %s of %s", c.ID, c.DocumentID)
		return nil
	})
	require.NoError(t, err)
	require.Positive(t, n)
}

func cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	return dot / math.Sqrt(na*nb)
}

func TestReindexReembedsEverything(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	first := &flipEmbedder{}
	p, err := dirPipeline(t, dir, hybridrag.Config{Embedder: first})
	require.NoError(t, err)
	indexed, err := p.Index(ctx, reindexDocs()...)
	require.NoError(t, err)
	require.NoError(t, closeBoth(p))

	second := &flipEmbedder{flip: true}
	p, err = dirPipeline(t, dir, hybridrag.Config{Embedder: second})
	require.NoError(t, err)
	defer closeBoth(p)
	var calls [][2]int
	st, err := p.Reindex(ctx, hybridrag.ReindexOptions{Progress: func(done, total int) { calls = append(calls, [2]int{done, total}) }})
	require.NoError(t, err)
	require.Equal(t, indexed.Documents, st.Documents)
	require.Equal(t, indexed.Chunks, st.Chunks)
	require.Zero(t, st.Skipped)
	requireEmbeddedWith(t, p.Store(), second)
	require.Equal(t, [2]int{0, 9}, calls[0])
	require.Equal(t, [2]int{9, 9}, calls[len(calls)-1])
	for i := 1; i < len(calls); i++ {
		require.GreaterOrEqual(t, calls[i][0], calls[i-1][0])
	}
	_, err = os.Stat(filepath.Join(dir, hybridrag.ReindexCheckpointName+".checkpoint"))
	require.ErrorIs(t, err, os.ErrNotExist, "a finished run clears its checkpoint")

	res, err := p.Retrieve(ctx, hybridrag.Request{Question: "How often does pump model P-4 need service?"})
	require.NoError(t, err)
	require.NotEmpty(t, res.Sources)
	require.Equal(t, "doc4.md", res.Sources[0].Chunk.DocumentID)
}

func TestReindexResumes(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	p, err := dirPipeline(t, dir, hybridrag.Config{Embedder: &flipEmbedder{}})
	require.NoError(t, err)
	_, err = p.Index(ctx, reindexDocs()...)
	require.NoError(t, err)
	require.NoError(t, closeBoth(p))

	// The embedding service fails after the first batch.
	failing := &flipEmbedder{flip: true, failAfter: 1}
	p, err = dirPipeline(t, dir, hybridrag.Config{Embedder: failing})
	require.NoError(t, err)
	st, err := p.Reindex(ctx, hybridrag.ReindexOptions{})
	require.ErrorIs(t, err, errEmbedOutage)
	require.Equal(t, 3, st.Documents, "one project's batch was written before the outage")
	require.NoError(t, closeBoth(p))
	_, err = os.Stat(filepath.Join(dir, hybridrag.ReindexCheckpointName+".checkpoint"))
	require.NoError(t, err, "an interrupted run leaves its checkpoint")

	healthy := &flipEmbedder{flip: true}
	p, err = dirPipeline(t, dir, hybridrag.Config{Embedder: healthy})
	require.NoError(t, err)
	defer closeBoth(p)
	st, err = p.Reindex(ctx, hybridrag.ReindexOptions{})
	require.NoError(t, err)
	require.Equal(t, 3, st.Skipped, "the rerun skips the documents already re-embedded")
	require.Equal(t, 6, st.Documents)
	requireEmbeddedWith(t, p.Store(), healthy)
}

func TestReindexFilterAndErrors(t *testing.T) {
	ctx := context.Background()
	st, err := embedded.Open(t.TempDir(), embedded.Options{Create: true})
	require.NoError(t, err)
	defer st.Close()
	p, err := hybridrag.New(hybridrag.Config{Store: st, Embedder: &flipEmbedder{}})
	require.NoError(t, err)
	_, err = p.Index(ctx, reindexDocs()...)
	require.NoError(t, err)
	q, err := hybridrag.New(hybridrag.Config{Store: st, Embedder: &flipEmbedder{flip: true}})
	require.NoError(t, err)
	stats, err := q.Reindex(ctx, hybridrag.ReindexOptions{Filter: store.Filter{ProjectID: "p1"}, Checkpoints: store.DirCheckpoints(t.TempDir())})
	require.NoError(t, err)
	require.Equal(t, 3, stats.Documents)

	// A store that cannot be scanned cannot be reindexed.
	hidden, err := hybridrag.New(hybridrag.Config{Store: struct{ store.Store }{st}})
	require.NoError(t, err)
	_, err = hidden.Reindex(ctx, hybridrag.ReindexOptions{})
	require.ErrorIs(t, err, hybridrag.ErrNoScanner)
	require.NoError(t, q.Close())
	_, err = q.Reindex(ctx, hybridrag.ReindexOptions{})
	require.ErrorIs(t, err, hybridrag.ErrClosed)
}
