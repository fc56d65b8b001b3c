package extractive

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// "The maximal amount of memory …" says its figure is a limit, as
// "maximum" does: Postfix writes "maximal" throughout its parameter lists
// ("header_size_limit (102400)"), and without it the entry of a header's
// size limit lost the lead to the message's, which says "size".
func TestStatesLimit(t *testing.T) {
	for _, s := range []string{
		"The maximal amount of memory in bytes for storing a message header.",
		"The maximum number of kilns is 4.",
		"At most 3 firings run at once.",
	} {
		require.True(t, statesLimit(s), s)
	}
	for _, s := range []string{
		"If your studio powers more than one kiln, name each.",
		"The kiln heats slowly.",
	} {
		require.False(t, statesLimit(s), s)
	}
}
