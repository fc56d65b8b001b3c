package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A question comparing two things leads with the sentence that names both
// over one that covers its words as well and names one.
func TestComparisonNamesBoth(t *testing.T) {
	for _, tc := range []struct{ question, one, both string }{
		{
			"What is the difference between the json and jsonb types?",
			"The jsonb type has different storage and different operators.",
			"The json type stores text, whereas jsonb stores a binary form.",
		},
	} {
		got := answerTo(t, tc.question, prompt(tc.one, tc.both))
		require.True(t, strings.HasPrefix(got, tc.both), "%q: %q", tc.question, got)
	}
}
