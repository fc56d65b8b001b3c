package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A sentence naming the thing asked for only as "this trait" is quoted
// with the sentence before it, which gives the name.
func TestThisKindQuotedWithItsName(t *testing.T) {
	p := prompt("Kilns implement one, two or all three of these Fire traits:\n\n"+
		"- FireOnce applies to kilns that can be fired once. Every kiln implements at least this trait because every kiln can be fired.\n"+
		"- FireMut applies to kilns that change their shelves while firing.",
		"Every trait of a kiln is a type we can refer to by the name of the trait.")
	got := answerTo(t, "Which kiln trait does every kiln implement?", p)
	require.Contains(t, got, "FireOnce applies to kilns that can be fired once.", got)
	require.Contains(t, got, "Every kiln implements at least this trait", got)
}

// "The first signal" points into the names the sentence before lists:
// that sentence, which names the signal, is quoted before it.
func TestOrdinalKindQuotedWithItsNames(t *testing.T) {
	stop := "pump stop\n\nUsage: pump stop [OPTIONS] PUMP\n\nStop one or more running pumps.\n\n" +
		"The pump's motor will receive `SIGTERM`, and after a grace period, `SIGKILL`. " +
		"The first signal can be changed with the `STOPSIGNAL` line in the pump's file, or the `--stop-signal` option to `pump run`."
	run := "pump run\n\nThe `--stop-signal` flag sets the signal that will be sent to the pump to stop it. " +
		"The `--stop-timeout` flag sets the number of seconds to wait for the pump to stop after sending that signal."
	got := answerTo(t, "Which signal does pump stop send first?", prompt(run, stop))
	require.True(t, strings.HasPrefix(got, "The pump's motor will receive `SIGTERM`, and after a grace period, `SIGKILL`. [S2] The first signal can be changed"), got)
}
