package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A sentence that answers in a bundled synonym of the question's word
// ("writes" for "save") leads over one that shares only the question's
// other words; a sentence with the synonym alone does not make a question
// it does not cover answered.
func TestSynonymChoosesTheSentence(t *testing.T) {
	p := prompt("The depot parcel list is kept current by the night shift of the depot. The depot writes its parcel list to the file parcels.db every hour.",
		"The office prints labels for the depot. Couriers save time with printed labels.")
	got := answerTo(t, "Where does the depot save its parcel list?", p)
	require.True(t, strings.HasPrefix(got, "The depot writes its parcel list"), "answer: %q", got)

	got = answerTo(t, "Where does the depot save its parcel list?", prompt("The night shift writes reports to the office printer."))
	require.Equal(t, "The indexed documentation does not contain this information.", got)
}
