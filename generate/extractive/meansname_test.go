package extractive

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A program named as "the dinfo command" is a means; "the following
// command" or "a shell command" names none.
func TestCommandNamedAsMeans(t *testing.T) {
	require.True(t, namesMeans("This information is provided by the dinfo command.", "How do I show the racks?"))
	require.False(t, namesMeans("This information is provided by the dinfo command.", "How do I use the dinfo command?"), "the question names it")
	require.False(t, namesMeans("Run the following command to see the racks.", "How do I show the racks?"))
	require.False(t, namesMeans("Any shell command can show the racks.", "How do I show the racks?"))
}
