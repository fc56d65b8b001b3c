package textutil

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Scaffold words phrase the question; "built-in" qualifies what a manual
// describes as its own without saying it comes with it ("How long can a
// username be in the built-in User model?"). Content words are not
// scaffold.
func TestIsScaffold(t *testing.T) {
	for _, w := range []string{"often", "roughly", "built-in", "builtin"} {
		require.True(t, IsScaffold(w), w)
	}
	for _, w := range []string{"username", "model", "timeout", "standard"} {
		require.False(t, IsScaffold(w), w)
	}
	require.True(t, IsScaffold("built-in"))
}
