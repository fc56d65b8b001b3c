package textutil

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// "turn … on" and "switch … off" read as "enable" and "disable", in the
// verb's form; a particle that opens a prepositional phrase ("on the
// fly", "on Windows") or the noun "switch" is left alone.
func TestSwitched(t *testing.T) {
	for in, want := range map[string]string{
		"How do I turn on TLS?":                       "How do I enable TLS?",
		"Can I turn persistence off?":                 "Can I disable persistence?",
		"Is it turned on by default?":                 "Is it enabled by default?",
		"How do I switch off memory-mapped I/O?":      "How do I disable memory-mapped I/O?",
		"Which setting turns the cache off?":          "Which setting disables the cache?",
		"How do I turn that off for one site?":        "How do I disable that for one site?",
		"Does turning on tracing slow it down?":       "Does enabling tracing slow it down?",
		"Which switch turns on verbose output?":       "Which switch enables verbose output?",
		"How do I turn around the order?":             "How do I turn around the order?",
		"How do I switch branches on the fly?":        "How do I switch branches on the fly?",
		"How do I turn tests on Windows into errors?": "How do I turn tests on Windows into errors?",
		"What does the -O switch do?":                 "What does the -O switch do?",
		"What does it return on error?":               "What does it return on error?",
	} {
		require.Equal(t, want, Switched(in), in)
	}
	require.Equal(t, []string{"disables"}, SwitchedVerbs("Calling it with zero turns off all busy handlers."))
	require.Nil(t, SwitchedVerbs("Busy handlers are disabled."))
}
