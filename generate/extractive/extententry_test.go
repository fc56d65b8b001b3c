package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// An extent question is answered from the entry its words name, even
// when the entry's name is an identifier that leaves one of them out
// ("VentTimeout" for "the vent open timeout"), over a sentence elsewhere
// that covers every word with another figure.
func TestExtentEntryNamedByIdentifier(t *testing.T) {
	tuning := "Kiln tuning\n\nThe vent_retries setting says how often the controller retries a vent. " +
		"The default value of 5, which results in a timeout of open vent cycles of approximately 90 seconds, is generally satisfactory."
	entry := "VentTimeout\n\nTime permitted for a vent to move. Default value is 3 seconds."
	got := answerTo(t, "How long is the vent open timeout by default?", prompt(tuning, entry))
	first, _, _ := strings.Cut(got, "[S1]")
	require.Contains(t, first, "Time permitted for a vent to move. [S2] Default value is 3 seconds. [S2]")
}
