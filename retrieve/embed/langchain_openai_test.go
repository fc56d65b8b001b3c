package embed

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tmc/langchaingo/embeddings"
	"github.com/tmc/langchaingo/llms/openai"
)

const testEmbeddingModel = "text-embedding-3-small"

func openAIEmbedder(t *testing.T, srv *httptest.Server, opts Options) *Langchain {
	t.Helper()
	llm, err := openai.New(
		openai.WithBaseURL(srv.URL+"/v1"),
		openai.WithToken("test"),
		openai.WithEmbeddingModel(testEmbeddingModel),
	)
	require.NoError(t, err)
	e, err := embeddings.NewEmbedder(llm)
	require.NoError(t, err)
	return FromLangchain(e, opts)
}

func numberedTexts(n int) []string {
	texts := make([]string, n)
	for i := range texts {
		texts[i] = fmt.Sprintf("chunk %d: the pump needs a new seal", i)
	}
	return texts
}

func wantVectors(texts []string, dim int) [][]float32 {
	out := make([][]float32, len(texts))
	for i, text := range texts {
		out[i] = vectorFor(text, dim)
	}
	return out
}

func TestOpenAIBatchingRoundTrip(t *testing.T) {
	const dim = 8
	cases := []struct {
		name         string
		texts        int
		batch        int
		wantRequests int
		wantMax      int
	}{
		{"smaller than a batch", 2, 3, 1, 2},
		{"exact batches", 9, 3, 3, 3},
		{"partial last batch", 10, 3, 4, 3},
		{"default batch size", 150, 0, 3, DefaultBatchSize},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv, log := newOpenAIServer(t, dim, nil, nil)
			e := openAIEmbedder(t, srv, Options{BatchSize: c.batch})
			texts := numberedTexts(c.texts)
			vecs, err := e.EmbedDocuments(context.Background(), texts)
			require.NoError(t, err)
			require.Equal(t, wantVectors(texts, dim), vecs)
			requests, maxInputs, inputs, models := log.snapshot()
			require.Equal(t, c.wantRequests, requests)
			require.Equal(t, c.wantMax, maxInputs)
			require.Equal(t, texts, inputs, "every text sent once, in order")
			require.Equal(t, testEmbeddingModel, models[0])
			require.Equal(t, dim, e.Dimension())
		})
	}
}

func TestOpenAIQuery(t *testing.T) {
	const dim = 6
	srv, log := newOpenAIServer(t, dim, nil, nil)
	e := openAIEmbedder(t, srv, Options{})
	v, err := e.EmbedQuery(context.Background(), "how do I replace the seal?")
	require.NoError(t, err)
	require.Equal(t, vectorFor("how do I replace the seal?", dim), v)
	requests, _, _, _ := log.snapshot()
	require.Equal(t, 1, requests)
}

func TestOpenAIDoesNotModifyCallerTexts(t *testing.T) {
	srv, log := newOpenAIServer(t, 4, nil, nil)
	e := openAIEmbedder(t, srv, Options{})
	texts := []string{"line one\nline two", "single"}
	_, err := e.EmbedDocuments(context.Background(), texts)
	require.NoError(t, err)
	require.Equal(t, []string{"line one\nline two", "single"}, texts)
	_, _, inputs, _ := log.snapshot()
	require.Equal(t, []string{"line one line two", "single"}, inputs, "langchaingo strips newlines on its copy")
}

func TestOpenAIBadReplies(t *testing.T) {
	const dim = 8
	cases := []struct {
		name    string
		opts    Options
		fault   fault
		check   func(t *testing.T, err error)
		maxReqs int // requests made before the error stopped the loop
	}{
		{
			name: "wrong dimension in the second batch",
			opts: Options{BatchSize: 3},
			fault: func(n int, _ []string, vecs [][]float64) ([][]float64, int) {
				if n == 2 {
					vecs[1] = vecs[1][:dim-1]
				}
				return vecs, http.StatusOK
			},
			check: func(t *testing.T, err error) {
				var de *DimensionError
				require.ErrorAs(t, err, &de)
				require.Equal(t, DimensionError{Index: 4, Got: dim - 1, Want: dim}, *de)
				require.ErrorIs(t, err, ErrDimension)
			},
			maxReqs: 2,
		},
		{
			name: "model dimension differs from Options.Dim",
			opts: Options{BatchSize: 3, Dim: 1536},
			check: func(t *testing.T, err error) {
				var de *DimensionError
				require.ErrorAs(t, err, &de)
				require.Equal(t, DimensionError{Index: 0, Got: dim, Want: 1536}, *de)
			},
			maxReqs: 1,
		},
		{
			name: "all-zero vector",
			opts: Options{BatchSize: 3},
			fault: func(n int, _ []string, vecs [][]float64) ([][]float64, int) {
				if n == 1 {
					vecs[2] = make([]float64, dim)
				}
				return vecs, http.StatusOK
			},
			check: func(t *testing.T, err error) {
				var ve *VectorError
				require.ErrorAs(t, err, &ve)
				require.Equal(t, 2, ve.Index)
				require.ErrorIs(t, err, ErrBadVector)
			},
			maxReqs: 1,
		},
		{
			// JSON cannot carry NaN or Inf; a number beyond float32 is
			// what a broken server can send. The client fails to decode it.
			name: "value overflowing float32",
			fault: func(_ int, _ []string, vecs [][]float64) ([][]float64, int) {
				vecs[0][3] = 1e39
				return vecs, http.StatusOK
			},
			check: func(t *testing.T, err error) {
				require.ErrorContains(t, err, "float32")
				require.ErrorContains(t, err, "embed: texts 0 to 9")
			},
			maxReqs: 1,
		},
		{
			name: "one vector missing",
			fault: func(_ int, _ []string, vecs [][]float64) ([][]float64, int) {
				return vecs[:len(vecs)-1], http.StatusOK
			},
			check: func(t *testing.T, err error) {
				require.ErrorIs(t, err, openai.ErrUnexpectedResponseLength)
			},
			maxReqs: 1,
		},
		{
			name: "no vectors",
			fault: func(int, []string, [][]float64) ([][]float64, int) {
				return [][]float64{}, http.StatusOK
			},
			check: func(t *testing.T, err error) {
				require.ErrorContains(t, err, "empty response")
			},
			maxReqs: 1,
		},
		{
			name: "server error",
			opts: Options{BatchSize: 3},
			fault: func(n int, _ []string, vecs [][]float64) ([][]float64, int) {
				if n == 2 {
					return nil, http.StatusInternalServerError
				}
				return vecs, http.StatusOK
			},
			check: func(t *testing.T, err error) {
				require.ErrorContains(t, err, "500")
				require.ErrorContains(t, err, "server exploded")
				require.ErrorContains(t, err, "embed: texts 3 to 5")
			},
			maxReqs: 2,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv, log := newOpenAIServer(t, dim, c.fault, nil)
			e := openAIEmbedder(t, srv, c.opts)
			var (
				vecs [][]float32
				err  error
			)
			require.NotPanics(t, func() {
				vecs, err = e.EmbedDocuments(context.Background(), numberedTexts(10))
			})
			require.Error(t, err)
			require.Nil(t, vecs)
			c.check(t, err)
			requests, _, _, _ := log.snapshot()
			require.Equal(t, c.maxReqs, requests, "no batch after the failing one")
		})
	}
}

func TestOpenAIQueryDimensionMustMatchDocuments(t *testing.T) {
	const dim = 8
	fault := func(_ int, inputs []string, vecs [][]float64) ([][]float64, int) {
		if inputs[0] == "query" {
			vecs[0] = append(vecs[0], 0.5) // a different model answered
		}
		return vecs, http.StatusOK
	}
	srv, _ := newOpenAIServer(t, dim, fault, nil)
	e := openAIEmbedder(t, srv, Options{})
	_, err := e.EmbedDocuments(context.Background(), numberedTexts(2))
	require.NoError(t, err)
	_, err = e.EmbedQuery(context.Background(), "query")
	var de *DimensionError
	require.ErrorAs(t, err, &de)
	require.Equal(t, DimensionError{Index: 0, Got: dim + 1, Want: dim}, *de)
}

func TestOpenAIContextCancellation(t *testing.T) {
	t.Run("in flight", func(t *testing.T) {
		b := &block{started: make(chan struct{}, 1)}
		srv, _ := newOpenAIServer(t, 4, nil, b)
		e := openAIEmbedder(t, srv, Options{})
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go func() {
			<-b.started
			cancel()
		}()
		_, err := e.EmbedDocuments(ctx, numberedTexts(3))
		// langchaingo's OpenAI client replaces the cancellation with the
		// message "request cancelled"; the adapter restores it.
		require.ErrorIs(t, err, context.Canceled)

		qctx, qcancel := context.WithCancel(context.Background())
		defer qcancel()
		go func() {
			<-b.started
			qcancel()
		}()
		_, err = e.EmbedQuery(qctx, "q")
		require.ErrorIs(t, err, context.Canceled)
	})
	t.Run("before the call", func(t *testing.T) {
		srv, log := newOpenAIServer(t, 4, nil, nil)
		e := openAIEmbedder(t, srv, Options{})
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := e.EmbedDocuments(ctx, numberedTexts(3))
		require.ErrorIs(t, err, context.Canceled)
		_, err = e.EmbedQuery(ctx, "q")
		require.ErrorIs(t, err, context.Canceled)
		requests, _, _, _ := log.snapshot()
		require.Zero(t, requests)
	})
}
