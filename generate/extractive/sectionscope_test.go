package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

// A question naming a numbered section ("8.12 kilnvorb") is answered from
// that section, down through its subsections and their entries, and not by
// a better-scoring sentence of another section that shares its other words
// ("glazer 2000 … by default … quality"), nor by a sibling section's
// default.
func TestAnswerStaysInTheNamedSection(t *testing.T) {
	other := "9.5 glazer2000\n\nThe native glazer 2000 firing is slow by default, the -q option can be used to set the firing quality."
	manual := "8.11 kilnbake\n\nkilnbake firing wrapper.\n\nq (-q)\n\nSet the firing quality of kilnbake. The default value is 7.\n\n" +
		"8.12 kilnvorb\n\nkilnvorb firing wrapper. Requires the kilnvorb library.\n\n8.12.1 Options\n\n" +
		"q (-q)\n\nSet constant quality setting for the firing. The value should be a float number in the range of -1.0 to 10.0. The default value is 3.0."
	got := answerTo(t, "What is the default quality setting q for the kilnvorb firing?", prompt(other, manual))
	require.Contains(t, got, "The default value is 3.0.")
	require.NotContains(t, got, "glazer 2000")
	require.NotContains(t, got, "The default value is 7.")

	// A numbered title that is a word, not a name, names no section the
	// question asks about: "errors" is the question's word.
	beep := generate.ContextSource{Label: "S1", Text: "The kiln beeps to stop you when a firing fails; with NO_BEEP set, that annoying beep goes away.",
		Source: retrieve.Source{Relevance: 0.9, Chunk: store.Chunk{Title: "Kiln FAQ"}}}
	errs := generate.ContextSource{Label: "S2", Text: "In older kilns a firing script would not stop on errors; this behaviour can be recovered by setting CONTINUE_ON_ERROR.",
		Source: retrieve.Source{Relevance: 0.8, Chunk: store.Chunk{Title: "Kiln grammar", Heading: []string{"6 Kiln Grammar", "6.6 Errors"}}}}
	got = answerTo(t, "How do I stop the kiln from beeping on errors?", &generate.Prompt{Sources: []generate.ContextSource{beep, errs}})
	require.True(t, strings.HasPrefix(got, "The kiln beeps to stop you"), got)
}
