package hybridrag_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
)

// A cited source carries the sentences that support the answer's claims,
// with byte offsets into its text; an uncited one carries none.
func TestAnswerSourcesCarrySnippets(t *testing.T) {
	p := newPipeline(t, hybridrag.Config{})
	_, err := p.Index(context.Background(), manual...)
	require.NoError(t, err)
	ans, err := p.Ask(context.Background(), hybridrag.Request{Question: "How often should the shaft seal be replaced?"})
	require.NoError(t, err)
	require.False(t, ans.Refused(), ans.Answer)
	found := 0
	for _, s := range ans.Sources {
		if !s.Cited {
			require.Empty(t, s.Snippets, s.ID)
			continue
		}
		require.NotEmpty(t, s.Snippets, "cited %s has no snippet", s.ID)
		for _, sn := range s.Snippets {
			require.Equal(t, s.Text[sn.Start:sn.End], sn.Text)
			require.False(t, strings.HasPrefix(sn.Text, "#"), "a heading is not evidence")
			if strings.Contains(sn.Text, "2,000 operating hours") {
				found++
			}
		}
	}
	require.Equal(t, 1, found, "the seal interval's sentence is a snippet: %+v", ans.Sources)
}
