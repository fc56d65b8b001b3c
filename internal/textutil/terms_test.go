package textutil

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A contraction is a stopword whichever apostrophe it is typed with: as a
// term, "aren’t" is held by no sentence and only lowers every overlap.
func TestStopwordApostrophes(t *testing.T) {
	for _, w := range []string{"aren't", "aren’t", "doesn’t", "isn’t", "can’t"} {
		require.True(t, IsStopword(w), w)
	}
	require.False(t, IsStopword("glaze’s"))
}
