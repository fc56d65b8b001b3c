package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

// writes records every Write call, to see the stream arrive in pieces.
type writes struct {
	bytes.Buffer
	calls []string
}

func (w *writes) Write(b []byte) (int, error) {
	w.calls = append(w.calls, string(b))
	return w.Buffer.Write(b)
}

func TestCLIAskStream(t *testing.T) {
	st := indexValveDocs(t)
	const (
		opens = "The pressure relief valve opens at 6 bar [S1]."
		blue  = "The valve is painted blue [S1]."
		test  = "Test the relief valve every 6 months by lifting its lever [S1]."
	)
	reply := opens + " " + blue + " " + test + "\n\nSources:\n- [S1] valve.md"
	srv := hybridragtest.NewOpenAIServer(t, func([]generate.Message) string { return reply }, hybridragtest.StreamChunks(17))
	t.Setenv("OPENAI_API_KEY", "test-key")
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())

	var out writes
	var errOut bytes.Buffer
	code := run(context.Background(), []string{"ask", "--store", st, "--no-log", "--generator", "openai", "--stream", valveQuestion}, &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	require.True(t, srv.Calls()[0].Stream, "the model is asked to stream")
	answer := opens + " " + test
	require.True(t, strings.HasPrefix(out.String(), answer+"\n\n"), "%q", out.String())
	require.NotContains(t, out.String(), "blue")
	rest := strings.TrimPrefix(out.String(), answer+"\n\n")
	require.Contains(t, rest, "(LOW CONFIDENCE", "a third of the answer was dropped")
	require.Contains(t, rest, "Sources:\n- [S1] ")
	require.Contains(t, rest, "Valve guide")
	// The answer arrived sentence by sentence, before the Sources block.
	require.Equal(t, []string{opens, " " + test}, out.calls[:2])

	// The same answer without --stream, for comparison.
	code, plain, errText := runCLI(t, "ask", "--store", st, "--no-log", "--generator", "openai", valveQuestion)
	require.Equal(t, 0, code, errText)
	require.Contains(t, plain, answer)
	require.False(t, srv.Calls()[1].Stream)
}

func TestCLIAskStreamRefusal(t *testing.T) {
	st := indexValveDocs(t)
	srv := hybridragtest.NewOpenAIServer(t, func([]generate.Message) string { return "The valve is painted blue [S1]." })
	t.Setenv("OPENAI_API_KEY", "test-key")
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	code, out, errOut := runCLI(t, "ask", "--store", st, "--no-log", "--generator", "openai", "--stream", valveQuestion)
	require.Equal(t, 0, code, errOut)
	require.NotContains(t, out, "blue")
	require.Equal(t, "The indexed documentation does not contain this information.\n\n"+
		"Refused (unsupported_answer): no part of the generated answer was supported by the sources.\n", out,
		"only the refusal and its reason in words (issue 12 item 9)")
}

func TestCLIAskStreamUsage(t *testing.T) {
	st := indexValveDocs(t)
	for _, args := range [][]string{
		{"ask", "--store", st, "--stream", "--json", valveQuestion},
		{"ask", "--store", st, "--stream", "--print-prompt", valveQuestion},
	} {
		code, _, errOut := runCLI(t, args...)
		require.Equal(t, 2, code, "%q", args)
		require.Contains(t, errOut, "--stream")
	}
}
