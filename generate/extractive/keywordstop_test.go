package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A stop word used as a keyword ("UNION ALL", "the is operator") is a term
// of the question and of the sentences that use it so, and picks them over
// sentences sharing only the other words.
func TestKeywordStopWordsAreTerms(t *testing.T) {
	for _, tc := range []struct{ question, wrong, right, want string }{
		{
			"What does the is operator compare?",
			"Comparison operators compare two values and return a Boolean.",
			"The is operator compares the identity of two objects.",
			"The is operator compares",
		},
		{
			"What does UNION ALL do with duplicate rows?",
			"UNION eliminates duplicate rows from its result.",
			"UNION ALL keeps the duplicate rows of both queries.",
			"UNION ALL keeps",
		},
	} {
		got := answerTo(t, tc.question, prompt(tc.wrong, tc.right))
		require.True(t, strings.HasPrefix(got, tc.want), "%q: %q", tc.question, got)
	}
}
