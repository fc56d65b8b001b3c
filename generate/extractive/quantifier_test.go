package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A question asking about "all" of a thing leads with the sentence that
// says "all" of it, over one saying "one" of it with the same words; ALL
// in capitals is a keyword, and "every time" counts no thing.
func TestAllAskedLeadsWithAll(t *testing.T) {
	man := "-d crate_id\nDelete one crate from the named shelf. " +
		"Specify \"-d ALL\" to remove all crates; for example, specify \"-d ALL glazed\" to delete all pieces in the glazed shelf."
	got := answerTo(t, "How do I delete all crates from the shelf?", prompt(man))
	require.True(t, strings.HasPrefix(got, "Specify \"-d ALL\" to remove all crates"), "answer: %q", got)

	got = answerTo(t, "How do I delete one crate from the shelf?", prompt(man))
	require.True(t, strings.HasPrefix(got, "-d crate_id"), "answer: %q", got)
}
