package langchain

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
)

// TestWireEnds feeds bodies one byte at a time, so that every line is split
// across reads.
func TestWireEnds(t *testing.T) {
	cases := []struct {
		name  string
		kind  wire
		body  string
		ended bool
		stop  string
	}{
		{"openai complete", wireOpenAI, "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"},\"finish_reason\":null}]}\n\ndata: {\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n", true, "stop"},
		{"openai [DONE] without finish_reason", wireOpenAI, "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\ndata: [DONE]\n\n", false, ""},
		{"openai finish_reason without [DONE]", wireOpenAI, "data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n", false, "stop"},
		{"openai [DONE] without trailing newline", wireOpenAI, "data: {\"choices\":[{\"finish_reason\":\"length\"}]}\n\ndata:[DONE]", true, "length"},
		{"openai model text quoting [DONE]", wireOpenAI, "data: {\"choices\":[{\"delta\":{\"content\":\"data: [DONE]\"}}]}\n\n", false, ""},
		{"anthropic complete", wireAnthropic, "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"}}\n\nevent: message_stop\ndata: {\"type\":\"message_stop\"}\n\n", true, "end_turn"},
		{"anthropic without message_stop", wireAnthropic, "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"}}\n\n", false, "end_turn"},
		{"anthropic event line alone is not the end", wireAnthropic, "event: message_stop\n", false, ""},
		{"ollama complete", wireOllama, "{\"message\":{\"content\":\"Hi\"},\"done\":false}\n{\"done\":true,\"done_reason\":\"stop\"}\n", true, "stop"},
		{"ollama non-streamed without newline", wireOllama, "{\"message\":{\"content\":\"Hi\"},\"done\":true,\"done_reason\":\"length\"}", true, "length"},
		{"ollama cut", wireOllama, "{\"message\":{\"content\":\"Hi\"},\"done\":false}\n", false, ""},
		{"gemini array with numeric enum", wireGemini, "[{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"Hi\"}]},\"finishReason\":1}]}]", true, "STOP"},
		{"gemini pretty-printed", wireGemini, "[{\n  \"candidates\": [\n    {\n      \"finishReason\": \"MAX_TOKENS\"\n    }\n  ]\n}\n]", true, "MAX_TOKENS"},
		{"gemini unspecified", wireGemini, "[{\"candidates\":[{\"finishReason\":0}]}]", false, ""},
		{"gemini model text quoting the key", wireGemini, "[{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"say \\\"finishReason\\\": \\\"STOP\\\"\"}]}}]}]", false, ""},
		{"gemini blocked prompt", wireGemini, "[{\"promptFeedback\":{\"blockReason\":1}}]", true, "blocked: SAFETY"},
		{"gemini sse", wireGemini, "data: {\"candidates\":[{\"finishReason\":\"STOP\"}]}\r\n\r\n", true, "STOP"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var st wireStatus
			body := watch(io.NopCloser(iotest.OneByteReader(strings.NewReader(c.body))), c.kind, &st)
			_, err := io.ReadAll(body)
			require.NoError(t, err)
			require.NoError(t, body.Close())
			_, ended, stop, readErr := st.snapshot()
			require.Equal(t, c.ended, ended)
			require.Equal(t, c.stop, stop)
			require.NoError(t, readErr)
		})
	}
}

func TestWireReadErrorIsKept(t *testing.T) {
	var st wireStatus
	body := watch(io.NopCloser(io.MultiReader(strings.NewReader("{\"done\":false}\n"), iotest.ErrReader(io.ErrUnexpectedEOF))), wireOllama, &st)
	_, err := io.ReadAll(body)
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
	_, ended, _, readErr := st.snapshot()
	require.False(t, ended)
	require.ErrorIs(t, readErr, io.ErrUnexpectedEOF)
}

func TestWireOf(t *testing.T) {
	req := func(path string) *http.Request { return &http.Request{URL: &url.URL{Path: path}} }
	resp := func(status int, ct string) *http.Response {
		return &http.Response{StatusCode: status, Header: http.Header{"Content-Type": {ct}}}
	}
	sse, js := "text/event-stream; charset=utf-8", "application/json"
	require.Equal(t, wireOpenAI, wireOf(req("/v1/chat/completions"), resp(200, sse)))
	require.Equal(t, wireNone, wireOf(req("/v1/chat/completions"), resp(200, js)), "a JSON reply reports its own finish_reason")
	require.Equal(t, wireAnthropic, wireOf(req("/v1/messages"), resp(200, sse)))
	require.Equal(t, wireOllama, wireOf(req("/api/chat"), resp(200, "application/x-ndjson")))
	require.Equal(t, wireGemini, wireOf(req("/v1beta/models/g:streamGenerateContent"), resp(200, js)))
	require.Equal(t, wireNone, wireOf(req("/api/chat"), resp(500, js)), "error bodies are not replies")
	require.Equal(t, wireNone, wireOf(req("/v1/embeddings"), resp(200, js)))
}
