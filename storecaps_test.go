package hybridrag_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
)

// bareStore offers only store.Store and store.Scanner (no Stats, no
// Checkpointer, no Close), and records whether two writes ever overlapped.
type bareStore struct {
	s        *embedded.Store
	inflight atomic.Int32
	overlap  atomic.Bool
	writes   atomic.Int32
}

func (b *bareStore) write(f func() error) error {
	if b.inflight.Add(1) > 1 {
		b.overlap.Store(true)
	}
	defer b.inflight.Add(-1)
	b.writes.Add(1)
	time.Sleep(2 * time.Millisecond) // widen the window an unserialised writer would hit
	return f()
}

func (b *bareStore) Put(ctx context.Context, e ...store.Entry) error {
	return b.write(func() error { return b.s.Put(ctx, e...) })
}

func (b *bareStore) Delete(ctx context.Context, tenant, project string, ids ...string) error {
	return b.write(func() error { return b.s.Delete(ctx, tenant, project, ids...) })
}

func (b *bareStore) SearchKeyword(ctx context.Context, q string, k int, f store.Filter) ([]store.Hit, error) {
	return b.s.SearchKeyword(ctx, q, k, f)
}

func (b *bareStore) SearchVector(ctx context.Context, v []float32, k int, f store.Filter) ([]store.Hit, error) {
	return b.s.SearchVector(ctx, v, k, f)
}

func (b *bareStore) Scan(ctx context.Context, f store.Filter, fn func(store.Chunk, []float32) error) error {
	return b.s.Scan(ctx, f, fn)
}

func newBareStore(t *testing.T) *bareStore {
	return &bareStore{s: openStore(t, t.TempDir())}
}

func TestStoreWithoutStatsSkipsTheCollectionCheck(t *testing.T) {
	ctx := context.Background()
	q := hybridrag.Request{Question: "At what pressure does the relief valve open?"}
	cases := []struct {
		name  string
		store store.Store
		want  gate.Reason
		stage gate.Stage
	}{
		{"with Stats", openStore(t, t.TempDir()), gate.CollectionNotFound, gate.StageCollection},
		{"without Stats", newBareStore(t), gate.NoRelevantContent, gate.StageProbe},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newPipeline(t, hybridrag.Config{Store: c.store})
			ans, err := p.Ask(ctx, q)
			require.NoError(t, err)
			require.True(t, ans.Refused())
			require.Equal(t, c.want, *ans.RefusalReason)
			require.Equal(t, c.stage, ans.Gate.Stage)

			_, err = p.Index(ctx, manual...)
			require.NoError(t, err)
			ans, err = p.Ask(ctx, q)
			require.NoError(t, err)
			require.False(t, ans.Refused(), "%+v", ans.Gate)
			require.Contains(t, ans.Answer, "6 bar")
		})
	}
}

func TestRetrieverOnlyPipeline(t *testing.T) {
	ctx := context.Background()
	chunk := store.Chunk{ID: "c1", DocumentID: "valve.md", Source: "valve.md", Text: "The pressure relief valve opens at 6 bar."}
	r := retrieve.RetrieverFunc(func(_ context.Context, q retrieve.Query) (*retrieve.Result, error) {
		return &retrieve.Result{Query: q.Text, Candidates: 1, Sources: []retrieve.Source{{Chunk: chunk, Relevance: 0.9}}}, nil
	})
	p, err := hybridrag.New(hybridrag.Config{Retriever: r})
	require.NoError(t, err)
	defer p.Close()
	require.Nil(t, p.Store())

	ans, err := p.Ask(ctx, hybridrag.Request{Question: "At what pressure does the relief valve open?"})
	require.NoError(t, err)
	require.False(t, ans.Refused(), "%+v", ans.Gate)
	require.Contains(t, ans.Answer, "6 bar")

	_, err = p.Index(ctx, manual...)
	require.ErrorIs(t, err, hybridrag.ErrNoStore)
	require.ErrorIs(t, p.Delete(ctx, "", "", "valve.md"), hybridrag.ErrNoStore)
	_, err = p.Reindex(ctx, hybridrag.ReindexOptions{})
	require.ErrorIs(t, err, hybridrag.ErrNoStore)

	_, err = hybridrag.DefaultRetriever(hybridrag.Config{Retriever: r})
	require.ErrorIs(t, err, hybridrag.ErrNoStore)
}

func TestCloseLeavesTheStoreOpen(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, t.TempDir())
	p, err := hybridrag.New(hybridrag.Config{Store: st})
	require.NoError(t, err)
	_, err = p.Index(ctx, manual...)
	require.NoError(t, err)
	require.NoError(t, p.Close())
	_, err = p.Index(ctx, manual...)
	require.ErrorIs(t, err, hybridrag.ErrClosed)

	stats, err := st.Stats(ctx, store.Filter{})
	require.NoError(t, err, "the host's store is still open")
	require.Equal(t, 2, stats.Documents)
}

// Index, Delete and Reindex running at once never hand the store two
// writes at the same time.
func TestPipelineSerialisesWrites(t *testing.T) {
	ctx := context.Background()
	bs := newBareStore(t)
	p := newPipeline(t, hybridrag.Config{Store: bs})
	var wg sync.WaitGroup
	errs := make(chan error, 32)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			doc := store.Document{ID: fmt.Sprintf("doc%d.md", i), Text: fmt.Sprintf("# Part %d\n\nPart %d of the valve fits the V-series.\n", i, i)}
			if _, err := p.Index(ctx, doc); err != nil {
				errs <- err
				return
			}
			if i%2 == 0 {
				errs <- p.Delete(ctx, "", "", doc.ID)
			}
		}()
	}
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := p.Reindex(ctx, hybridrag.ReindexOptions{})
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	require.GreaterOrEqual(t, bs.writes.Load(), int32(12))
	require.False(t, bs.overlap.Load(), "two writes reached the store at once")

	// Without store.Statter, Reindex takes the index version from the chunks.
	st, err := p.Reindex(ctx, hybridrag.ReindexOptions{})
	require.NoError(t, err)
	require.Equal(t, 4, st.Documents)
}
