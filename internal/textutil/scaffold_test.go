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
	for _, w := range []string{"often", "roughly", "built-in", "builtin", "certain"} {
		require.True(t, IsScaffold(w), w)
	}
	for _, w := range []string{"username", "model", "timeout", "standard"} {
		require.False(t, IsScaffold(w), w)
	}
	require.True(t, IsScaffold("built-in"))
}

// "one another" is a pronoun, like "each other", and "stand for" asks for
// an abbreviation's meaning; either word alone may count, name a second
// thing or be the subject.
func TestInScaffoldPhrase(t *testing.T) {
	for q, want := range map[string][]string{
		"Can savepoints be nested inside one another?": {"one", "another"},
		"What does WAL stand for?":                     {"stand"},
		"What is GEQO short for?":                      {"short"},
		"Is there a way to force an empty commit?":     {"way"},
	} {
		words := Words(q)
		var got []string
		for i, w := range words {
			if InScaffoldPhrase(words, i) && !IsStopword(w) {
				got = append(got, w)
			}
		}
		require.Equal(t, want, got, q)
	}
	for _, q := range []string{"How do I run the tests one at a time?", "Can I use a trait from another crate?", "Are short strings stored inline?", "What does the stand command do?", "Which way does the queue drain?"} {
		words := Words(q)
		for i := range words {
			require.False(t, InScaffoldPhrase(words, i), "%q: %q", q, words[i])
		}
	}
}
