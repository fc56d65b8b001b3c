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

// A question asking for an amount is answered only by a sentence that
// states one of the thing it counts; a passage on the topic that never
// gives the figure is declined, not quoted.
func TestAmountQuestionNeedsTheAmount(t *testing.T) {
	topical := prompt(
		"The uploader keeps a cache of compiled upload rules so that programs that use only a few rules needn't compile them again.",
		"The uploader has one disadvantage: it cannot resume a transfer.",
	)
	stated := prompt(
		"The uploader keeps a cache of compiled upload rules; at most 512 compiled rules are kept.",
		"The uploader has one disadvantage: it cannot resume a transfer.",
	)
	sized := prompt(
		"The upload buffer sets how much memory the uploader may use for pending parts.",
		"The upload buffer defaults to 64MB of pending parts for the uploader.",
	)
	// A default given in the next sentence ("… at once. The default is
	// 4.") is not linked to it: accepting the sentence after a topical one
	// answered more unanswerable questions than it saved answerable ones.
	byDefault := prompt(
		"upload_parallel (integer)\n\nThe number of parts the uploader sends at once, by default 4.",
	)
	g := extractive.New(extractive.Options{})
	for _, tt := range []struct {
		name, question string
		p              *generate.Prompt
		answered       bool
	}{
		{"topic without the figure", "How many compiled upload rules does the uploader keep in its cache?", topical, false},
		{"the figure stated", "How many compiled upload rules does the uploader keep in its cache?", stated, true},
		{"size for memory", "How much memory may the uploader use for pending parts of the upload buffer?", sized, true},
		{"a default under its setting", "How many parts does the uploader send at once by default?", byDefault, true},
		{"not an amount question", "Why does the uploader keep compiled upload rules in a cache?", topical, true},
		{"a limit asked, some number given", "How many upload rules can the uploader keep at most?", prompt("The uploader ships with 3 upload rules for images and keeps upload rules in a cache."), false},
		{"a limit stated", "How many upload rules can the uploader keep at most?", prompt("The uploader keeps at most 512 upload rules in its cache."), true},
		{"a limit stated in the sentence before", "How many upload rules can the uploader keep at most?", prompt("There is a limit on how many upload rules the uploader can keep. Depending on their size, the uploader keeps between 100 and 512 upload rules."), true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			gen, err := g.Generate(context.Background(), generate.Request{Question: tt.question, Prompt: tt.p})
			require.NoError(t, err)
			require.Equal(t, tt.answered, gen.Text != generate.NotInDocs, gen.Text)
		})
	}
}

// "second" counts as a unit of time only where it measures: "a second
// connection" states no duration for a "how long" question, "once a
// second" and "after 1 second" do.
func TestDurationQuestionOrdinalSecond(t *testing.T) {
	g := extractive.New(extractive.Options{})
	q := "How long does the uploader wait before it retries a failed part?"
	for _, tt := range []struct {
		source   string
		answered bool
	}{
		{"The uploader waits for the server and retries a failed part over a second connection.", false},
		{"The uploader waits for the server and retries a failed part once a second.", true},
		{"The uploader waits 1 second for the server before it retries a failed part.", true},
		{"The uploader waits for the server for a second before it retries a failed part.", true},
		{"The uploader waits for the server, then retries a failed part on every second attempt.", false},
	} {
		gen, err := g.Generate(context.Background(), generate.Request{Question: q, Prompt: prompt(tt.source)})
		require.NoError(t, err)
		require.Equal(t, tt.answered, gen.Text != generate.NotInDocs, "%q: %q", tt.source, gen.Text)
	}
}
