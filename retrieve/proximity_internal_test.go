package retrieve

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestQuestionPairsSkipCodeWordParts(t *testing.T) {
	// The keyword index reads a code word as its whole form and its parts.
	analyse := func(text string) []string {
		var out []string
		for _, w := range strings.Fields(strings.ToLower(text)) {
			out = append(out, w)
			if strings.Contains(w, "_") {
				out = append(out, strings.Split(w, "_")...)
			}
		}
		return out
	}
	q := queryTerms{terms: []string{"raise", "max_connections", "max", "connections", "limit"}, weights: []float64{1, 4, 2, 2, 1}}
	pairs := questionPairs("raise max_connections limit", q, analyse)
	require.Equal(t, []termPair{
		{"raise", "max_connections", 2.5},
		{"max", "connections", 2},
		{"connections", "limit", 1.5},
	}, pairs)
}

func TestProximityScoreSaturates(t *testing.T) {
	pairs := []termPair{{"run", "process", 2}}
	once := proximityScore([]string{"run", "process"}, pairs)
	require.InDelta(t, 2.0, once, 1e-9) // 2 × 2·1/2
	twice := proximityScore([]string{"run", "process", "x", "x", "x", "run", "x", "process"}, pairs)
	require.InDelta(t, 2*2*2.0/3, twice, 1e-9)
	require.Less(t, twice, 2*once)
	require.Zero(t, proximityScore([]string{"run", "a", "b", "c", "process"}, pairs), "beyond the window")
	require.Zero(t, proximityScore([]string{"process", "run"}, pairs), "the other order")
}
