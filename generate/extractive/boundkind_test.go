package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A question for the bound of one kind of measure is not answered by the
// bound of another kind stated in the same entry: the maximum duration of
// an entry is no maximum length of its key. A length given as a number of
// characters is the same kind.
func TestBoundOfAnotherMeasureIsNoAnswer(t *testing.T) {
	p := prompt("kiln-table type string [len <length>] expire <expire>\n\n" +
		"- <expire> defines the maximum duration of an entry in the table since it was last created. The maximum duration is slightly above 24 days.\n\n" +
		"- <length> is the maximum number of characters that will be stored in a string key. The default is 32 characters.")
	got := answerTo(t, "What is the maximum length of a kiln-table key of type string?", p)
	require.True(t, strings.HasPrefix(got, "<length> is the maximum number of characters"), got)
	require.NotContains(t, got, "24 days")

	// Without the entry that answers, the other bound is no answer.
	p = prompt("kiln-table type string expire <expire>\n\n" +
		"- <expire> defines the maximum duration of an entry in the table since it was last created. The maximum duration is slightly above 24 days.")
	got = answerTo(t, "What is the maximum length of a kiln-table key?", p)
	require.NotContains(t, got, "24 days")

	// A question for the duration still gets it.
	got = answerTo(t, "What is the maximum duration of a kiln-table entry?", p)
	require.Contains(t, got, "slightly above 24 days")
}
