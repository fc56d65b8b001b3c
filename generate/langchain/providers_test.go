package langchain_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/anthropic"
	"github.com/hybridrag/hybridrag/generate/googleai"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/generate/ollama"
	"github.com/hybridrag/hybridrag/generate/openai"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

// These tests drive the adapter through langchaingo's real openai,
// anthropic, googleai and ollama clients against fake servers speaking each
// wire protocol.

const answer = "The pump must be serviced every six months. [S1]"

func testPrompt(question string) *generate.Prompt {
	return &generate.Prompt{Messages: []generate.Message{
		{Role: generate.RoleSystem, Content: "You must answer using ONLY the provided documentation."},
		{Role: generate.RoleUser, Content: question},
	}}
}

// fastRetries keeps backoff waits negligible.
func fastRetries(o langchain.Options) langchain.Options {
	o.Backoff, o.MaxBackoff = time.Millisecond, 2*time.Millisecond
	return o
}

type provider struct {
	name      string
	model     string
	newServer func(t testing.TB, respond hybridragtest.ChatResponder, opts ...hybridragtest.ServerOption) *hybridragtest.Server
	newGen    func(t *testing.T, srv *hybridragtest.Server, o langchain.Options) *langchain.Generator
	// unauthorized makes the server answer 401.
	unauthorized hybridragtest.ServerOption
	// wireStreams: langchaingo's ollama client omits "stream": false, so
	// Ollama streams even a non-streaming call and the client assembles it;
	// its googleai client streams every multi-message prompt.
	wireStreams bool
	// firstChunkUsage: the Google SDK keeps the usage of the first stream
	// chunk, so completion counts are those of the first chunk.
	firstChunkUsage bool
	// capReason is the stop reason the provider sends at the token cap.
	capReason string
}

var providers = []provider{
	{
		name: "openai", model: "gpt-test", newServer: hybridragtest.NewOpenAIServer,
		newGen: func(t *testing.T, srv *hybridragtest.Server, o langchain.Options) *langchain.Generator {
			g, err := openai.New(openai.Options{APIKey: "test-key", BaseURL: srv.BaseURL(), Model: "gpt-test", Generator: o})
			require.NoError(t, err)
			return g
		},
		unauthorized: hybridragtest.RequireAPIKey("another-key"),
		capReason:    "length",
	},
	{
		name: "anthropic", model: "claude-test", newServer: hybridragtest.NewAnthropicServer,
		newGen: func(t *testing.T, srv *hybridragtest.Server, o langchain.Options) *langchain.Generator {
			g, err := anthropic.New(anthropic.Options{APIKey: "test-key", BaseURL: srv.BaseURL(), Model: "claude-test", Generator: o})
			require.NoError(t, err)
			return g
		},
		unauthorized: hybridragtest.RequireAPIKey("another-key"),
		capReason:    "max_tokens",
	},
	{
		name: "googleai", model: "gemini-test", newServer: hybridragtest.NewGoogleAIServer,
		newGen: func(t *testing.T, srv *hybridragtest.Server, o langchain.Options) *langchain.Generator {
			g, err := googleai.New(context.Background(), googleai.Options{APIKey: "test-key", BaseURL: srv.BaseURL(), Model: "gemini-test", Generator: o})
			require.NoError(t, err)
			t.Cleanup(func() { _ = g.Close() })
			return g.Generator
		},
		unauthorized:    hybridragtest.RequireAPIKey("another-key"),
		wireStreams:     true,
		firstChunkUsage: true,
		capReason:       "MAX_TOKENS",
	},
	{
		name: "ollama", model: "llama-test", newServer: hybridragtest.NewOllamaServer,
		newGen: func(t *testing.T, srv *hybridragtest.Server, o langchain.Options) *langchain.Generator {
			g, err := ollama.New(ollama.Options{ServerURL: srv.BaseURL(), Model: "llama-test", Generator: o})
			require.NoError(t, err)
			return g
		},
		// Ollama has no keys; a proxy in front of it may answer 401.
		unauthorized: hybridragtest.FailFirst(100, http.StatusUnauthorized),
		wireStreams:  true,
		capReason:    "length",
	},
}

func constant(string) hybridragtest.ChatResponder {
	return func([]generate.Message) string { return answer }
}

func words(s string) int { return len(strings.Fields(s)) }

// completionWords is the completion count p reports for answer streamed in
// chunks pieces.
func (p provider) completionWords(chunks int) int {
	if p.firstChunkUsage {
		return words(hybridragtest.SplitChunks(answer, chunks)[0])
	}
	return words(answer)
}

func TestProviderPlain(t *testing.T) {
	for _, p := range providers {
		t.Run(p.name, func(t *testing.T) {
			srv := p.newServer(t, constant(answer))
			g := p.newGen(t, srv, langchain.Options{})
			require.Equal(t, p.name, g.Name())
			pr := testPrompt("How often is the pump serviced?")
			gen, err := g.Generate(context.Background(), generate.Request{Question: "q", Prompt: pr})
			require.NoError(t, err)
			require.Equal(t, answer, gen.Text)
			require.Equal(t, p.model, gen.Model)
			require.Equal(t, words(pr.Messages[0].Content)+words(pr.Messages[1].Content), gen.PromptTokens)
			require.Equal(t, p.completionWords(hybridragtest.DefaultStreamChunks), gen.CompletionTokens)

			calls := srv.Calls()
			require.Len(t, calls, 1)
			require.Equal(t, pr.Messages, calls[0].Messages)
			require.Equal(t, p.model, calls[0].Model)
			require.InDelta(t, langchain.DefaultTemperature, calls[0].Temperature, 1e-6)
			require.Equal(t, langchain.DefaultMaxTokens, calls[0].MaxTokens)
			require.Equal(t, p.wireStreams, calls[0].Stream)
		})
	}
}

func TestProviderStreaming(t *testing.T) {
	for _, p := range providers {
		t.Run(p.name, func(t *testing.T) {
			srv := p.newServer(t, constant(answer), hybridragtest.StreamChunks(5))
			g := p.newGen(t, srv, langchain.Options{})
			var chunks []string
			gen, err := g.Generate(context.Background(), generate.Request{
				Prompt: testPrompt("q"),
				Stream: func(_ context.Context, b []byte) error { chunks = append(chunks, string(b)); return nil },
			})
			require.NoError(t, err)
			require.Equal(t, hybridragtest.SplitChunks(answer, 5), chunks)
			require.Equal(t, answer, strings.Join(chunks, ""))
			require.Equal(t, answer, gen.Text)
			require.Equal(t, p.completionWords(5), gen.CompletionTokens)
			require.Positive(t, gen.PromptTokens)
			require.True(t, srv.Calls()[0].Stream)
		})
	}
}

func TestProviderRetries(t *testing.T) {
	cases := []struct {
		name      string
		fail      int
		status    int
		retries   int
		wantErr   bool
		wantCalls int
	}{
		{"500 twice then success", 2, http.StatusInternalServerError, 0, false, 3},
		{"429 then success", 1, http.StatusTooManyRequests, 0, false, 2},
		{"503 beyond the retry budget", 10, http.StatusServiceUnavailable, 2, true, 3},
		{"no retries", 10, http.StatusBadGateway, -1, true, 1},
		{"400 is not retried", 10, http.StatusBadRequest, 0, true, 1},
		{"404 is not retried", 10, http.StatusNotFound, 0, true, 1},
	}
	for _, p := range providers {
		for _, c := range cases {
			t.Run(p.name+"/"+c.name, func(t *testing.T) {
				srv := p.newServer(t, constant(answer), hybridragtest.FailFirst(c.fail, c.status))
				g := p.newGen(t, srv, fastRetries(langchain.Options{MaxRetries: c.retries}))
				gen, err := g.Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
				require.Equal(t, c.wantCalls, srv.ChatCalls())
				if !c.wantErr {
					require.NoError(t, err)
					require.Equal(t, answer, gen.Text)
					return
				}
				require.Nil(t, gen)
				require.ErrorIs(t, err, langchain.ErrProvider)
				var pe *langchain.ProviderError
				require.ErrorAs(t, err, &pe)
				require.Equal(t, c.wantCalls, pe.Attempts)
				require.Equal(t, c.status, pe.StatusCode)
				require.Equal(t, p.name, pe.Provider)
				require.False(t, pe.Timeout)
			})
		}
	}
}

func TestProviderUnauthorizedIsNotRetried(t *testing.T) {
	for _, p := range providers {
		t.Run(p.name, func(t *testing.T) {
			srv := p.newServer(t, constant(answer), p.unauthorized)
			g := p.newGen(t, srv, fastRetries(langchain.Options{}))
			_, err := g.Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
			var pe *langchain.ProviderError
			require.ErrorAs(t, err, &pe)
			require.Equal(t, 1, pe.Attempts)
			require.Equal(t, http.StatusUnauthorized, pe.StatusCode)
			require.Len(t, srv.Calls(), 1)
		})
	}
}

func TestProviderTimeout(t *testing.T) {
	for _, p := range providers {
		for _, stream := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/stream=%v", p.name, stream), func(t *testing.T) {
				srv := p.newServer(t, constant(answer), hybridragtest.Delay(time.Minute))
				g := p.newGen(t, srv, fastRetries(langchain.Options{Timeout: 50 * time.Millisecond, MaxRetries: 1}))
				req := generate.Request{Prompt: testPrompt("q")}
				var streamed []string
				if stream {
					req.Stream = func(_ context.Context, b []byte) error { streamed = append(streamed, string(b)); return nil }
				}
				gen, err := g.Generate(context.Background(), req)
				require.Nil(t, gen)
				require.Empty(t, streamed)
				require.ErrorIs(t, err, langchain.ErrProvider)
				require.ErrorIs(t, err, context.DeadlineExceeded)
				var pe *langchain.ProviderError
				require.ErrorAs(t, err, &pe)
				require.True(t, pe.Timeout)
				require.Equal(t, 2, pe.Attempts) // timeouts are retried
				require.Equal(t, 2, srv.ChatCalls())
			})
		}
	}
}

// A dropped connection is a truncated reply: retried, and the retries
// resume the stream, so the consumer never sees a chunk twice.
func TestProviderBrokenStreamIsTruncated(t *testing.T) {
	for _, p := range providers {
		t.Run(p.name, func(t *testing.T) {
			srv := p.newServer(t, constant(answer), hybridragtest.StreamChunks(4), hybridragtest.BreakStreamAfter(2))
			g := p.newGen(t, srv, fastRetries(langchain.Options{MaxRetries: 2}))
			var streamed []string
			gen, err := g.Generate(context.Background(), generate.Request{
				Prompt: testPrompt("q"),
				Stream: func(_ context.Context, b []byte) error { streamed = append(streamed, string(b)); return nil },
			})
			require.Nil(t, gen, "no partial text")
			require.ErrorIs(t, err, langchain.ErrProvider)
			require.ErrorIs(t, err, generate.ErrTruncated)
			var te *generate.TruncatedError
			require.ErrorAs(t, err, &te)
			require.NotEmpty(t, te.Missing)
			require.Error(t, te.Err, "a broken connection keeps its read error")
			require.Equal(t, hybridragtest.SplitChunks(answer, 4)[:2], streamed)
			require.Equal(t, 3, srv.ChatCalls())
		})
	}
}

func TestProviderCallerCancellation(t *testing.T) {
	for _, p := range providers {
		t.Run(p.name, func(t *testing.T) {
			srv := p.newServer(t, constant(answer), hybridragtest.StreamChunks(4))
			g := p.newGen(t, srv, fastRetries(langchain.Options{}))
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			gen, err := g.Generate(ctx, generate.Request{
				Prompt: testPrompt("q"),
				Stream: func(context.Context, []byte) error { cancel(); return nil },
			})
			require.Nil(t, gen)
			require.ErrorIs(t, err, context.Canceled)
			require.NotErrorIs(t, err, langchain.ErrProvider)
			require.Equal(t, 1, srv.ChatCalls())
		})
	}
}

func TestProviderStreamConsumerError(t *testing.T) {
	for _, p := range providers {
		t.Run(p.name, func(t *testing.T) {
			srv := p.newServer(t, constant(answer))
			g := p.newGen(t, srv, fastRetries(langchain.Options{}))
			stop := errors.New("client disconnected")
			_, err := g.Generate(context.Background(), generate.Request{
				Prompt: testPrompt("q"),
				Stream: func(context.Context, []byte) error { return stop },
			})
			require.ErrorIs(t, err, stop)
			require.NotErrorIs(t, err, langchain.ErrProvider)
			require.Equal(t, 1, srv.ChatCalls())
		})
	}
}

func TestProviderConcurrentUse(t *testing.T) {
	for _, p := range providers {
		t.Run(p.name, func(t *testing.T) {
			srv := p.newServer(t, nil) // echoes the question
			g := p.newGen(t, srv, langchain.Options{})
			const n = 8
			got := make([]string, n)
			var wg sync.WaitGroup
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					req := generate.Request{Prompt: testPrompt(fmt.Sprintf("question %d", i))}
					if i%2 == 1 {
						req.Stream = func(context.Context, []byte) error { return nil }
					}
					if gen, err := g.Generate(context.Background(), req); err == nil {
						got[i] = gen.Text
					}
				}()
			}
			wg.Wait()
			for i := range n {
				require.Equal(t, fmt.Sprintf("question %d", i), got[i])
			}
			require.Equal(t, n, srv.ChatCalls())
		})
	}
}
