package hybridrag_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/hybridragtest"
	"github.com/hybridrag/hybridrag/validate"
)

// collector is a Request.Stream that records what it receives.
type collector struct {
	mu     sync.Mutex
	chunks []string
}

func (c *collector) stream(_ context.Context, b []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.chunks = append(c.chunks, string(b))
	return nil
}

func (c *collector) text() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return strings.Join(c.chunks, "")
}

func TestAskStreamsOnlyValidatedText(t *testing.T) {
	ctx := context.Background()
	const q = "At what pressure does the relief valve open?"
	const (
		opens = "The pressure relief valve opens at 6 bar [S1]."
		blue  = "The valve is painted blue [S1]."
		test  = "Test the relief valve every 6 months by lifting its lever [S1]."
	)
	replies := []struct {
		reply   string
		policy  validate.Policy
		refused bool
	}{
		{opens + " " + blue + " " + test, validate.Drop, false},
		{blue + " " + opens + "\n\nSources:\n- [S1] valve.md", validate.Drop, false},
		{"- " + opens + "\n- " + blue + "\n- " + test, validate.Drop, false},
		{opens + " " + blue + " " + test, validate.MarkLow, false},
		{opens + " " + blue + " " + test, validate.Regenerate, false},
		{blue, validate.Drop, true},
		{validate.DeclineMessage, validate.Drop, true},
		{blue + " " + validate.DeclineMessage, validate.MarkLow, true},
	}
	for _, r := range replies {
		for _, n := range []int{1, 2, 3, 5, 8, 13, 40, len(r.reply)} {
			llm := hybridragtest.NewScriptedLLM(r.reply)
			llm.StreamChunks = n
			p := newPipeline(t, hybridrag.Config{
				Generator:  langchain.New(llm, langchain.Options{MaxRetries: -1}),
				Generation: hybridrag.GenerationConfig{Policy: r.policy},
			})
			_, err := p.Index(ctx, manual...)
			require.NoError(t, err)
			var got collector
			ans, err := p.Ask(ctx, hybridrag.Request{Question: q, Stream: got.stream})
			require.NoError(t, err)
			require.Equal(t, r.refused, ans.Refused(), "%q", r.reply)
			if r.refused {
				require.Empty(t, got.text(), "a refusal streams nothing")
				continue
			}
			require.Equal(t, ans.Answer, got.text(), "%q in %d chunks under %v", r.reply, n, r.policy)
			require.NotContains(t, got.text(), "Sources:")
			if r.policy == validate.Drop {
				require.NotContains(t, got.text(), "blue")
			}
			calls := llm.Calls()
			// Regenerate only knows at the end: the model is not asked to
			// stream, and the answer arrives in one piece.
			require.Equal(t, r.policy != validate.Regenerate, calls[0].Streamed)
			if r.policy == validate.Regenerate {
				require.Len(t, got.chunks, 1)
			}
		}
	}
}

// Sentences pass while the model is still writing, not all at the end.
func TestAskStreamIsIncremental(t *testing.T) {
	ctx := context.Background()
	reply := "The pressure relief valve opens at 6 bar [S1]. Test the relief valve every 6 months by lifting its lever [S1]. " +
		"The pressure relief valve opens at 6 bar [S1]."
	var got collector
	llm := hybridragtest.NewScriptedLLM(reply)
	llm.StreamChunks = len(reply)
	gen := langchain.New(llm, langchain.Options{MaxRetries: -1})
	p := newPipeline(t, hybridrag.Config{Generator: gen})
	_, err := p.Index(ctx, manual...)
	require.NoError(t, err)
	ans, err := p.Ask(ctx, hybridrag.Request{Question: "At what pressure does the relief valve open?", Stream: got.stream})
	require.NoError(t, err)
	require.Equal(t, ans.Answer, got.text())
	// Two sentences pass as the next one begins, the last when generation ends.
	require.Len(t, got.chunks, 3, "one piece per sentence: %q", got.chunks)
}

func TestAskStreamWithJudgeStreamsAtTheEnd(t *testing.T) {
	ctx := context.Background()
	llm := judgeLLM(func() (string, error) {
		return `{"verdicts":[{"claim":1,"supported":true},{"claim":2,"supported":false}]}`, nil
	})
	gen := langchain.New(llm, langchain.Options{MaxRetries: -1})
	p := newPipeline(t, hybridrag.Config{Generator: gen, Generation: hybridrag.GenerationConfig{Judge: gen}})
	_, err := p.Index(ctx, manual...)
	require.NoError(t, err)
	var got collector
	ans, err := p.Ask(ctx, hybridrag.Request{Question: "At what pressure does the relief valve open?", Stream: got.stream})
	require.NoError(t, err)
	require.Equal(t, "The pressure relief valve opens at 6 bar [S1].", ans.Answer)
	require.Equal(t, []string{ans.Answer}, got.chunks)
}
