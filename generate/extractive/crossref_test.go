package extractive_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A sentence that sends the reader elsewhere is no answer, also inside a
// Markdown quotation or after a note's label.
func TestCrossReferenceInQuotationIsNoAnswer(t *testing.T) {
	for _, ref := range []string{
		"> See the [Kiln Best Practices guide – Leverage glaze cache](https://example.org/kiln#cache)",
		"**Note:** See the kiln glaze cache guide for the build cache.",
	} {
		p := prompt("Build cache\n\n"+ref, "Glazing\n\nThe glaze cache is reused when the kiln builds an image again.")
		got := answerTo(t, "How do I build a kiln image without using the glaze cache?", p)
		require.NotContains(t, got, "See the", ref)
	}
}
