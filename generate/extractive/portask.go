package extractive

import "regexp"

// A question asking which port something uses ("Which port does the SRT
// protocol use if the URL leaves it out?") is answered by a port number:
// a sentence about the URL's other parts, or a timeout of the same
// protocol, shares its words and gives none. Manuals write the number
// after the word ("port 9090", "port number 22"), in an address
// ("localhost:9090", ":443"), or in a default row under a port setting
// ("Default: 8080").

// portQuestion matches a question asking which port, not one that only
// mentions a port ("How do I change the port?" asks how).
var portQuestion = regexp.MustCompile(`(?i)\b(?:which|what)\s+(?:(?:tcp|udp|default|network|listening|local|remote)\s+)?port(?:\s+number)?s?\b`)

// portStated matches a port number in an address ("localhost:9090",
// ":443", "9418/tcp"); portWord and portNumber a sentence that names a
// port and gives a number of two to five digits ("listen on port 9418",
// "Port of remote server. Default: defaultPort if set, else 80.").
var (
	portStated = regexp.MustCompile(`[\w\]]:\d{2,5}\b|(?:^|\s):\d{2,5}\b|\b\d{2,5}/(?:tcp|udp)\b`)
	portWord   = regexp.MustCompile(`(?i)\bports?\b`)
	portNumber = regexp.MustCompile(`(?:^|[^\w.])\d{2,5}(?:$|[^\w.]|\.(?:\s|$))`)
)

// portGiven reports whether c gives a port when one is asked for.
func portGiven(asked bool, c *candidate) bool {
	return !asked || portStated.MatchString(c.text) || portWord.MatchString(c.text) && portNumber.MatchString(c.text)
}
