package embed

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tmc/langchaingo/embeddings"
	"github.com/tmc/langchaingo/llms/ollama"
)

const testOllamaModel = "nomic-embed-text"

// ollamaEmbedder builds the real langchaingo Ollama client against srv.
// WithPullModel is deliberately absent: it would call /api/pull.
func ollamaEmbedder(t *testing.T, srv *httptest.Server, opts Options) *Langchain {
	t.Helper()
	llm, err := ollama.New(ollama.WithServerURL(srv.URL), ollama.WithModel(testOllamaModel))
	require.NoError(t, err)
	e, err := embeddings.NewEmbedder(llm)
	require.NoError(t, err)
	return FromLangchain(e, opts)
}

func TestOllamaRoundTrip(t *testing.T) {
	const dim = 12
	srv, log := newOllamaServer(t, dim, nil, nil)
	e := ollamaEmbedder(t, srv, Options{BatchSize: 2})
	texts := numberedTexts(5)
	vecs, err := e.EmbedDocuments(context.Background(), texts)
	require.NoError(t, err)
	require.Equal(t, wantVectors(texts, dim), vecs)

	requests, maxInputs, inputs, models := log.snapshot()
	require.Equal(t, 5, requests, "langchaingo's Ollama client sends one text per request")
	require.Equal(t, 1, maxInputs)
	require.Equal(t, texts, inputs)
	require.Equal(t, testOllamaModel, models[0])

	q, err := e.EmbedQuery(context.Background(), "replace the seal")
	require.NoError(t, err)
	require.Equal(t, vectorFor("replace the seal", dim), q)
	require.Equal(t, dim, e.Dimension())
}

func TestOllamaBadReplies(t *testing.T) {
	const dim = 12
	cases := []struct {
		name  string
		opts  Options
		fault fault
		check func(t *testing.T, err error)
	}{
		{
			name: "wrong dimension",
			fault: func(n int, _ []string, vecs [][]float64) ([][]float64, int) {
				if n == 3 {
					vecs[0] = vecs[0][:dim/2]
				}
				return vecs, http.StatusOK
			},
			check: func(t *testing.T, err error) {
				var de *DimensionError
				require.ErrorAs(t, err, &de)
				require.Equal(t, DimensionError{Index: 2, Got: dim / 2, Want: dim}, *de)
			},
		},
		{
			name: "model dimension differs from Options.Dim",
			opts: Options{Dim: 768},
			check: func(t *testing.T, err error) {
				require.ErrorIs(t, err, ErrDimension)
			},
		},
		{
			name: "all-zero vector",
			fault: func(n int, _ []string, vecs [][]float64) ([][]float64, int) {
				if n == 4 {
					vecs[0] = make([]float64, dim)
				}
				return vecs, http.StatusOK
			},
			check: func(t *testing.T, err error) {
				var ve *VectorError
				require.ErrorAs(t, err, &ve)
				require.Equal(t, VectorError{Index: 3, Reason: "all zero"}, *ve)
			},
		},
		{
			name: "value overflowing float32",
			fault: func(_ int, _ []string, vecs [][]float64) ([][]float64, int) {
				vecs[0][0] = -1e40
				return vecs, http.StatusOK
			},
			check: func(t *testing.T, err error) {
				require.ErrorContains(t, err, "float32")
			},
		},
		{
			name: "no embeddings",
			fault: func(int, []string, [][]float64) ([][]float64, int) {
				return [][]float64{}, http.StatusOK
			},
			check: func(t *testing.T, err error) {
				require.ErrorIs(t, err, ollama.ErrEmptyResponse)
			},
		},
		{
			name: "two embeddings for one text",
			fault: func(_ int, _ []string, vecs [][]float64) ([][]float64, int) {
				return append(vecs, vecs[0]), http.StatusOK
			},
			check: func(t *testing.T, err error) {
				require.ErrorIs(t, err, ollama.ErrIncompleteEmbedding)
			},
		},
		{
			name: "server error",
			fault: func(n int, _ []string, vecs [][]float64) ([][]float64, int) {
				if n == 2 {
					return nil, http.StatusInternalServerError
				}
				return vecs, http.StatusOK
			},
			check: func(t *testing.T, err error) {
				require.ErrorContains(t, err, "server exploded")
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv, _ := newOllamaServer(t, dim, c.fault, nil)
			e := ollamaEmbedder(t, srv, c.opts)
			var (
				vecs [][]float32
				err  error
			)
			require.NotPanics(t, func() {
				vecs, err = e.EmbedDocuments(context.Background(), numberedTexts(4))
			})
			require.Error(t, err)
			require.Nil(t, vecs)
			c.check(t, err)
		})
	}
}

func TestOllamaQueryErrors(t *testing.T) {
	srv, _ := newOllamaServer(t, 4, func(int, []string, [][]float64) ([][]float64, int) {
		return nil, http.StatusInternalServerError
	}, nil)
	e := ollamaEmbedder(t, srv, Options{})
	var err error
	require.NotPanics(t, func() { _, err = e.EmbedQuery(context.Background(), "q") })
	require.ErrorContains(t, err, "embed: query")
	require.ErrorContains(t, err, "server exploded")
}

func TestOllamaContextCancellation(t *testing.T) {
	b := &block{started: make(chan struct{}, 1)}
	srv, log := newOllamaServer(t, 4, nil, b)
	e := ollamaEmbedder(t, srv, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-b.started
		cancel()
	}()
	_, err := e.EmbedDocuments(ctx, numberedTexts(3))
	require.ErrorIs(t, err, context.Canceled)
	requests, _, _, _ := log.snapshot()
	require.Equal(t, 1, requests, "no request after the cancellation")
}
