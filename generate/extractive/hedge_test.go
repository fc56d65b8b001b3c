package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A hedge ("roughly", "exactly") asks how precise the answer is; no source
// repeats it, and as a term no sentence holds it weighed most and sank the
// entry that answers below the overlap needed.
func TestHedgesAreNoTerms(t *testing.T) {
	var b strings.Builder
	for _, e := range []string{"NAME", "DOMAIN", "PATH", "SECURE", "HTTPONLY", "SAMESITE"} {
		b.WriteString("PUMP_COOKIE_" + e + "\n\nDefault: None\n\nThe " + strings.ToLower(e) + " of the pump cookie, set by the controller when it starts.\n\n")
	}
	p := prompt("PUMP_COOKIE_AGE\n\nDefault: 31449600 (approximately 1 year, in seconds)\n\nThe age of pump cookies, in seconds.\n\n"+b.String(), pumpSettings)
	for _, q := range []string{
		"Roughly how long do pump cookies live by default?",
		"Exactly how long do pump cookies live by default?",
	} {
		got := answerTo(t, q, p)
		require.Contains(t, got, "Default: 31449600 (approximately 1 year, in seconds) [S1]", q)
		require.NotContains(t, got, "Default: None", q)
	}
}
