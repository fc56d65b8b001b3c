package hybridragtest_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tmc/langchaingo/llms"
	lcollama "github.com/tmc/langchaingo/llms/ollama"
	lcopenai "github.com/tmc/langchaingo/llms/openai"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

func TestSplitChunks(t *testing.T) {
	cases := []struct {
		text string
		n    int
		want []string
	}{
		{"abcdefgh", 4, []string{"ab", "cd", "ef", "gh"}},
		{"abcde", 4, []string{"ab", "c", "d", "e"}},
		{"ab", 4, []string{"a", "b"}},
		{"", 4, nil},
		{"héllo wörld", 3, []string{"héll", "o wö", "rld"}},
		{"abcdefgh", 0, []string{"ab", "cd", "ef", "gh"}}, // default 4
		{"abc", 1, []string{"abc"}},
	}
	for _, c := range cases {
		got := hybridragtest.SplitChunks(c.text, c.n)
		require.Equal(t, c.want, got, "%q/%d", c.text, c.n)
		require.Equal(t, c.text, strings.Join(got, ""))
	}
}

func human(text string) []llms.MessageContent {
	return []llms.MessageContent{
		llms.TextParts(llms.ChatMessageTypeSystem, "rules"),
		llms.TextParts(llms.ChatMessageTypeHuman, text),
	}
}

func TestScriptedLLMScript(t *testing.T) {
	ctx := context.Background()
	m := hybridragtest.NewScriptedLLM("first", "second")
	for _, want := range []string{"first", "second", "second"} {
		resp, err := m.GenerateContent(ctx, human("q"), llms.WithTemperature(0.1), llms.WithMaxTokens(9), llms.WithModel("m"))
		require.NoError(t, err)
		require.Equal(t, want, resp.Choices[0].Content)
	}
	calls := m.Calls()
	require.Len(t, calls, 3)
	require.Equal(t, hybridragtest.LLMCall{
		Messages: []generate.Message{{Role: generate.RoleSystem, Content: "rules"}, {Role: generate.RoleUser, Content: "q"}},
		Model:    "m", Temperature: 0.1, MaxTokens: 9,
	}, calls[0])

	out, err := m.Call(ctx, "plain")
	require.NoError(t, err)
	require.Equal(t, "second", out)
	require.Equal(t, 4, m.CallCount())

	_, err = hybridragtest.NewScriptedLLM().GenerateContent(ctx, human("q"))
	require.ErrorIs(t, err, hybridragtest.ErrNoScript)
}

func TestScriptedLLMUsage(t *testing.T) {
	m := hybridragtest.NewScriptedLLM("three word answer")
	resp, err := m.GenerateContent(context.Background(), human("two words"))
	require.NoError(t, err)
	info := resp.Choices[0].GenerationInfo
	require.Equal(t, 3, info["PromptTokens"]) // "rules" + "two words"
	require.Equal(t, 3, info["CompletionTokens"])
}

func TestScriptedLLMStreaming(t *testing.T) {
	ctx := context.Background()
	m := hybridragtest.NewScriptedLLM("The pump must be serviced every six months. [S1]")
	m.StreamChunks = 5
	var chunks []string
	resp, err := m.GenerateContent(ctx, human("q"), llms.WithStreamingFunc(func(_ context.Context, b []byte) error {
		chunks = append(chunks, string(b))
		return nil
	}))
	require.NoError(t, err)
	require.Len(t, chunks, 5)
	require.Equal(t, resp.Choices[0].Content, strings.Join(chunks, ""))
	require.True(t, m.Calls()[0].Streamed)

	stop := errors.New("stop")
	_, err = m.GenerateContent(ctx, human("q"), llms.WithStreamingFunc(func(context.Context, []byte) error { return stop }))
	require.ErrorIs(t, err, stop)

	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = m.GenerateContent(cctx, human("q"))
	require.ErrorIs(t, err, context.Canceled)
}

func TestScriptedLLMConcurrent(t *testing.T) {
	m := hybridragtest.NewResponderLLM(func(_ context.Context, msgs []generate.Message) (string, error) {
		return "echo: " + msgs[len(msgs)-1].Content, nil
	})
	const n = 16
	got := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var b strings.Builder
			resp, err := m.GenerateContent(context.Background(), human(fmt.Sprint(i)),
				llms.WithStreamingFunc(func(_ context.Context, c []byte) error { b.Write(c); return nil }))
			if err == nil && resp.Choices[0].Content == b.String() {
				got[i] = b.String()
			}
		}()
	}
	wg.Wait()
	for i := range n {
		require.Equal(t, fmt.Sprintf("echo: %d", i), got[i])
	}
	require.Equal(t, n, m.CallCount())
}

func TestCountingGenerator(t *testing.T) {
	inner := generate.GeneratorFunc(func(_ context.Context, req generate.Request) (*generate.Generation, error) {
		return &generate.Generation{Text: req.Question}, nil
	})
	c := hybridragtest.NewCountingGenerator(inner)
	require.Equal(t, "counting", c.Name())
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = c.Generate(context.Background(), generate.Request{Question: "q"})
		}()
	}
	wg.Wait()
	require.Equal(t, 10, c.Calls())

	gen, err := c.Generate(context.Background(), generate.Request{Question: "x"})
	require.NoError(t, err)
	require.Equal(t, "x", gen.Text)

	_, err = hybridragtest.NewCountingGenerator(nil).Generate(context.Background(), generate.Request{})
	require.ErrorIs(t, err, hybridragtest.ErrNilGenerator)
}

func TestHashVector(t *testing.T) {
	a := hybridragtest.HashVector("reset the pump controller", 32)
	require.Equal(t, a, hybridragtest.HashVector("Reset the PUMP controller!", 32))
	require.Len(t, a, 32)
	var norm float64
	for _, f := range a {
		norm += float64(f) * float64(f)
	}
	require.InDelta(t, 1, math.Sqrt(norm), 1e-6)

	empty := hybridragtest.HashVector("  ", 8)
	require.Equal(t, []float32{1, 0, 0, 0, 0, 0, 0, 0}, empty)
	require.Len(t, hybridragtest.HashVector("x", 0), hybridragtest.DefaultEmbeddingDimension)
}

// post sends a raw JSON request and returns the response.
func post(t *testing.T, url, body string, header ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	require.NoError(t, err)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func TestOpenAIServerProtocol(t *testing.T) {
	srv := hybridragtest.NewOpenAIServer(t, func(msgs []generate.Message) string { return "Answer text here. [S1]" },
		hybridragtest.StreamChunks(3))
	chat := srv.BaseURL() + "/chat/completions"

	resp := post(t, chat, `{"model":"m","messages":[{"role":"user","content":"hi there"}],"temperature":0.1,"max_completion_tokens":50}`)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var out struct {
		Choices []struct {
			Message      struct{ Role, Content string }
			FinishReason string `json:"finish_reason"`
		}
		Usage struct {
			PromptTokens     int `json:"prompt_tokens"`
			CompletionTokens int `json:"completion_tokens"`
		}
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&out))
	require.Equal(t, "Answer text here. [S1]", out.Choices[0].Message.Content)
	require.Equal(t, "stop", out.Choices[0].FinishReason)
	require.Equal(t, 2, out.Usage.PromptTokens)
	require.Equal(t, 4, out.Usage.CompletionTokens)

	resp = post(t, chat, `{"model":"m","stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"user","content":[{"type":"text","text":"hi"}]}]}`)
	require.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	var lines []string
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if l := sc.Text(); l != "" {
			lines = append(lines, l)
		}
	}
	// role chunk, 3 content chunks, finish chunk, usage chunk, [DONE]
	require.Len(t, lines, 7)
	require.Equal(t, "data: [DONE]", lines[6])
	require.Contains(t, lines[5], `"usage":{"completion_tokens":4,"prompt_tokens":1,"total_tokens":5}`)
	require.Contains(t, lines[4], `"finish_reason":"stop"`)

	calls := srv.Calls()
	require.Len(t, calls, 2)
	require.Equal(t, hybridragtest.ServerCall{
		Path: "/v1/chat/completions", Model: "m", Temperature: 0.1, MaxTokens: 50, Status: 200,
		Messages: []generate.Message{{Role: generate.RoleUser, Content: "hi there"}},
	}, calls[0])
	require.True(t, calls[1].Stream)
	require.Equal(t, "hi", calls[1].Messages[0].Content)

	for _, c := range []struct {
		url, body string
		status    int
	}{
		{chat, `{not json`, http.StatusBadRequest},
		{chat, `{"model":"m","messages":[]}`, http.StatusBadRequest},
		{srv.URL + "/v1/unknown", `{}`, http.StatusNotFound},
		{srv.BaseURL() + "/embeddings", `{"input":[]}`, http.StatusBadRequest},
	} {
		require.Equal(t, c.status, post(t, c.url, c.body).StatusCode, c.url+" "+c.body)
	}
	get, err := http.Get(chat)
	require.NoError(t, err)
	get.Body.Close()
	require.Equal(t, http.StatusMethodNotAllowed, get.StatusCode)
}

func TestServerFailuresAndAuth(t *testing.T) {
	for _, name := range []string{"openai", "ollama"} {
		t.Run(name, func(t *testing.T) {
			newSrv, path := hybridragtest.NewOpenAIServer, "/v1/chat/completions"
			if name == "ollama" {
				newSrv, path = hybridragtest.NewOllamaServer, "/api/chat"
			}
			srv := newSrv(t, nil, hybridragtest.FailFirst(2, http.StatusServiceUnavailable), hybridragtest.RequireAPIKey("k"))
			body := `{"model":"m","stream":false,"messages":[{"role":"user","content":"hello"}]}`
			require.Equal(t, http.StatusUnauthorized, post(t, srv.URL+path, body).StatusCode)
			require.Equal(t, http.StatusUnauthorized, post(t, srv.URL+path, body, "Authorization", "Bearer wrong").StatusCode)
			for _, want := range []int{503, 503, 200, 200} {
				resp := post(t, srv.URL+path, body, "Authorization", "Bearer k")
				require.Equal(t, want, resp.StatusCode)
				var errBody map[string]any
				require.NoError(t, json.NewDecoder(resp.Body).Decode(&errBody))
				if want != 200 {
					require.Contains(t, errBody, "error")
				}
			}
			// Unauthorised requests are not chat calls.
			require.Equal(t, 4, srv.ChatCalls())
			require.Len(t, srv.Calls(), 6)
		})
	}
}

func TestOllamaServerProtocol(t *testing.T) {
	srv := hybridragtest.NewOllamaServer(t, func([]generate.Message) string { return "one two three four" },
		hybridragtest.StreamChunks(2))
	// No "stream" field: Ollama streams by default.
	resp := post(t, srv.URL+"/api/chat", `{"model":"llama3","messages":[{"role":"user","content":"a b"}],"options":{"temperature":0.1,"num_predict":64}}`)
	require.Equal(t, "application/x-ndjson", resp.Header.Get("Content-Type"))
	type chunk struct {
		Message struct{ Content string }
		Done    bool
		Prompt  int `json:"prompt_eval_count"`
		Eval    int `json:"eval_count"`
	}
	var chunks []chunk
	dec := json.NewDecoder(resp.Body)
	for dec.More() {
		var c chunk
		require.NoError(t, dec.Decode(&c))
		chunks = append(chunks, c)
	}
	require.Len(t, chunks, 3)
	require.Equal(t, "one two t", chunks[0].Message.Content)
	require.Equal(t, "hree four", chunks[1].Message.Content)
	require.False(t, chunks[1].Done)
	require.True(t, chunks[2].Done)
	require.Equal(t, 2, chunks[2].Prompt)
	require.Equal(t, 4, chunks[2].Eval)

	resp = post(t, srv.URL+"/api/chat", `{"model":"llama3","stream":false,"messages":[{"role":"user","content":"a"}]}`)
	var one chunk
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&one))
	require.True(t, one.Done)
	require.Equal(t, "one two three four", one.Message.Content)

	calls := srv.Calls()
	require.Equal(t, hybridragtest.ServerCall{Path: "/api/chat", Model: "llama3", Stream: true, Temperature: 0.1, MaxTokens: 64,
		Status: 200, Messages: []generate.Message{{Role: generate.RoleUser, Content: "a b"}}}, calls[0])
	require.False(t, calls[1].Stream)

	require.Equal(t, http.StatusBadRequest, post(t, srv.URL+"/api/chat", `{"messages":[]}`).StatusCode)
	require.Equal(t, http.StatusNotFound, post(t, srv.URL+"/api/generate", `{}`).StatusCode)
}

// The embedding endpoints answer langchaingo's real clients.
func TestEmbeddingsThroughRealClients(t *testing.T) {
	ctx := context.Background()
	texts := []string{"reset the pump", "warranty claims"}

	osrv := hybridragtest.NewOpenAIServer(t, nil, hybridragtest.EmbeddingDimension(8))
	ollm, err := lcopenai.New(lcopenai.WithToken("k"), lcopenai.WithBaseURL(osrv.BaseURL()),
		lcopenai.WithEmbeddingModel("emb"), lcopenai.WithModel("m"))
	require.NoError(t, err)
	vecs, err := ollm.CreateEmbedding(ctx, texts)
	require.NoError(t, err)
	require.Equal(t, [][]float32{hybridragtest.HashVector(texts[0], 8), hybridragtest.HashVector(texts[1], 8)}, vecs)
	require.Equal(t, texts, osrv.Calls()[0].Inputs)

	lsrv := hybridragtest.NewOllamaServer(t, nil)
	lllm, err := lcollama.New(lcollama.WithServerURL(lsrv.BaseURL()), lcollama.WithModel("nomic-embed-text"))
	require.NoError(t, err)
	vecs, err = lllm.CreateEmbedding(ctx, texts)
	require.NoError(t, err)
	require.Equal(t, [][]float32{
		hybridragtest.HashVector(texts[0], hybridragtest.DefaultEmbeddingDimension),
		hybridragtest.HashVector(texts[1], hybridragtest.DefaultEmbeddingDimension),
	}, vecs)
	require.Len(t, lsrv.Calls(), 2) // langchaingo embeds one text per request
}
