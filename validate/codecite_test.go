package validate_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/validate"
)

// A model cites a code block after its closing fence ("``` [S1]") or on the
// line below. Either way the block is one claim with its own citations, and
// the sentences after it are claims of their own: were the fence read as
// unclosed, a sentence citing S2 would be checked against S1 too.
func TestCodeBlockCitations(t *testing.T) {
	sources := []retrieve.Source{
		{Chunk: store.Chunk{Source: "stash.md", Text: "To set work aside, run:\n\n```\ngit stash push\n```\n\nA stash is kept until it is dropped."}},
		{Chunk: store.Chunk{Source: "pump.md", Text: "Pumps need oil every 200 hours."}},
	}
	type claim struct {
		text      string
		sources   []int
		supported bool
	}
	for _, tc := range []struct {
		name, answer string
		want         []claim
	}{
		{"marker after the fence, next sentence cites a source that lacks it",
			"```\ngit stash push\n``` [S1]\n\nA stash is kept until it is dropped. [S2]",
			[]claim{{"```\ngit stash push\n``` [S1]", []int{0}, true}, {"A stash is kept until it is dropped. [S2]", []int{1}, false}}},
		{"marker on the line below the fence",
			"```\ngit stash push\n```\n[S1]\n\nPumps need oil every 200 hours. [S2]",
			[]claim{{"```\ngit stash push\n```\n[S1]", []int{0}, true}, {"Pumps need oil every 200 hours. [S2]", []int{1}, true}}},
		{"code the cited source does not hold",
			"```\ngit reset --hard\n```\n[S1]",
			[]claim{{"```\ngit reset --hard\n```\n[S1]", []int{0}, false}}},
		{"uncited code block",
			"```\ngit stash push\n```\n\nPumps need oil every 200 hours. [S2]",
			[]claim{{"```\ngit stash push\n```", []int{}, false}, {"Pumps need oil every 200 hours. [S2]", []int{1}, true}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := validate.New(validate.Options{}).Validate(context.Background(), tc.answer, sources)
			require.NoError(t, err)
			var got []claim
			for _, s := range rep.Sentences {
				got = append(got, claim{s.Text, s.Sources, s.Supported})
			}
			require.Equal(t, tc.want, got)
		})
	}
}
