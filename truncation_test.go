package hybridrag_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/hybridragtest"
	"github.com/hybridrag/hybridrag/internal/providertest"
	"github.com/hybridrag/hybridrag/store"
)

// A reply whose stream ends before the provider's terminal event never
// reaches validation as an answer: through the whole pipeline, a stream cut
// once is retried and answered, and one cut every time is an error wrapping
// generate.ErrTruncated, for every provider.
func TestTruncatedStreamIsNeverAnAnswer(t *testing.T) {
	const fact = "The pump seal is replaced every 1,800 operating hours."
	doc := store.Document{ID: "pump.md", Source: "pump.md", Title: "Pump service",
		Text: "# Pump service\n\n## Seal\n\n" + fact + " The inlet strainer is cleaned every 250 operating hours.\n"}
	reply := "The pump seal is replaced every 1,800 operating hours [S1]."
	respond := func([]generate.Message) string { return reply }

	provider := func(t *testing.T, name string, opts ...hybridragtest.ServerOption) generate.Generator {
		g, _ := providertest.New(t, name, respond, fastRetries, opts...)
		return g
	}
	ask := func(t *testing.T, g generate.Generator) (*hybridrag.Answer, string, error) {
		p := newPipeline(t, hybridrag.Config{Generator: g})
		_, err := p.Index(context.Background(), doc)
		require.NoError(t, err)
		var mu sync.Mutex
		var streamed strings.Builder
		ans, err := p.Ask(context.Background(), hybridrag.Request{
			Question: "How often is the pump seal replaced?",
			Stream: func(_ context.Context, b []byte) error {
				mu.Lock()
				defer mu.Unlock()
				streamed.Write(b)
				return nil
			},
		})
		mu.Lock()
		defer mu.Unlock()
		return ans, streamed.String(), err
	}
	for _, name := range providertest.Names {
		t.Run(name+"/cut once", func(t *testing.T) {
			ans, streamed, err := ask(t, provider(t, name, hybridragtest.StreamChunks(4), hybridragtest.CutStreamAfter(2, 1)))
			require.NoError(t, err)
			require.False(t, ans.Refused(), "refused: %v", ans.Gate)
			require.Contains(t, ans.Answer, "1,800 operating hours")
			require.LessOrEqual(t, strings.Count(streamed, "pump seal"), 1, "the retry repeated streamed text: %q", streamed)
		})
		t.Run(name+"/always cut", func(t *testing.T) {
			ans, _, err := ask(t, provider(t, name, hybridragtest.StreamChunks(4), hybridragtest.CutStreamAfter(2, 0)))
			require.Nil(t, ans)
			require.ErrorIs(t, err, generate.ErrTruncated)
		})
	}
}
