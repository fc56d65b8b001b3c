package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A lead-in that counts the list after it is quoted with its items when
// the list has that many; a list of another length is not the one counted.
func TestCountedListQuotedWithItsLeadIn(t *testing.T) {
	steps := "Glaze-Fire-Cool\n\nThis method is called Glaze-Fire-Cool after its three steps:\n\n" +
		"- First, the pot is dipped in glaze.\n\n- Second, the glazed pot is fired.\n\n- Finally, the kiln cools slowly.\n\n" +
		"The method works because the glaze melts evenly."
	got := answerTo(t, "What are the three steps of the Glaze-Fire-Cool method?", prompt(steps))
	require.True(t, strings.HasPrefix(got, "This method is called Glaze-Fire-Cool after its three steps: [S1]\n\n"+
		"- First, the pot is dipped in glaze. [S1]\n- Second, the glazed pot is fired. [S1]\n- Finally, the kiln cools slowly. [S1]"), got)

	four := strings.Replace(steps, "- Finally,", "- Then the pot rests.\n\n- Finally,", 1)
	got = answerTo(t, "What are the three steps of the Glaze-Fire-Cool method?", prompt(four))
	require.NotContains(t, got, "- Then the pot rests.", got)
}
