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

func TestCoverageTargetIsConfigurable(t *testing.T) {
	ctx := context.Background()
	const reply = "The pressure relief valve opens at 6 bar [S1]. It is painted blue [S1]." // coverage 0.5
	for _, tc := range []struct {
		target  float64
		wantLow bool
	}{{0, true}, {0.4, false}} {
		p := newPipeline(t, hybridrag.Config{
			Generator:  langchain.New(hybridragtest.NewScriptedLLM(reply), langchain.Options{}),
			Generation: hybridrag.GenerationConfig{CoverageTarget: tc.target},
			Retrieval:  hybridrag.RetrievalConfig{MinChunks: 1}, // one chunk answers: normal gate confidence
		})
		_, err := p.Index(ctx, manual...)
		require.NoError(t, err)
		ans, err := p.Ask(ctx, hybridrag.Request{Question: "At what pressure does the relief valve open?"})
		require.NoError(t, err)
		require.False(t, ans.Refused(), "refused: %+v", ans.Gate)
		require.InDelta(t, 0.5, ans.Metadata.AttributionCoverage, 1e-9)
		if tc.wantLow {
			require.Equal(t, "low", string(ans.Confidence))
		} else {
			require.Equal(t, "normal", string(ans.Gate.Confidence), "the case needs a gate that allows normal confidence")
			require.Equal(t, "normal", string(ans.Confidence))
		}
	}
}
