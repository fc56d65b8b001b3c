package validate

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/lazyre"
)

// Every pattern compiled on first use compiles.
func TestLazyPatternsCompile(t *testing.T) {
	require.NotEmpty(t, lazyre.All())
	for _, r := range lazyre.All() {
		_, err := regexp.Compile(r.String())
		require.NoError(t, err, r.String())
	}
}
