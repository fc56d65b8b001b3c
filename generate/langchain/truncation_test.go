package langchain_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

// Each provider's stream, cut cleanly before its terminal event, through
// langchaingo's real client: retried and then answered, or, when every
// reply is cut, ErrTruncated after MaxRetries.

// collect returns a StreamFunc appending to *chunks.
func collect(chunks *[]string) generate.StreamFunc {
	return func(_ context.Context, b []byte) error {
		*chunks = append(*chunks, string(b))
		return nil
	}
}

// generateOnce asks g one question, streaming into chunks if stream is set.
func generateOnce(g generate.Generator, stream bool) (*generate.Generation, []string, error) {
	req := generate.Request{Prompt: testPrompt("q")}
	var chunks []string
	if stream {
		req.Stream = collect(&chunks)
	}
	gen, err := g.Generate(context.Background(), req)
	return gen, chunks, err
}

// streams lists the call modes; a non-streaming call is cut only where the
// client streams on the wire anyway.
var streams = []bool{false, true}

func TestProviderCutOnceIsRetried(t *testing.T) {
	for _, p := range providers {
		for _, stream := range streams {
			t.Run(fmt.Sprintf("%s/stream=%v", p.name, stream), func(t *testing.T) {
				srv := p.newServer(t, constant(answer), hybridragtest.StreamChunks(4), hybridragtest.CutStreamAfter(2, 1))
				g := p.newGen(t, srv, fastRetries(langchain.Options{}))
				gen, chunks, err := generateOnce(g, stream)
				require.NoError(t, err)
				require.Equal(t, answer, gen.Text)
				if !stream && !p.wireStreams {
					// A JSON reply has no stream to cut: accepted at once.
					require.Equal(t, 1, srv.ChatCalls())
					return
				}
				require.Equal(t, 2, srv.ChatCalls(), "the cut reply was retried")
				if stream {
					// The retry resumed the stream: every chunk once, in order.
					require.Equal(t, hybridragtest.SplitChunks(answer, 4), chunks)
				}
			})
		}
	}
}

func TestProviderAlwaysCutIsTruncated(t *testing.T) {
	for _, p := range providers {
		for _, stream := range streams {
			if !stream && !p.wireStreams {
				continue
			}
			t.Run(fmt.Sprintf("%s/stream=%v", p.name, stream), func(t *testing.T) {
				srv := p.newServer(t, constant(answer), hybridragtest.StreamChunks(4), hybridragtest.CutStreamAfter(2, 0))
				g := p.newGen(t, srv, fastRetries(langchain.Options{MaxRetries: 2}))
				gen, chunks, err := generateOnce(g, stream)
				require.Nil(t, gen, "a cut reply is never an answer")
				require.ErrorIs(t, err, generate.ErrTruncated)
				require.ErrorIs(t, err, langchain.ErrProvider)
				var pe *langchain.ProviderError
				require.ErrorAs(t, err, &pe)
				require.Equal(t, 3, pe.Attempts)
				require.Equal(t, 3, srv.ChatCalls())
				var te *generate.TruncatedError
				require.ErrorAs(t, err, &te)
				require.NotEmpty(t, te.Missing)
				require.Empty(t, te.StopReason)
				require.Contains(t, err.Error(), "generate: truncated reply: ended without "+te.Missing)
				if stream {
					require.Equal(t, hybridragtest.SplitChunks(answer, 4)[:2], chunks, "retries forward nothing twice")
				}
			})
		}
	}
}

func TestProviderCompleteIsAccepted(t *testing.T) {
	for _, p := range providers {
		for _, stream := range streams {
			t.Run(fmt.Sprintf("%s/stream=%v", p.name, stream), func(t *testing.T) {
				// The cut would only hit a stream of more than 9 chunks.
				srv := p.newServer(t, constant(answer), hybridragtest.StreamChunks(3), hybridragtest.CutStreamAfter(10, 0))
				g := p.newGen(t, srv, fastRetries(langchain.Options{}))
				gen, chunks, err := generateOnce(g, stream)
				require.NoError(t, err)
				require.Equal(t, answer, gen.Text)
				require.Equal(t, 1, srv.ChatCalls())
				if stream {
					require.Equal(t, answer, strings.Join(chunks, ""))
				}
			})
		}
	}
}

// A reply stopped at the token cap is truncated too, and not retried: the
// same request would stop at the same place.
func TestProviderTokenCapIsTruncated(t *testing.T) {
	for _, p := range providers {
		for _, stream := range streams {
			t.Run(fmt.Sprintf("%s/stream=%v", p.name, stream), func(t *testing.T) {
				srv := p.newServer(t, constant(answer), hybridragtest.StopAtTokenCap())
				g := p.newGen(t, srv, fastRetries(langchain.Options{}))
				gen, _, err := generateOnce(g, stream)
				require.Nil(t, gen)
				require.ErrorIs(t, err, generate.ErrTruncated)
				var te *generate.TruncatedError
				require.ErrorAs(t, err, &te)
				require.Equal(t, p.capReason, te.StopReason)
				require.Empty(t, te.Missing)
				require.Equal(t, 1, srv.ChatCalls())
			})
		}
	}
}

// A retry that does not reproduce what was already streamed cannot be
// reconciled with what the consumer saw: the call fails, and nothing of
// the new reply is forwarded.
func TestProviderRetryDivergingFromStreamFails(t *testing.T) {
	const other = "Service the pump once a year, in spring. [S1]"
	for _, p := range providers {
		t.Run(p.name, func(t *testing.T) {
			var n atomic.Int32
			respond := func([]generate.Message) string {
				if n.Add(1) == 1 {
					return answer
				}
				return other
			}
			srv := p.newServer(t, respond, hybridragtest.StreamChunks(4), hybridragtest.CutStreamAfter(2, 1))
			g := p.newGen(t, srv, fastRetries(langchain.Options{}))
			var chunks []string
			gen, err := g.Generate(context.Background(), generate.Request{Prompt: testPrompt("q"), Stream: collect(&chunks)})
			require.Nil(t, gen)
			require.ErrorIs(t, err, langchain.ErrStreamDiverged)
			require.ErrorIs(t, err, generate.ErrTruncated, "the cause of the retry is kept")
			require.Equal(t, 2, srv.ChatCalls(), "a divergence is not retried")
			require.Equal(t, hybridragtest.SplitChunks(answer, 4)[:2], chunks)
		})
	}
}
