package extractive_test

import "testing"

// "Which port …?" is answered by a port number: a sentence about the
// URL's other parts, or a timeout of the same protocol, is no answer.
func TestWhichPortAsksForANumber(t *testing.T) {
	syntax := "kiln://\n\nThe required syntax for a kiln URL is: kiln://hostname[:port]/shelf. The connect timeout of a kiln link is 3 seconds by default."
	runSupportCases(t, []supportCase{
		{"no number", "Which port does the kiln protocol use if the URL leaves it out?", prompt(syntax), false},
		{"after the word", "Which port does the kiln protocol use if the URL leaves it out?",
			prompt(syntax + " The kiln protocol uses port 7070 when the URL leaves it out."), true},
		{"in a row", "Which port does a kiln request go to if I give no port?",
			prompt("port\n\nPort a kiln request goes to. Default: defaultPort if set, else 7070.\n\nA kiln request goes to the remote kiln if I give no host."), true},
		{"in an address", "What port does the kiln dashboard listen on?",
			prompt("The kiln dashboard listens on localhost:7071 by default.\n\nThe kiln dashboard serves every shelf."), true},
		{"not asked", "How do I change the kiln protocol's connect timeout?", prompt(syntax), true},
	})
}

// A port question about a URL scheme ("an sftp:// URL") asks that scheme's
// port: another protocol's port number is no answer.
func TestWhichPortOfTheAskedScheme(t *testing.T) {
	q := "Which port does the kiln client use for a kilns:// URL that gives no port?"
	runSupportCases(t, []supportCase{
		{"another protocol's port", q, prompt("Start the kiln daemon; it will listen on port 7418 for kiln clients that give no port."), false},
		{"the scheme's port", q, prompt("A kilns:// URL that gives no port uses port 7443, and the kiln client connects there."), true},
	})
}
