package langchain_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tmc/langchaingo/llms"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/langchain"
)

// Models whose HTTP traffic the transport does not see are judged by the
// stop reasons langchaingo reports.
func TestStopReasonWithoutTransport(t *testing.T) {
	cases := []struct {
		name        string
		stops       []string // one choice per entry
		requireStop bool
		wantStop    string // "" with wantMissing false: accepted
		wantMissing bool
		wantCalls   int32
	}{
		{name: "normal stop", stops: []string{"stop"}, requireStop: true, wantCalls: 1},
		{name: "anthropic end_turn over two blocks", stops: []string{"end_turn", "end_turn"}, requireStop: true, wantCalls: 1},
		{name: "no stop reason from a model that never reports one", stops: []string{""}, wantCalls: 1},
		{name: "no stop reason where one is required", stops: []string{""}, requireStop: true, wantMissing: true, wantCalls: 3},
		{name: "gemini unspecified counts as none", stops: []string{"FinishReasonUnspecified"}, requireStop: true, wantMissing: true, wantCalls: 3},
		{name: "openai length", stops: []string{"length"}, wantStop: "length", wantCalls: 1},
		{name: "anthropic max_tokens", stops: []string{"max_tokens"}, wantStop: "max_tokens", wantCalls: 1},
		{name: "gemini max tokens via langchaingo", stops: []string{"FinishReasonMaxTokens"}, wantStop: "FinishReasonMaxTokens", wantCalls: 1},
		{name: "content filter", stops: []string{"content_filter"}, requireStop: true, wantStop: "content_filter", wantCalls: 1},
		{name: "unknown reason is accepted", stops: []string{"tool_calls"}, requireStop: true, wantCalls: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var calls atomic.Int32
			m := modelFunc(func(context.Context, []llms.MessageContent, llms.CallOptions) (*llms.ContentResponse, error) {
				calls.Add(1)
				resp := &llms.ContentResponse{}
				for _, s := range c.stops {
					resp.Choices = append(resp.Choices, &llms.ContentChoice{Content: "Part. ", StopReason: s})
				}
				return resp, nil
			})
			g := langchain.New(m, fastRetries(langchain.Options{MaxRetries: 2, RequireStopReason: c.requireStop}))
			gen, err := g.Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
			require.Equal(t, c.wantCalls, calls.Load())
			if c.wantStop == "" && !c.wantMissing {
				require.NoError(t, err)
				require.NotEmpty(t, gen.Text)
				return
			}
			require.Nil(t, gen)
			require.ErrorIs(t, err, generate.ErrTruncated)
			var te *generate.TruncatedError
			require.ErrorAs(t, err, &te)
			require.Equal(t, c.wantStop, te.StopReason)
			require.Equal(t, c.wantMissing, te.Missing != "")
		})
	}
}

func TestDefaultRetryableTruncation(t *testing.T) {
	require.True(t, langchain.DefaultRetryable(&generate.TruncatedError{Missing: "message_stop"}, 200))
	require.False(t, langchain.DefaultRetryable(&generate.TruncatedError{StopReason: "length"}, 200))
	require.False(t, langchain.DefaultRetryable(langchain.ErrStreamDiverged, 0))
}

func TestTruncatedErrorText(t *testing.T) {
	require.Equal(t, "generate: truncated reply: ended without message_stop",
		(&generate.TruncatedError{Missing: "message_stop"}).Error())
	require.Equal(t, "generate: truncated reply: stopped by the provider (length)",
		(&generate.TruncatedError{StopReason: "length"}).Error())
}
