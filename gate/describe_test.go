package gate

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestReasonDescribe(t *testing.T) {
	seen := map[string]Reason{}
	for _, r := range []Reason{CollectionNotFound, NoRelevantContent, InsufficientSources, UnsupportedAnswer, ModelDeclined} {
		d := r.Describe()
		require.NotEmpty(t, d, "%s has no description", r)
		require.NotContains(t, seen, d, "%s and %s read alike", r, seen[d])
		seen[d] = r
	}
	require.Empty(t, Reason("").Describe())
	require.Empty(t, Reason("custom_reason").Describe())
}
