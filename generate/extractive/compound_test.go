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

// A sentence writing a question's two-word phrase closed ("kilnroom" for
// "kiln room") holds its words; a phrase with a figure ("HTTP 2") or a
// closed word the question does not write apart does not.
func TestClosedCompounds(t *testing.T) {
	sources := []generate.ContextSource{{Label: "S1", Text: "The single biggest factor for kilnroom safety is airflow.\n\nThe http2 module and the lockfile are separate."}}
	cands := collect(sources, DefaultMinWords)
	require.Len(t, cands, 2)
	safety, module := cands[0], cands[1]
	spacedCompounds(cands, "What is the biggest safety factor in a kiln room, and does HTTP 2 need a lock?")
	require.True(t, safety.terms["kiln"] && safety.terms["room"])
	require.False(t, module.terms["http"], "a figure is no word of a closed compound")
	require.False(t, module.terms["lock"], "lockfile: the question writes no \"lock file\"")
}
