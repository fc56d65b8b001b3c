package synonyms_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/synonyms"
)

// Every group parses to two or more distinct lower-case words; comments
// and blank lines are no group.
func TestGroups(t *testing.T) {
	groups := synonyms.Groups()
	require.NotEmpty(t, groups)
	require.Contains(t, groups, []string{"memory", "ram"})
	for _, g := range groups {
		require.GreaterOrEqual(t, len(g), 2, "group %v", g)
		seen := map[string]bool{}
		for _, w := range g {
			require.Equal(t, strings.ToLower(w), w)
			require.False(t, strings.HasPrefix(w, "#"), "group %v", g)
			require.False(t, seen[w], "word %q twice in %v", w, g)
			seen[w] = true
		}
	}
}
