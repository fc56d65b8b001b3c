package providertest_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/internal/providertest"
)

// TestNewTalksToItsServer: every named provider's generator reaches its own
// server and returns what the server answered.
func TestNewTalksToItsServer(t *testing.T) {
	for _, name := range providertest.Names {
		t.Run(name, func(t *testing.T) {
			g, srv := providertest.New(t, name, func([]generate.Message) string { return "Reply from " + name + "." },
				langchain.Options{MaxRetries: -1})
			out, err := g.Generate(context.Background(), generate.Request{Question: "q", Prompt: &generate.Prompt{Messages: []generate.Message{{Role: generate.RoleUser, Content: "q"}}}})
			require.NoError(t, err)
			require.Equal(t, "Reply from "+name+".", out.Text)
			require.Equal(t, 1, srv.ChatCalls())
		})
	}
}
