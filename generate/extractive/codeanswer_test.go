package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// When only a code block answers, prose quoted away from it does not: a
// "Which port …?" question whose only port number is in an unrelated
// example's output was answered with sentences that give no port.
func TestCodeAnsweringElsewhereQuotesNoProse(t *testing.T) {
	console := "Consoles\n\nThe daemon writes its messages to the system console. " +
		"Further information about the web of serial consoles can be found in the administration guide."
	example := "Browsing services\n\nExample output:\n\n```\n$ browse -a\n+ eth0 IPv4 meteo   Web Site   local\n   hostname = [meteo.local]\n   port = [80]\n```"
	listen := "Port\n\nSpecifies the port number that the daemon listens on. The console of the web server listens on the administration port."
	got := answerTo(t, "Which port does the web administration console listen on?", prompt(console, listen, example))
	require.True(t, strings.HasPrefix(got, "The indexed documentation does not contain"), got)
}
