package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// "in kiln jargon" says whose word is asked about, not what: the entry that
// leads with the word alone defines it.
func TestDefinitionQualifiedByJargon(t *testing.T) {
	p := prompt(
		"This way you can convert potter jargon to kiln jargon, for example a hold period.",
		"soaking\nCute name for holding the kiln at its peak temperature.",
	)
	for _, q := range []string{"What is soaking in kiln jargon?", "What does soaking mean in kiln terminology?"} {
		got := answerTo(t, q, p)
		require.True(t, strings.HasPrefix(got, "soaking\nCute name for holding the kiln"), "%q: %q", q, got)
	}
}
