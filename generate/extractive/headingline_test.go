package extractive_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
)

// A title names what follows and states nothing: it is never quoted as an
// answer sentence, while the text under it is, with the title's words
// counting for it.
func TestHeadingLineIsNotAnAnswer(t *testing.T) {
	for _, tt := range []struct {
		name, question, source, title, want string
	}{
		{
			name:     "numbered title",
			question: "What does a kiln firing schedule list?",
			source:   "Loading the kiln takes an hour.\n\n7. Kiln Firing Schedules\n\nEach one gives the ramps and holds of one firing, in order.\n\n8. Cooling",
			title:    "7. Kiln Firing Schedules",
			want:     "Each one gives the ramps and holds of one firing",
		},
		{
			name:     "a question titling a FAQ entry",
			question: "Why does the kiln crack glazed pots?",
			source:   "Kiln FAQ\n\nWhy does the kiln crack glazed pots?\n\nGlaze shrinks faster than the clay body while it cools, so the pot splits along the glaze line.",
			title:    "Why does the kiln crack glazed pots?",
			want:     "Glaze shrinks faster than the clay body",
		},
		{
			name:     "title after a section number the splitter cut off",
			question: "Does the kiln keep a separate firing log?",
			source:   "Loading the kiln takes an hour.\n\n3.1. No Separate Firing Log \n\nThe kiln writes every firing to the studio book instead.",
			title:    "No Separate Firing Log",
			want:     "The kiln writes every firing to the studio book instead.",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			gen, err := extractive.New(extractive.Options{}).Generate(context.Background(), generate.Request{Question: tt.question, Prompt: prompt(tt.source)})
			require.NoError(t, err)
			require.Contains(t, gen.Text, tt.want)
			require.NotContains(t, gen.Text, tt.title)
		})
	}
}

// A cross-reference sends the reader elsewhere and states nothing: it is
// not quoted, even when it repeats the question's words.
func TestCrossReferenceIsNotQuoted(t *testing.T) {
	src := "The kiln vents through the roof flue when the damper is open. " +
		"See also the damper settings for how the kiln vents through the roof flue. " +
		"For more information on how the kiln vents, see the flue manual. " +
		"Also see roof_flue_vents above."
	gen, err := extractive.New(extractive.Options{MinRelativeScore: -1}).Generate(context.Background(),
		generate.Request{Question: "How does the kiln vent through the roof flue?", Prompt: prompt(src)})
	require.NoError(t, err)
	require.Contains(t, gen.Text, "The kiln vents through the roof flue when the damper is open.")
	require.NotContains(t, gen.Text, "See also")
	require.NotContains(t, gen.Text, "see the flue manual")
	require.NotContains(t, gen.Text, "Also see")
}
