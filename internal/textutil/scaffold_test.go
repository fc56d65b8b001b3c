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

// "one another" is a pronoun, like "each other"; either word alone may
// count or name a second thing.
func TestIsReciprocalOne(t *testing.T) {
	words := Words("Can savepoints be nested inside one another?")
	require.True(t, IsReciprocalOne(words, 5))
	require.True(t, IsReciprocalOne(words, 6))
	for _, q := range []string{"How do I run the tests one at a time?", "Can I use a trait from another crate?"} {
		words := Words(q)
		for i := range words {
			require.False(t, IsReciprocalOne(words, i), "%q: %q", q, words[i])
		}
	}
}
