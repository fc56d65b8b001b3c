package extractive

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A number word is a value of time only before a unit: "one second" is,
// "one glaze record" counts a record.
func TestExtentValueNumberWords(t *testing.T) {
	for text, want := range map[string]bool{
		"The kiln waits one second between two firings.":                    true,
		"The kiln waits one hour.":                                          true,
		"After each failure, double the interval.":                          true,
		"Maximum time (in milliseconds) to read or write one glaze record.": false,
	} {
		require.Equal(t, want, extentValue(text), text)
	}
}

// "how many times" names a question, it states no frequency.
func TestHowManyTimesStatesNoFrequency(t *testing.T) {
	require.False(t, statesFrequency("Upper limit on how many times a kiln can refire a piece."))
	require.True(t, statesFrequency("The kiln refires a piece three times."))
}
