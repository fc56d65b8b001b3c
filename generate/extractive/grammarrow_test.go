package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A statement's grammar line between its name and its description
// ("Grammar: maxjobs <integer>;", as BIND's reference writes each
// statement) is one of the entry's rows: the description still opens the
// entry, and an answer quoting it names the statement.
func TestGrammarRowKeepsTheEntryOpen(t *testing.T) {
	ref := "maxjobs\n\nGrammar: maxjobs <integer>;\n\nBlocks: options, view\n\nTags: server\n\n" +
		"Specifies the maximum number of simultaneous firing jobs the kiln queues. The default is 40.\n\n" +
		"jobtimeout\n\nGrammar: jobtimeout <duration>;\n\nBlocks: options\n\nTags: server\n\nSets how long a firing job may wait in the queue. The default is 2h."
	got := answerTo(t, "What is the maximum number of simultaneous firing jobs by default?", prompt(ref))
	require.True(t, strings.HasPrefix(got, "maxjobs [S1]\n\nSpecifies the maximum number of simultaneous firing jobs the kiln queues."), "answer: %q", got)
	require.Contains(t, got, "The default is 40.")
}
