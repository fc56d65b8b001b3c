package hybridrag_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/hybridragtest"
	"github.com/hybridrag/hybridrag/validate"
)

func TestRegeneratePolicy(t *testing.T) {
	ctx := context.Background()
	llm := hybridragtest.NewScriptedLLM(
		"The relief valve opens at 9 bar [S1].",                           // unsupported: regenerate
		"The pressure relief valve opens at 6 bar [S1]. It is blue [S1].", // one supported sentence
	)
	p := newPipeline(t, hybridrag.Config{
		Generator:  langchain.New(llm, langchain.Options{}),
		Generation: hybridrag.GenerationConfig{Policy: validate.Regenerate},
	})
	_, err := p.Index(ctx, manual...)
	require.NoError(t, err)
	ans, err := p.Ask(ctx, hybridrag.Request{Question: "At what pressure does the relief valve open?"})
	require.NoError(t, err)
	require.False(t, ans.Refused(), "refused: %+v", ans.Gate)
	require.True(t, ans.Metadata.Regenerated)
	require.Equal(t, 2, llm.CallCount())
	require.Equal(t, "The pressure relief valve opens at 6 bar [S1].", ans.Answer)
	require.Equal(t, []string{"S1"}, ans.Citations)

	// The second call received the stricter instructions.
	calls := llm.Calls()
	require.Len(t, calls, 2)
	require.NotEqual(t, calls[0].Messages, calls[1].Messages)
}
