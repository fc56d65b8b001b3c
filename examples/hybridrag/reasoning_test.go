package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

// A reasoning model served through an OpenAI-compatible endpoint (vLLM,
// Ollama, LM Studio) may return its thinking inline before the answer. It
// is not part of the answer: validated as claims it would be reported as
// unsupported, or take the answer down with it when no space separates
// them.
func TestCLIAskReasoningModel(t *testing.T) {
	st := indexValveDocs(t)
	const answer = "The pressure relief valve opens at 6 bar [S1]."
	t.Setenv("OPENAI_API_KEY", "test-key")
	cases := []struct{ name, reply string }{
		{"without reasoning", answer},
		{"block glued to the answer", "<think>The user asks about the valve. I recall 10 bar [S1].</think>" + answer},
		{"block on its own lines", "<think>\nS1 says 6 bar [S1].\n</think>\n\n" + answer},
		{"closing tag only", "S1 says 6 bar, and valves usually open at 10 bar [S1].\n</think>\n\n" + answer},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := hybridragtest.NewOpenAIServer(t, func([]generate.Message) string { return tc.reply }, hybridragtest.StreamChunks(5))
			t.Setenv("OPENAI_BASE_URL", srv.BaseURL())

			code, out, errOut := runCLI(t, "ask", "--store", st, "--no-log", "--generator", "openai", "--json", valveQuestion)
			require.Equal(t, 0, code, errOut)
			var ans struct {
				Answer     string `json:"answer"`
				Confidence string `json:"confidence"`
				Validation struct {
					Coverage float64 `json:"attribution_coverage"`
				} `json:"validation"`
			}
			require.NoError(t, json.Unmarshal([]byte(out), &ans), out)
			require.Equal(t, answer, ans.Answer)
			require.Equal(t, 1.0, ans.Validation.Coverage, "no sentence of the answer was dropped")
			require.Equal(t, confidence(t, st, answer), ans.Confidence, "as without the thinking")
		})
	}

	// Streamed, the thinking is held back and never reaches the user, even
	// where it quotes a source.
	thinking := "<think>\nLet me check the sources. The relief valve opens at 6 bar [S1].\n</think>\n\n" + answer
	srv := hybridragtest.NewOpenAIServer(t, func([]generate.Message) string { return thinking }, hybridragtest.StreamChunks(5))
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	var out writes
	var errOut writes
	code := run(context.Background(), []string{"ask", "--store", st, "--no-log", "--generator", "openai", "--stream", valveQuestion}, &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	require.True(t, srv.Calls()[0].Stream)
	require.Equal(t, answer, out.calls[0], "the first text out is the answer's")
	require.NotContains(t, out.String(), "think")

	// Streamed, a closing tag with no opening one cannot be waited for:
	// the thinking is validated like any text, and the answer extends what
	// streamed rather than ending in an error.
	orphan := "The relief valve opens at 6 bar [S1]. Valves usually open at 10 bar [S1].\n</think>\n\n" + answer
	srv = hybridragtest.NewOpenAIServer(t, func([]generate.Message) string { return orphan }, hybridragtest.StreamChunks(5))
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	out, errOut = writes{}, writes{}
	code = run(context.Background(), []string{"ask", "--store", st, "--no-log", "--generator", "openai", "--stream", valveQuestion}, &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	require.True(t, strings.HasPrefix(out.String(), "The relief valve opens at 6 bar [S1]."), out.String())
	require.Contains(t, out.String(), answer)
	require.NotContains(t, out.String(), "10 bar")

	// A reply that never closes its block holds no answer.
	srv = hybridragtest.NewOpenAIServer(t, func([]generate.Message) string { return "<think>S1 says 6 bar [S1]." })
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	code, text, errText := runCLI(t, "ask", "--store", st, "--no-log", "--generator", "openai", valveQuestion)
	require.Equal(t, 0, code, errText)
	require.Contains(t, text, "Refused (unsupported_answer)")
	require.NotContains(t, text, "6 bar")
}

// confidence is what ask --json reports for reply as a model's whole reply.
func confidence(t *testing.T, st, reply string) string {
	t.Helper()
	srv := hybridragtest.NewOpenAIServer(t, func([]generate.Message) string { return reply })
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	code, out, errOut := runCLI(t, "ask", "--store", st, "--no-log", "--generator", "openai", "--json", valveQuestion)
	require.Equal(t, 0, code, errOut)
	var ans struct {
		Confidence string `json:"confidence"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &ans), out)
	return ans.Confidence
}
