package extractive_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
	"github.com/hybridrag/hybridrag/retrieve"
)

// TestPassageSupport checks that a run of consecutive sentences of one
// source may support an answer that no single sentence does (a paraphrase
// spreads the question's words over the sentences answering it), and that
// the same words scattered over sources, or further apart than the window,
// do not.
func TestPassageSupport(t *testing.T) {
	// Each of the question's four terms is in exactly one sentence, so each
	// weighs a quarter; the filler sentences hold none.
	const (
		a = "The flurb ships in a blue box."
		b = "Every gadget is tested at the plant."
		c = "Some units wobble after a long trip."
		d = "Those were left frozen overnight by mistake."
	)
	filler := []string{
		"The plant is open on weekdays only.",
		"Orders are sent by post within three days.",
		"Returns need the original receipt and box.",
		"Support answers calls during office hours.",
		"Prices include the local sales tax.",
		"Catalogues are printed twice a year.",
	}
	join := func(s ...string) string { return strings.Join(s, " ") }
	spread := join(a, b, c, d)                                                                  // best window of 3 holds 3 terms
	apart := join(a, filler[0], filler[1], b, filler[2], filler[3], c, filler[4], filler[5], d) // windows hold 1
	two := join(a, b, filler[0], filler[1], filler[2], c, filler[3], filler[4], filler[5], d)   // best window holds 2
	cases := []struct {
		name    string
		opts    extractive.Options
		sources []string
		answer  bool
	}{
		{"consecutive sentences of one source answer", extractive.Options{}, []string{spread, join(filler...)}, true},
		{"passage support off", extractive.Options{PassageSentences: -1}, []string{spread, join(filler...)}, false},
		{"a window of one is the sentence rule", extractive.Options{PassageSentences: 1}, []string{spread, join(filler...)}, false},
		{"the same sentences in different sources", extractive.Options{}, []string{join(a, filler[0]), join(b, filler[1]), join(c, filler[2]), join(d, filler[3])}, false},
		{"further apart than the window", extractive.Options{}, []string{apart}, false},
		{"wider window reaches them", extractive.Options{PassageSentences: 7}, []string{apart}, true},
		{"margin not reached", extractive.Options{MinOverlap: 0.4, PassageMargin: 0.2}, []string{two}, false},
		{"no margin", extractive.Options{MinOverlap: 0.4, PassageMargin: -1}, []string{two}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := &generate.Prompt{}
			for i, s := range tc.sources {
				// Low Relevance: the single-sentence need is MinOverlap.
				p.Sources = append(p.Sources, generate.ContextSource{Label: "S" + string(rune('1'+i)), Text: s, Source: retrieve.Source{Relevance: 0.1}})
			}
			gen, err := extractive.New(tc.opts).Generate(context.Background(), generate.Request{Question: "Will a flurb gadget wobble once frozen?", Prompt: p})
			require.NoError(t, err)
			if tc.answer {
				require.NotEqual(t, generate.NotInDocs, gen.Text)
				require.Contains(t, gen.Text, "[S1]")
			} else {
				require.Equal(t, generate.NotInDocs, gen.Text)
			}
		})
	}
}
