package extractive

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A member whose name is a stop word ("kiln.on()", "kiln.once()") is a
// term of the question and of the sentences that name it, kept apart from
// the stems of ordinary words: "one" stems to "on", and "one shelf" is no
// mention of kiln.on().
func TestMemberStopwordTerms(t *testing.T) {
	require.Contains(t, uniqueTerms("What does kiln.once() do?"), ".once")
	require.NotContains(t, uniqueTerms("How many pots fit on one shelf?"), ".on")
	var got []string
	memberStopwords("Call kiln.on('fire', cb) or kiln.once('cool', cb); kiln.fire(6) is no stop word.", func(m string) { got = append(got, m) })
	require.Equal(t, []string{".on", ".once"}, got)
}
