package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
)

// An operator the question writes is what it asks about, though word
// analysis drops it: the sentence that writes it answers, not the ones
// about redirecting or operators in general.
func TestOperatorTheQuestionWrites(t *testing.T) {
	entry := func(label, heading, text string) generate.ContextSource {
		s := retrieve.Source{Relevance: 0.8}
		s.Chunk.Title = heading
		s.Chunk.Heading = []string{heading}
		return generate.ContextSource{Label: label, Text: text, Source: s}
	}
	p := &generate.Prompt{Sources: []generate.ContextSource{
		entry("S1", "kiln_run", "kiln_run\n\nRuns the given sequence of one or more commands. "+
			"Commands are run concurrently as a pipeline, with the standard output of each process piped to the standard input of the next. "+
			"No intermediate shell is used, so shell operators such as > are treated as normal arguments. "+
			"(Use the INPUT_*, OUTPUT_*, and ERROR_* options to redirect stdin, stdout, and stderr.)"),
		entry("S2", "Operators", "Operators\n\nThe ->> operator extracts a field as text. The -> operator extracts a field as JSON. "+
			"Operators compare, combine and extract values; each operator has a precedence."),
	}}
	for _, tt := range []struct{ question, want string }{
		{"Does kiln_run run the COMMAND through a shell, so that '>' redirects output?", "No intermediate shell is used, so shell operators such as > are treated as normal arguments. [S1]"},
		{"What does the ->> operator do?", "The ->> operator extracts a field as text. [S2]"},
		{"What does the -> operator do?", "The -> operator extracts a field as JSON. [S2]"},
	} {
		t.Run(tt.question, func(t *testing.T) {
			answer := answerTo(t, tt.question, p)
			require.True(t, strings.HasPrefix(answer, tt.want), answer)
		})
	}
}
