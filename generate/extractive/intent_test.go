package extractive_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
)

// A numeric question is answered by the sentence stating the number, even
// when a sentence without one shares as many of its words and comes from
// a better-ranked source.
func TestNumericQuestionLeadsWithTheNumber(t *testing.T) {
	p := prompt(
		"The default value of the retry limit of the uploader protects the server from clients.",
		"The default value of the uploader retry limit is 5 attempts per file.",
	)
	g := extractive.New(extractive.Options{MaxSentences: 1})
	for _, q := range []string{"What is the default value of the uploader retry limit?", "Uploader retry limit: what is its default value?"} {
		gen, err := g.Generate(context.Background(), generate.Request{Question: q, Prompt: p})
		require.NoError(t, err)
		require.True(t, strings.HasPrefix(gen.Text, "The default value of the uploader retry limit is 5"), "%q: %q", q, gen.Text)
	}
	// The same sources, asked why: no number is favoured.
	gen, err := g.Generate(context.Background(), generate.Request{Question: "Why does the uploader have a retry limit?", Prompt: p})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(gen.Text, "The default value of the retry limit of the uploader protects"), gen.Text)
}
