package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
)

// Release notes say what changed, in the words of the reference pages;
// the reference page states what holds now and leads, unless the question
// asks about history.
func TestReleaseNotesWeighLess(t *testing.T) {
	src := func(label, title, text string, rel float64) generate.ContextSource {
		s := retrieve.Source{Relevance: rel}
		s.Chunk.Title = title
		s.Chunk.Heading = []string{title}
		return generate.ContextSource{Label: label, Text: text, Source: s}
	}
	for _, notes := range []string{"Pump 1.8 release notes", "What’s New In Pump 2.0", "E.20. Release 15.1", "Changelog"} {
		p := &generate.Prompt{Sources: []generate.ContextSource{
			src("S1", notes, "The controller can now be reset by holding the red button while the pump is stopped.", 0.9),
			src("S2", "Pump controller", "The controller is reset by holding the red button for five seconds.", 0.8),
		}}
		got := answerTo(t, "How is the pump controller reset?", p)
		require.True(t, strings.HasPrefix(got, "The controller is reset by holding the red button for five seconds. [S2]"), "%s: %s", notes, got)
		got = answerTo(t, "What changed in how the pump controller is reset?", p)
		require.True(t, strings.HasPrefix(got, "The controller can now be reset"), "%s: %s", notes, got)
	}
}
