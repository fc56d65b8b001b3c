package hybridragtest_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

func readAll(t *testing.T, r *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	require.NoError(t, err)
	return string(b)
}

func TestAnthropicServerProtocol(t *testing.T) {
	srv := hybridragtest.NewAnthropicServer(t, func([]generate.Message) string { return "one two three" },
		hybridragtest.StreamChunks(2), hybridragtest.RequireAPIKey("k"))
	url := srv.BaseURL() + "/messages"
	body := `{"model":"claude","system":"be brief","max_tokens":64,"temperature":0.2,"messages":[{"role":"user","content":[{"type":"text","text":"a b"}]}]}`
	auth := []string{"x-api-key", "k", "anthropic-version", "2023-06-01"}

	require.Equal(t, http.StatusUnauthorized, post(t, url, body, "anthropic-version", "2023-06-01").StatusCode)
	require.Equal(t, http.StatusBadRequest, post(t, url, body, "x-api-key", "k").StatusCode, "anthropic-version is required")
	require.Equal(t, http.StatusBadRequest, post(t, url, `{"model":"c","messages":[{"role":"user","content":"x"}]}`, auth...).StatusCode, "max_tokens is required")

	resp := post(t, url, body, auth...)
	var msg struct {
		Content    []struct{ Type, Text string }
		StopReason string `json:"stop_reason"`
		Usage      struct {
			In  int `json:"input_tokens"`
			Out int `json:"output_tokens"`
		}
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&msg))
	require.Equal(t, "one two three", msg.Content[0].Text)
	require.Equal(t, "end_turn", msg.StopReason)
	require.Equal(t, 4, msg.Usage.In) // "be brief" + "a b"
	require.Equal(t, 3, msg.Usage.Out)

	stream := post(t, url, strings.Replace(body, `"max_tokens"`, `"stream":true,"max_tokens"`, 1), auth...)
	require.Equal(t, "text/event-stream", stream.Header.Get("Content-Type"))
	text := readAll(t, stream)
	var events []string
	for _, l := range strings.Split(text, "\n") {
		if name, ok := strings.CutPrefix(l, "event: "); ok {
			events = append(events, name)
		}
	}
	require.Equal(t, []string{"message_start", "content_block_start", "ping", "content_block_delta", "content_block_delta",
		"content_block_stop", "message_delta", "message_stop"}, events)
	require.Contains(t, text, `"stop_reason":"end_turn"`)

	calls := srv.Calls()
	require.Equal(t, hybridragtest.ServerCall{Path: "/v1/messages", Model: "claude", Temperature: 0.2, MaxTokens: 64, Status: 200,
		Messages: []generate.Message{{Role: generate.RoleSystem, Content: "be brief"}, {Role: generate.RoleUser, Content: "a b"}}}, calls[len(calls)-2])
	require.True(t, calls[len(calls)-1].Stream)
}

func TestGoogleAIServerProtocol(t *testing.T) {
	srv := hybridragtest.NewGoogleAIServer(t, func([]generate.Message) string { return "one two three" },
		hybridragtest.StreamChunks(2), hybridragtest.RequireAPIKey("k"))
	base := srv.BaseURL() + "/v1beta/models/gem:"
	body := `{"systemInstruction":{"parts":[{"text":"be brief"}]},"contents":[{"role":"user","parts":[{"text":"a b"}]}],"generationConfig":{"temperature":0.2,"maxOutputTokens":64}}`

	require.Equal(t, http.StatusUnauthorized, post(t, base+"generateContent", body).StatusCode)
	require.Equal(t, http.StatusNotFound, post(t, base+"countTokens", body, "x-goog-api-key", "k").StatusCode)

	var one struct {
		Candidates []struct {
			Content struct {
				Parts []struct{ Text string }
			}
			FinishReason any `json:"finishReason"`
		}
		Usage struct {
			Prompt     int `json:"promptTokenCount"`
			Candidates int `json:"candidatesTokenCount"`
		} `json:"usageMetadata"`
	}
	resp := post(t, base+"generateContent?key=k", body) // the key may be a query parameter
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&one))
	require.Equal(t, "one two three", one.Candidates[0].Content.Parts[0].Text)
	require.Equal(t, "STOP", one.Candidates[0].FinishReason)
	require.Equal(t, 4, one.Usage.Prompt)
	require.Equal(t, 3, one.Usage.Candidates)

	// The Google SDK's REST stream: a JSON array, numeric enums.
	arr := post(t, base+"streamGenerateContent?%24alt=json%3Benum-encoding%3Dint", body, "x-goog-api-key", "k")
	var chunks []json.RawMessage
	require.NoError(t, json.NewDecoder(arr.Body).Decode(&chunks))
	require.Len(t, chunks, 2)
	require.NotContains(t, string(chunks[0]), "finishReason")
	require.Contains(t, string(chunks[1]), `"finishReason":1`)

	// Gemini's public streaming format: server-sent events, enum names.
	sse := post(t, base+"streamGenerateContent?alt=sse", body, "x-goog-api-key", "k")
	require.Equal(t, "text/event-stream", sse.Header.Get("Content-Type"))
	text := readAll(t, sse)
	require.Equal(t, 2, strings.Count(text, "data: "))
	require.Contains(t, text, `"finishReason":"STOP"`)

	calls := srv.Calls()
	require.Equal(t, hybridragtest.ServerCall{Path: "/v1beta/models/gem:generateContent", Model: "gem", Temperature: 0.2, MaxTokens: 64, Status: 200,
		Messages: []generate.Message{{Role: generate.RoleSystem, Content: "be brief"}, {Role: generate.RoleUser, Content: "a b"}}}, calls[1])
	require.Equal(t, http.StatusUnauthorized, calls[0].Status)
	require.True(t, calls[2].Stream)
}

// CutStreamAfter ends a stream cleanly without its terminal event, for the
// first requests only; StopAtTokenCap changes the stop reason.
func TestCutStreamsAndTokenCap(t *testing.T) {
	type proto struct {
		name     string
		newSrv   func(testing.TB, hybridragtest.ChatResponder, ...hybridragtest.ServerOption) *hybridragtest.Server
		path     string
		body     string
		header   []string
		terminal string // present in a complete stream only
		capped   string // present under StopAtTokenCap
	}
	protos := []proto{
		{"openai", hybridragtest.NewOpenAIServer, "/v1/chat/completions", `{"model":"m","stream":true,"messages":[{"role":"user","content":"q"}]}`, nil, "data: [DONE]", `"finish_reason":"length"`},
		{"ollama", hybridragtest.NewOllamaServer, "/api/chat", `{"model":"m","messages":[{"role":"user","content":"q"}]}`, nil, `"done":true`, `"done_reason":"length"`},
		{"anthropic", hybridragtest.NewAnthropicServer, "/v1/messages", `{"model":"m","stream":true,"max_tokens":9,"messages":[{"role":"user","content":"q"}]}`,
			[]string{"anthropic-version", "2023-06-01"}, "message_stop", `"stop_reason":"max_tokens"`},
		{"googleai", hybridragtest.NewGoogleAIServer, "/v1beta/models/g:streamGenerateContent", `{"contents":[{"parts":[{"text":"q"}]}]}`, nil, "finishReason", `"finishReason":"MAX_TOKENS"`},
	}
	for _, p := range protos {
		t.Run(p.name, func(t *testing.T) {
			srv := p.newSrv(t, func([]generate.Message) string { return "alpha bravo charlie zulu" },
				hybridragtest.StreamChunks(4), hybridragtest.CutStreamAfter(2, 1))
			cut := post(t, srv.URL+p.path, p.body, p.header...)
			require.Equal(t, http.StatusOK, cut.StatusCode)
			text := readAll(t, cut) // a clean end: no read error
			require.NotContains(t, text, p.terminal)
			require.Contains(t, text, "alpha")
			require.NotContains(t, text, "zulu", "the stream stopped after two chunks")

			whole := readAll(t, post(t, srv.URL+p.path, p.body, p.header...))
			require.Contains(t, whole, p.terminal, "only the first request is cut")
			require.Contains(t, whole, "zulu")

			capped := p.newSrv(t, nil, hybridragtest.StopAtTokenCap())
			require.Contains(t, readAll(t, post(t, capped.URL+p.path, p.body, p.header...)), p.capped)
		})
	}
}
