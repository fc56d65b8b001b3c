package retrieve

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// Scaffold words go by the question's words, not their stems: "generally"
// and "generator" stem alike, and "Which generator …" keeps its subject;
// an inflected scaffold word ("tells") still goes.
func TestDropScaffoldByWord(t *testing.T) {
	terms := func(question string) []string {
		ts := textutil.ContentTerms(question)
		q := queryTerms{terms: ts, weights: make([]float64, len(ts)), rare: make([]bool, len(ts))}
		return dropScaffold(q, question, textutil.ContentTerms).terms
	}
	require.Contains(t, terms("Which generator does the kiln use?"), textutil.Stem("generator"))
	require.NotContains(t, terms("Which kiln does the glaze generally use?"), textutil.Stem("generally"))
	require.NotContains(t, terms("Which function tells me the kiln temperature?"), textutil.Stem("tell"))
	require.Contains(t, terms("What is the basic firing schedule?"), textutil.Stem("basic"))
}
