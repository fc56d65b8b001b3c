package extractive_test

import (
	"context"
	"strings"
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
			for _, l := range strings.Split(gen.Text, "\n") {
				require.NotEqual(t, tt.title, strings.TrimSpace(strings.TrimSuffix(l, " [S1]")), "answer: %q", gen.Text)
			}
		})
	}
}
