package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

// indexValveDocs indexes a small corpus of our own and returns the store.
func indexValveDocs(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	docs := filepath.Join(dir, "docs")
	require.NoError(t, os.MkdirAll(docs, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "valve.md"), []byte("# Valve guide\n\n## Relief\n\n"+
		"The pressure relief valve opens at 6 bar. Test the relief valve every 6 months by lifting its lever. "+
		"The valve body is made of brass. Spare parts are listed at https://parts.example.com/valves.\n"), 0o600))
	st := filepath.Join(dir, "store")
	code, _, errOut := runCLI(t, "index", "--store", st, docs)
	require.Equal(t, 0, code, errOut)
	return st
}

const valveQuestion = "At what pressure does the relief valve open?"

func isJudgePrompt(msgs []generate.Message) bool {
	return strings.HasPrefix(msgs[0].Content, "You check whether sources support claims")
}

func TestCLIJudge(t *testing.T) {
	st := indexValveDocs(t)
	const answer = "The pressure relief valve opens at 6 bar [S1]. Test the relief valve every 6 months by lifting its lever [S1]."
	srv := hybridragtest.NewOpenAIServer(t, func(msgs []generate.Message) string {
		if isJudgePrompt(msgs) {
			return `{"verdicts":[{"claim":1,"supported":true},{"claim":2,"supported":false,"reason":"judge says no"}]}`
		}
		return answer
	})
	t.Setenv("OPENAI_API_KEY", "test-key")
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())

	code, out, errOut := runCLI(t, "ask", "--store", st, "--no-log", "--generator", "openai", "--json", valveQuestion)
	require.Equal(t, 0, code, errOut)
	require.Equal(t, 1, srv.ChatCalls(), "no judge without --judge")
	var ans struct {
		Answer     string `json:"answer"`
		Validation struct {
			Sentences []struct {
				Supported bool `json:"supported"`
				Judge     *struct {
					Reason string `json:"reason"`
				} `json:"judge"`
			} `json:"sentences"`
		} `json:"validation"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &ans))
	require.Equal(t, answer, ans.Answer)

	code, out, errOut = runCLI(t, "ask", "--store", st, "--no-log", "--generator", "openai", "--judge", "--json", valveQuestion)
	require.Equal(t, 0, code, errOut)
	require.Equal(t, 3, srv.ChatCalls(), "one answer and one judge call")
	require.NoError(t, json.Unmarshal([]byte(out), &ans))
	require.Equal(t, "The pressure relief valve opens at 6 bar [S1].", ans.Answer)
	require.Len(t, ans.Validation.Sentences, 2)
	require.NotNil(t, ans.Validation.Sentences[1].Judge)
	require.Equal(t, "judge says no", ans.Validation.Sentences[1].Judge.Reason)
}

func TestCLIJudgeNeedsAModel(t *testing.T) {
	st := indexValveDocs(t)
	for _, args := range [][]string{
		{"ask", "--store", st, "--judge", valveQuestion},
		{"ask", "--store", st, "--generator", "extractive", "--judge", valveQuestion},
		{"eval", "--store", st, "--judge", "--questions", filepath.Join(t.TempDir(), "q.jsonl")},
	} {
		code, _, errOut := runCLI(t, args...)
		require.Equal(t, 2, code, "%q", args)
		require.Contains(t, errOut, "--judge")
		require.Contains(t, errOut, "extractive generator cannot")
	}
}
