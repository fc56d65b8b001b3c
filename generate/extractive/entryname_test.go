package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
)

// An option's description quoted after another sentence is preceded by its
// entry line, as the lead's is: the option is what answers.
func TestLaterEntryIsNamed(t *testing.T) {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		sourceUnder("S1", "--cached\n\nInstead of searching the firing logs on the kiln, kiln grep can also search the firing logs kept in the cache.", "Options", "--cached"),
		sourceUnder("S2", "--unarchived\n\nIn addition to searching the archived logs, search also those not archived yet.", "Options", "--unarchived"),
	}}
	answer := answerTo(t, "Can kiln grep also search firing logs on the kiln that are not archived yet?", p)
	i := strings.Index(answer, "In addition to searching")
	require.Positive(t, i, answer)
	require.Contains(t, answer[:i], "--unarchived [S2]", answer)
}
