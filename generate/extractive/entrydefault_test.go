package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A question asking which value a setting takes by default, counting
// nothing, is answered by the setting's entry: its description names what
// the setting decides, and the entry's default a few sentences on ("The
// default is slow.") names no setting of its own. A default under the next
// entry's name is that entry's.
func TestEntryDefaultOfAValue(t *testing.T) {
	entry := "Firing\n\nvent_policy (enum)\n\nWhen a kiln cools after a firing, this parameter determines the strategy used to vent the chamber. " +
		"Possible values are slow, which vents through the chimney, and fast, which opens the door. The default is slow.\n\n" +
		"glaze_check (boolean)\n\nChecks glazes for lead before a firing. The default is on."
	q := "Which strategy does the kiln use by default to vent the chamber when it cools?"
	got := answerTo(t, q, prompt(entry))
	require.Contains(t, got, "this parameter determines the strategy used to vent the chamber", got)
	require.Contains(t, got, "The default is slow.", got)
	require.NotContains(t, got, "The default is on.", got)

	other := "Firing\n\nvent_policy (enum)\n\nWhen a kiln cools after a firing, this parameter determines the strategy used to vent the chamber. " +
		"Possible values are slow, which vents through the chimney, and fast, which opens the door.\n\n" +
		"glaze_check (boolean)\n\nChecks glazes for lead before a firing. The default is on."
	got = answerTo(t, q, prompt(other))
	require.False(t, strings.Contains(got, "The default is on."), "another entry's default: %s", got)
}

// When another entry is named for the thing asked about ("glazelog" for
// "the glaze log"), an entry that mentions the thing among others brings
// no default of its own: the default asked for is the named entry's.
func TestEntryDefaultOfTheNamedEntry(t *testing.T) {
	text := "Paths\n\nrundir\n\nA path for storing run-time data (glaze log, kiln sockets, etc.).\n\nThe default is /run/kiln.\n\n" +
		"glazelog\n\nA glaze log location.\n\nDefault: rundir/kiln.log"
	got := answerTo(t, "Where is the glaze log stored by default?", prompt(text))
	require.Contains(t, got, "Default: rundir/kiln.log", got)
	require.NotContains(t, got, "/run/kiln.", got)
}
