package embed

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/stretchr/testify/require"
	"github.com/tmc/langchaingo/embeddings"
)

var _ retrieve.Embedder = (*Langchain)(nil)
var _ Dimensioner = (*Langchain)(nil)
var _ retrieve.Embedder = (*Hash)(nil)
var _ Dimensioner = (*Hash)(nil)

// clientEmbedder wraps fn in langchaingo's own EmbedderImpl, the type
// every langchaingo provider is used through.
func clientEmbedder(t *testing.T, fn embeddings.EmbedderClientFunc) embeddings.Embedder {
	t.Helper()
	e, err := embeddings.NewEmbedder(fn)
	require.NoError(t, err)
	return e
}

func TestLangchainCountMismatch(t *testing.T) {
	// EmbedderImpl does not check the count; the adapter does.
	e := FromLangchain(clientEmbedder(t, func(_ context.Context, texts []string) ([][]float32, error) {
		return wantVectors(texts[:len(texts)-1], 3), nil
	}), Options{BatchSize: 4})
	_, err := e.EmbedDocuments(context.Background(), numberedTexts(6))
	var ce *CountError
	require.ErrorAs(t, err, &ce)
	require.Equal(t, CountError{Got: 3, Want: 4}, *ce)
	require.ErrorIs(t, err, ErrCount)
}

func TestLangchainQueryPanicBecomesError(t *testing.T) {
	// EmbedderImpl.EmbedQuery indexes [0] of whatever its client returns.
	e := FromLangchain(clientEmbedder(t, func(context.Context, []string) ([][]float32, error) {
		return [][]float32{}, nil
	}), Options{})
	var err error
	require.NotPanics(t, func() { _, err = e.EmbedQuery(context.Background(), "q") })
	require.ErrorIs(t, err, ErrPanicked)
}

func TestLangchainStopsBetweenBatches(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls atomic.Int64
	e := FromLangchain(clientEmbedder(t, func(_ context.Context, texts []string) ([][]float32, error) {
		calls.Add(1)
		cancel() // the caller gives up while the first batch is in flight
		return wantVectors(texts, 3), nil
	}), Options{BatchSize: 2})
	_, err := e.EmbedDocuments(ctx, numberedTexts(6))
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, int64(1), calls.Load())
}

func TestLangchainNoTextsAndNil(t *testing.T) {
	var calls atomic.Int64
	e := FromLangchain(clientEmbedder(t, func(_ context.Context, texts []string) ([][]float32, error) {
		calls.Add(1)
		return wantVectors(texts, 3), nil
	}), Options{})
	vecs, err := e.EmbedDocuments(context.Background(), nil)
	require.NoError(t, err)
	require.Empty(t, vecs)
	require.Zero(t, calls.Load())
	require.Zero(t, e.Dimension())

	nilAdapter := FromLangchain(nil, Options{})
	_, err = nilAdapter.EmbedDocuments(context.Background(), []string{"a"})
	require.ErrorIs(t, err, ErrNilEmbedder)
	_, err = nilAdapter.EmbedQuery(context.Background(), "a")
	require.ErrorIs(t, err, ErrNilEmbedder)
}

func TestLangchainConcurrent(t *testing.T) {
	e := FromLangchain(clientEmbedder(t, func(_ context.Context, texts []string) ([][]float32, error) {
		return wantVectors(texts, 5), nil
	}), Options{BatchSize: 3})
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Go(func() {
			texts := numberedTexts(7 + g)
			vecs, err := e.EmbedDocuments(context.Background(), texts)
			if err != nil {
				errs <- err
				return
			}
			for i, v := range vecs {
				if !equalBits(v, vectorFor(texts[i], 5)) {
					errs <- fmt.Errorf("goroutine %d: vector %d differs", g, i)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	require.Equal(t, 5, e.Dimension())
}

// Every langchaingo embedder is a LangchainEmbedder, without this package
// importing langchaingo.
var _ LangchainEmbedder = embeddings.Embedder(nil)
