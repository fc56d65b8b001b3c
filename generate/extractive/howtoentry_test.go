package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A how-to question is answered first by the reference entry whose
// opening line says what the entry does, named by its entry line, over a
// feature list that says the question's words in passing.
func TestHowToAnsweredByEntry(t *testing.T) {
	intro := "Basic features : Monitoring\n\n- The controller can use health check requests to pass information to the kilns, such as their names, weight, the number of other kilns in the studio etc. so that kilns can adjust their response and decisions based on this knowledge.\n" +
		"- Checks can be sent to a different address/port/protocol : this makes it easy to check a single kiln that is considered representative of multiple ones, for example the gas port for a gas+electric kiln.\n" +
		"- Various check methods are available : thermocouple, temperature probe, infrared, with/without logging;"
	entry := "option tempchk <method> <probe>\n\nEnables temperature probes to check on the kilns health\n\nArguments :\n\n<method> is the optional probe method.\n\n" +
		"When \"option tempchk\" is specified, a complete probe cycle is run once the connection is set."
	got := answerTo(t, "How do I make the controller check kiln health with temperature probes?", prompt(intro, entry))
	require.True(t, strings.HasPrefix(got, "option tempchk <method> <probe> [S2]\n\nEnables temperature probes to check on the kilns health [S2]"), "answer: %q", got)
}

// A question asking which option does something is answered by the
// reference entry as a how-to is: "-r <rate>" and its opening line, over
// notes that use the question's words about something else.
func TestWhichOptionAnsweredByEntry(t *testing.T) {
	notes := "Chamber sockets\n\nYou can use the optional user and mode sub-arguments of kilnctl to set permissions of the chamber socket; use names, not numbers. " +
		"Options of kilnctl set the fan's socket too."
	entry := "-r <[chamber=]rate[,STEP]>\n\nCool the chamber at the specified rate (see below).\n\nMultiple -r arguments are allowed."
	got := answerTo(t, "Which option of kilnctl sets the cooling rate?", prompt(notes, entry))
	require.True(t, strings.HasPrefix(got, "-r <[chamber=]rate[,STEP]> [S2]\n\nCool the chamber at the specified rate"), "answer: %q", got)
}
