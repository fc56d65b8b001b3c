package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A question asking why leads with the sentence that gives a reason over
// one that covers its words as well and gives none; a question that also
// asks for something else keeps its usual order.
func TestReasonLeadsWhyQuestions(t *testing.T) {
	const (
		plain  = "WAL mode on a network filesystem is not supported for clients on different machines."
		reason = "WAL mode is not supported on a network filesystem because the wal-index is shared memory."
	)
	got := answerTo(t, "Why is WAL mode not supported on a network filesystem?", prompt(plain, reason))
	require.True(t, strings.HasPrefix(got, reason), got)

	got = answerTo(t, "Why is WAL mode not supported on a network filesystem, and what should I use instead?", prompt(plain, reason))
	require.True(t, strings.HasPrefix(got, plain), got)
}

// "What causes X?" asks for X's cause: the glossary item naming X and the
// sentence after it that gives the cause are quoted, in their order, before
// a sentence that only has the word "cause" ("… and the cause, if one was
// provided") or that names X without a cause.
func TestCauseOfANamedThing(t *testing.T) {
	errorsPage := "Common pump errors\n\n" +
		"- EVALVE (Valve stuck): A valve did not open when the controller asked it to. This normally results from scale on the valve seat after a long idle period. Commonly seen on the inlet valves.\n\n" +
		"- EFLOW (Flow too low): The flow meter read less than the set minimum."
	events := "pump.start([options])\n\nIf the start fails, the 'error' event is emitted with the code 'EVALVE'. " +
		"The 'error' event is emitted with an error with the code 'ABORT_ERR' and the cause, if one was provided. " +
		"The 'error' event is emitted with the code 'EVALVE' or 'EFLOW' when a stroke fails."
	got := answerTo(t, "What usually causes EVALVE?", prompt(events, errorsPage))
	require.True(t, strings.HasPrefix(got, "EVALVE (Valve stuck): A valve did not open when the controller asked it to. [S2]\nThis normally results from scale on the valve seat after a long idle period. [S2]"), got)
	require.NotContains(t, got, "ABORT_ERR")
}
