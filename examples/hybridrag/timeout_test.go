package main

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

// A hung provider ends within --timeout, not after its own delay.
func TestCLIAskTimeout(t *testing.T) {
	st := indexValveDocs(t)
	srv := hybridragtest.NewOpenAIServer(t, func([]generate.Message) string {
		return "The pressure relief valve opens at 6 bar [S1]."
	}, hybridragtest.Delay(30*time.Second))
	t.Setenv("OPENAI_API_KEY", "test-key")
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	for _, extra := range [][]string{nil, {"--stream"}, {"--judge", "--json"}} {
		args := append([]string{"ask", "--store", st, "--no-log", "--generator", "openai", "--timeout", "300ms", valveQuestion}, extra...)
		start := time.Now()
		code, out, errOut := runCLI(t, args...)
		took := time.Since(start)
		require.Equal(t, 1, code, "%q: %s", extra, out)
		require.Contains(t, errOut, "deadline of 300ms (--timeout) exceeded")
		require.Less(t, took, 5*time.Second, "ended by the deadline, not the server's delay")
		require.GreaterOrEqual(t, took, 300*time.Millisecond)
	}
}

func TestCLIEvalTimeout(t *testing.T) {
	st, qs := evalTestSet(t)
	srv := hybridragtest.NewOpenAIServer(t, func([]generate.Message) string {
		return "The pressure relief valve opens at 6 bar [S1]."
	}, hybridragtest.Delay(30*time.Second))
	t.Setenv("OPENAI_API_KEY", "test-key")
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	start := time.Now()
	code, out, errOut := runCLI(t, "eval", "--store", st, "--questions", qs, "--no-log", "--json", "--generator", "openai", "--timeout", "300ms")
	require.Less(t, time.Since(start), 10*time.Second)
	require.Equal(t, 0, code, errOut)
	var agg struct {
		Errors int `json:"errors"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &agg))
	require.Positive(t, srv.ChatCalls())
	require.Equal(t, srv.ChatCalls(), agg.Errors, "every question that reached the model overran and was recorded as failed")
}

func TestCLITimeoutUsage(t *testing.T) {
	st := indexValveDocs(t)
	for _, args := range [][]string{
		{"ask", "--store", st, "--timeout", "-1s", valveQuestion},
		{"ask", "--store", st, "--timeout", "soon", valveQuestion},
		{"eval", "--store", st, "--questions", "q.jsonl", "--timeout", "-5s"},
	} {
		code, _, errOut := runCLI(t, args...)
		require.Equal(t, 2, code, "%q: %s", args, errOut)
		require.Contains(t, errOut, "timeout")
	}
}
