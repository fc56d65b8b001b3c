package extractive

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
)

// A sentence holds the words of a question phrase it hyphenates, and
// leads with them when the hyphenated word leads; hyphenated words the
// question does not write apart keep only their whole form.
func TestSpacedCompounds(t *testing.T) {
	sources := []generate.ContextSource{{Label: "S1", Text: "kiln-fire - Heat the loaded chamber and cool it slowly.\n\nThe kiln log is read-only for every operator."}}
	cands := collect(sources, DefaultMinWords)
	require.Len(t, cands, 2)
	summary, log := cands[0], cands[1]
	require.False(t, summary.terms["kiln"] || summary.terms["fire"])
	spacedCompounds(cands, "What does kiln fire do, and can I read the log?")
	require.True(t, summary.terms["kiln"] && summary.terms["fire"])
	require.Equal(t, []string{"kiln-fir", "kiln", "fire", "heat", "load"}, summary.lead)
	require.False(t, log.terms["read"], "read-only is no phrase of the question")
}
