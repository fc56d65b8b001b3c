package hybridrag_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/hybridragtest"
	"github.com/hybridrag/hybridrag/validate"
)

const judgeAnswer = "The pressure relief valve opens at 6 bar [S1]. Test the relief valve every 6 months by lifting its lever [S1]."

// judgeLLM answers questions with judgeAnswer and judge prompts with
// verdict; it counts both kinds of call.
func judgeLLM(verdict func() (string, error)) *hybridragtest.ScriptedLLM {
	return hybridragtest.NewResponderLLM(func(_ context.Context, msgs []generate.Message) (string, error) {
		if strings.HasPrefix(msgs[0].Content, "You check whether sources support claims") {
			return verdict()
		}
		return judgeAnswer, nil
	})
}

func isJudgeCall(c hybridragtest.LLMCall) bool {
	return strings.HasPrefix(c.Messages[0].Content, "You check whether sources support claims")
}

func TestAskWithJudge(t *testing.T) {
	ctx := context.Background()
	const q = "At what pressure does the relief valve open?"
	cases := []struct {
		name    string
		verdict string
		answer  string // "" means refused unsupported_answer
	}{
		{"judge keeps both", `{"verdicts":[{"claim":1,"supported":true},{"claim":2,"supported":true}]}`, judgeAnswer},
		{"judge drops one", `{"verdicts":[{"claim":1,"supported":true},{"claim":2,"supported":false,"reason":"no lever in S1"}]}`,
			"The pressure relief valve opens at 6 bar [S1]."},
		{"judge drops all", `{"verdicts":[{"claim":1,"supported":false},{"claim":2,"supported":false}]}`, ""},
		{"judge garbage", `I think they are fine.`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			llm := judgeLLM(func() (string, error) { return tc.verdict, nil })
			gen := langchain.New(llm, langchain.Options{MaxRetries: -1})
			p := newPipeline(t, hybridrag.Config{Generator: gen, Generation: hybridrag.GenerationConfig{Judge: gen}})
			_, err := p.Index(ctx, manual...)
			require.NoError(t, err)
			ans, err := p.Ask(ctx, hybridrag.Request{Question: q})
			require.NoError(t, err)
			calls := llm.Calls()
			require.Len(t, calls, 2, "one answer, one judge call")
			require.False(t, isJudgeCall(calls[0]))
			require.True(t, isJudgeCall(calls[1]))
			if tc.answer == "" {
				require.True(t, ans.Refused())
				require.Equal(t, gate.UnsupportedAnswer, *ans.RefusalReason)
			} else {
				require.False(t, ans.Refused(), "%+v", ans.Gate)
				require.Equal(t, tc.answer, ans.Answer)
			}
			for _, s := range ans.Validation.Sentences {
				require.NotNil(t, s.Judge)
				if !s.Supported {
					require.Contains(t, s.Issues, validate.JudgeRejected)
				}
			}
		})
	}
}

func TestAskJudgeErrorFailsTheAnswer(t *testing.T) {
	ctx := context.Background()
	boom := errors.New("judge unreachable")
	llm := judgeLLM(func() (string, error) { return "", boom })
	gen := langchain.New(llm, langchain.Options{MaxRetries: -1})
	p := newPipeline(t, hybridrag.Config{Generator: gen, Generation: hybridrag.GenerationConfig{Judge: gen}})
	_, err := p.Index(ctx, manual...)
	require.NoError(t, err)
	ans, err := p.Ask(ctx, hybridrag.Request{Question: "At what pressure does the relief valve open?"})
	require.Nil(t, ans)
	require.ErrorIs(t, err, validate.ErrJudge)
	require.ErrorIs(t, err, boom)
}

func TestAskJudgeNotCalledOnRefusal(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ name, q, reply string }{
		{"gate refusal", "Who won the football world cup in 1998?", judgeAnswer},
		{"model decline", "At what pressure does the relief valve open?", validate.DeclineMessage},
		{"nothing supported", "At what pressure does the relief valve open?", "The relief valve is painted red [S1]."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			llm := hybridragtest.NewScriptedLLM(tc.reply)
			gen := langchain.New(llm, langchain.Options{MaxRetries: -1})
			p := newPipeline(t, hybridrag.Config{Generator: gen, Generation: hybridrag.GenerationConfig{Judge: gen}})
			_, err := p.Index(ctx, manual...)
			require.NoError(t, err)
			ans, err := p.Ask(ctx, hybridrag.Request{Question: tc.q})
			require.NoError(t, err)
			require.True(t, ans.Refused())
			for _, c := range llm.Calls() {
				require.False(t, isJudgeCall(c))
			}
		})
	}
}
