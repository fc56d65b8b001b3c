package langchain_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/tmc/langchaingo/llms"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

// modelFunc is an llms.Model made of a function, for failure modes no fake
// server produces.
type modelFunc func(ctx context.Context, msgs []llms.MessageContent, opts llms.CallOptions) (*llms.ContentResponse, error)

func (f modelFunc) GenerateContent(ctx context.Context, msgs []llms.MessageContent, options ...llms.CallOption) (*llms.ContentResponse, error) {
	var o llms.CallOptions
	for _, opt := range options {
		opt(&o)
	}
	return f(ctx, msgs, o)
}

func (f modelFunc) Call(ctx context.Context, prompt string, options ...llms.CallOption) (string, error) {
	return llms.GenerateFromSinglePrompt(ctx, f, prompt, options...)
}

func textResponse(text string, info map[string]any) *llms.ContentResponse {
	return &llms.ContentResponse{Choices: []*llms.ContentChoice{{Content: text, GenerationInfo: info}}}
}

func TestCallOptions(t *testing.T) {
	cases := []struct {
		name      string
		opts      langchain.Options
		wantTemp  float64
		wantMax   int
		wantModel string
	}{
		{"defaults", langchain.Options{}, langchain.DefaultTemperature, langchain.DefaultMaxTokens, ""},
		{"explicit", langchain.Options{Temperature: 0.7, MaxTokens: 99, Model: "m1"}, 0.7, 99, "m1"},
		{"negative means zero temperature and no cap", langchain.Options{Temperature: -1, MaxTokens: -1}, 0, 0, ""},
		{"call options override", langchain.Options{CallOptions: []llms.CallOption{llms.WithTemperature(0.9)}}, 0.9, langchain.DefaultMaxTokens, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := hybridragtest.NewScriptedLLM("ok")
			g := langchain.New(m, c.opts)
			gen, err := g.Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
			require.NoError(t, err)
			require.Equal(t, c.wantModel, gen.Model)
			call := m.Calls()[0]
			require.InDelta(t, c.wantTemp, call.Temperature, 1e-12)
			require.Equal(t, c.wantMax, call.MaxTokens)
			require.Equal(t, c.wantModel, call.Model)
		})
	}
}

func TestMessagesAndName(t *testing.T) {
	m := hybridragtest.NewScriptedLLM("ok")
	g := langchain.New(m, langchain.Options{Name: "custom", Model: "m"})
	require.Equal(t, "custom", g.Name())
	require.Equal(t, "m", g.Model())
	require.Equal(t, "langchain", langchain.New(m, langchain.Options{}).Name())

	p := &generate.Prompt{Messages: []generate.Message{
		{Role: generate.RoleSystem, Content: "sys"},
		{Role: generate.RoleUser, Content: "u1"},
		{Role: generate.RoleAssistant, Content: "a1"},
		{Role: generate.RoleUser, Content: "u2"},
	}}
	_, err := g.Generate(context.Background(), generate.Request{Prompt: p})
	require.NoError(t, err)
	require.Equal(t, p.Messages, m.Calls()[0].Messages)

	for _, bad := range []*generate.Prompt{nil, {}} {
		_, err = g.Generate(context.Background(), generate.Request{Prompt: bad})
		require.ErrorIs(t, err, langchain.ErrNoPrompt)
	}
	_, err = g.Generate(context.Background(), generate.Request{Prompt: &generate.Prompt{
		Messages: []generate.Message{{Role: "tool", Content: "x"}}}})
	require.ErrorIs(t, err, langchain.ErrRole)
	_, err = langchain.New(nil, langchain.Options{}).Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
	require.ErrorIs(t, err, langchain.ErrNilModel)
	require.Equal(t, 1, m.CallCount(), "bad requests never reach the model")
}

func TestUsageKeysAndTypes(t *testing.T) {
	cases := []struct {
		name             string
		info             map[string]any
		prompt, complete int
	}{
		{"openai ints", map[string]any{"PromptTokens": 12, "CompletionTokens": 5}, 12, 5},
		{"anthropic keys", map[string]any{"InputTokens": 7, "OutputTokens": 3}, 7, 3},
		{"googleai int32", map[string]any{"PromptTokens": int32(9), "CompletionTokens": int32(2)}, 9, 2},
		{"floats", map[string]any{"PromptTokens": 4.0, "CompletionTokens": float32(6)}, 4, 6},
		{"json numbers", map[string]any{"PromptTokens": json.Number("8"), "CompletionTokens": json.Number("1.0")}, 8, 1},
		{"int64 and uint", map[string]any{"PromptTokens": int64(3), "CompletionTokens": uint(2)}, 3, 2},
		{"missing", map[string]any{"TotalTokens": 10}, 0, 0},
		{"garbage", map[string]any{"PromptTokens": "many", "CompletionTokens": -1.0}, 0, 0},
		{"nil info", nil, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := modelFunc(func(context.Context, []llms.MessageContent, llms.CallOptions) (*llms.ContentResponse, error) {
				return textResponse("ok", c.info), nil
			})
			gen, err := langchain.New(m, langchain.Options{}).Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
			require.NoError(t, err)
			require.Equal(t, c.prompt, gen.PromptTokens)
			require.Equal(t, c.complete, gen.CompletionTokens)
		})
	}
}

func TestChoicesJoinedOrAlternatives(t *testing.T) {
	m := modelFunc(func(context.Context, []llms.MessageContent, llms.CallOptions) (*llms.ContentResponse, error) {
		// Anthropic: a thinking block (no text, with usage) then text blocks.
		return &llms.ContentResponse{Choices: []*llms.ContentChoice{
			{Content: "", GenerationInfo: map[string]any{"InputTokens": 5, "OutputTokens": 4}},
			{Content: "First part. "},
			nil,
			{Content: "Second part."},
		}}, nil
	})
	gen, err := langchain.New(m, langchain.Options{JoinChoices: true}).Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
	require.NoError(t, err)
	require.Equal(t, "First part. Second part.", gen.Text)
	require.Equal(t, 5, gen.PromptTokens)

	// Without JoinChoices choices are alternatives: the first with text.
	gen, err = langchain.New(m, langchain.Options{}).Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
	require.NoError(t, err)
	require.Equal(t, "First part. ", gen.Text)
	require.Equal(t, 5, gen.PromptTokens)
}

func TestEmptyResponseIsAProviderErrorWithoutRetry(t *testing.T) {
	for _, resp := range []*llms.ContentResponse{nil, {}, textResponse("", nil)} {
		var calls atomic.Int32
		m := modelFunc(func(context.Context, []llms.MessageContent, llms.CallOptions) (*llms.ContentResponse, error) {
			calls.Add(1)
			return resp, nil
		})
		_, err := langchain.New(m, fastRetries(langchain.Options{})).Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
		require.ErrorIs(t, err, langchain.ErrProvider)
		require.ErrorIs(t, err, langchain.ErrEmptyResponse)
		require.EqualValues(t, 1, calls.Load())
	}
}

// A client that returns what it has, with a nil error, once the attempt's
// deadline passes must not have that partial text accepted.
func TestPartialTextAfterDeadlineIsRejected(t *testing.T) {
	var calls atomic.Int32
	m := modelFunc(func(ctx context.Context, _ []llms.MessageContent, _ llms.CallOptions) (*llms.ContentResponse, error) {
		calls.Add(1)
		<-ctx.Done()
		return textResponse("The pump must", nil), nil
	})
	g := langchain.New(m, fastRetries(langchain.Options{Timeout: 20 * time.Millisecond, MaxRetries: 2}))
	gen, err := g.Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
	require.Nil(t, gen)
	require.ErrorIs(t, err, langchain.ErrProvider)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	var pe *langchain.ProviderError
	require.ErrorAs(t, err, &pe)
	require.True(t, pe.Timeout)
	require.Equal(t, 3, pe.Attempts)
	require.EqualValues(t, 3, calls.Load())
}

func TestCustomRetryPolicy(t *testing.T) {
	boom := errors.New("boom")
	var calls atomic.Int32
	m := modelFunc(func(context.Context, []llms.MessageContent, llms.CallOptions) (*llms.ContentResponse, error) {
		if calls.Add(1) < 3 {
			return nil, boom
		}
		return textResponse("ok", nil), nil
	})
	var seen []error
	g := langchain.New(m, fastRetries(langchain.Options{Retryable: func(err error, status int) bool {
		seen = append(seen, err)
		return false
	}}))
	_, err := g.Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
	require.ErrorIs(t, err, boom)
	require.Len(t, seen, 1)

	calls.Store(0)
	gen, err := langchain.New(m, fastRetries(langchain.Options{})).Generate(context.Background(), generate.Request{Prompt: testPrompt("q")})
	require.NoError(t, err)
	require.Equal(t, "ok", gen.Text)
	require.EqualValues(t, 3, calls.Load())
}

func TestCancelledBeforeStart(t *testing.T) {
	m := hybridragtest.NewScriptedLLM("ok")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := langchain.New(m, langchain.Options{}).Generate(ctx, generate.Request{Prompt: testPrompt("q")})
	require.ErrorIs(t, err, context.Canceled)
	require.NotErrorIs(t, err, langchain.ErrProvider)
	require.Zero(t, m.CallCount())
}

func TestDefaultRetryable(t *testing.T) {
	cases := []struct {
		name   string
		err    error
		status int
		want   bool
	}{
		{"500", errors.New("x"), 500, true},
		{"503", errors.New("x"), 503, true},
		{"429", errors.New("x"), 429, true},
		{"408", errors.New("x"), 408, true},
		{"400", errors.New("x"), 400, false},
		{"401", errors.New("x"), 401, false},
		{"403", errors.New("x"), 403, false},
		{"404", errors.New("x"), 404, false},
		{"status in openai text", errors.New("API returned unexpected status code: 401: Incorrect API key"), 0, false},
		{"5xx in text", errors.New("API returned unexpected status code: 502"), 0, true},
		{"known status beats text", errors.New("status code: 401"), 503, true},
		{"llms auth error", llms.NewError(llms.ErrCodeAuthentication, "p", "bad key"), 0, false},
		{"llms token limit", llms.NewError(llms.ErrCodeTokenLimit, "p", "too long"), 0, false},
		{"llms rate limit", llms.NewError(llms.ErrCodeRateLimit, "p", "slow down"), 0, true},
		{"cancelled", context.Canceled, 0, false},
		{"empty response", langchain.ErrEmptyResponse, 0, false},
		{"network error", errors.New("connection refused"), 0, true},
		{"nil", nil, 0, false},
	}
	for _, c := range cases {
		require.Equal(t, c.want, langchain.DefaultRetryable(c.err, c.status), c.name)
	}
}

func TestProviderErrorMessage(t *testing.T) {
	inner := errors.New("boom")
	e := &langchain.ProviderError{Provider: "openai", Attempts: 4, StatusCode: 502, Err: inner}
	require.Equal(t, "langchain: openai failed after 4 attempt(s) (HTTP 502): boom", e.Error())
	require.ErrorIs(t, e, langchain.ErrProvider)
	require.ErrorIs(t, e, inner)
	require.ErrorIs(t, &langchain.ProviderError{}, langchain.ErrProvider)
}

func TestParseBaseURL(t *testing.T) {
	for _, ok := range []string{"http://127.0.0.1:11434", "https://api.openai.com/v1", "http://localhost:8080/v1/"} {
		_, err := langchain.ParseBaseURL(ok)
		require.NoError(t, err, ok)
	}
	for _, bad := range []string{"", "127.0.0.1:11434", "ftp://host", "http://", "http://u:p@host", "http://host/?q=1", "http://host/#f", "http://[::1"} {
		_, err := langchain.ParseBaseURL(bad)
		require.ErrorIs(t, err, langchain.ErrBaseURL, bad)
	}
}

func TestHTTPClientCopiesAndWraps(t *testing.T) {
	orig := &http.Client{Timeout: time.Minute}
	c := langchain.HTTPClient(orig)
	require.NotSame(t, orig, c)
	require.Nil(t, orig.Transport, "the caller's client is not modified")
	require.NotNil(t, c.Transport)
	require.Equal(t, time.Minute, c.Timeout)
	require.NotNil(t, langchain.HTTPClient(nil).Transport)

	// Requests not made by a Generator pass through.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusTeapot)
	}))
	defer srv.Close()
	resp, err := c.Get(srv.URL)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusTeapot, resp.StatusCode)
}

func TestBaseURLOrAndFor(t *testing.T) {
	u, err := langchain.BaseURLOr("", "https://api.example.com/v1")
	require.NoError(t, err)
	require.Equal(t, "https://api.example.com/v1", u)
	u, err = langchain.BaseURLOr("http://127.0.0.1:9/v1", "https://api.example.com/v1")
	require.NoError(t, err)
	require.Equal(t, "http://127.0.0.1:9/v1", u)
	_, err = langchain.BaseURLOr("ftp://x", "https://api.example.com/v1")
	require.ErrorIs(t, err, langchain.ErrBaseURL)

	o := langchain.Options{Model: "ignored"}.For("openai", "gpt-x")
	require.Equal(t, "openai", o.Name)
	require.Equal(t, "gpt-x", o.Model)
	require.Equal(t, "mine", langchain.Options{Name: "mine"}.For("openai", "m").Name, "a chosen name stays")
}
