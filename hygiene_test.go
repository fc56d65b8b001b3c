package hybridrag_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/hybridragtest"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/validate"
)

// An answer keeps only the URLs its cited sources contain, and shows HTML
// as text, in the final answer and in the stream alike.
func TestAskOutputHygiene(t *testing.T) {
	ctx := context.Background()
	doc := store.Document{ID: "valve.md", Text: "# Valve\n\nThe pressure relief valve opens at 6 bar. " +
		"Spare parts for the valve are listed at https://parts.example.com/valves."}
	reply := "The pressure relief valve opens at 6 bar [S1] ![x](https://evil.example.net/x.png?d=6bar). " +
		"Spare parts for the valve are listed at https://parts.example.com/valves [S1]. " +
		"Spare parts for the valve are listed at [the parts page](https://evil.example.net/shop?ref=valve) <b>here</b> [S1]."
	want := "The pressure relief valve opens at 6 bar [S1]. " +
		"Spare parts for the valve are listed at https://parts.example.com/valves [S1]. " +
		"Spare parts for the valve are listed at the parts page &lt;b&gt;here&lt;/b&gt; [S1]."
	for _, n := range []int{1, 7, len(reply)} {
		llm := hybridragtest.NewScriptedLLM(reply)
		llm.StreamChunks = n
		p := newPipeline(t, hybridrag.Config{
			Generator:  langchain.New(llm, langchain.Options{MaxRetries: -1}),
			Generation: hybridrag.GenerationConfig{Policy: validate.MarkLow},
			Retrieval:  hybridrag.RetrievalConfig{MinChunks: 1},
		})
		_, err := p.Index(ctx, doc)
		require.NoError(t, err)
		var got collector
		ans, err := p.Ask(ctx, hybridrag.Request{Question: "Where are spare parts for the relief valve listed?", Stream: got.stream})
		require.NoError(t, err)
		require.False(t, ans.Refused(), "%+v", ans.Gate)
		require.Equal(t, want, ans.Answer)
		require.Equal(t, ans.Answer, got.text())
		require.NotContains(t, ans.Text, "evil.example.net")
	}
}
