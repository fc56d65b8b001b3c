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

// The past forms of irregular verbs stem with their base form ("sent",
// "sends"), which Porter's suffix rules cannot reach; verbs that say
// little of their own keep their forms apart.
func TestStemIrregularVerbs(t *testing.T) {
	for past, present := range map[string]string{
		"sent": "sends", "ran": "running", "written": "writes", "wrote": "write",
		"broken": "breaks", "chosen": "choosing", "rebuilt": "rebuild", "forbidden": "forbids",
	} {
		require.Equal(t, Stem(present), Stem(past), "%s / %s", past, present)
	}
	require.NotEqual(t, Stem("makes"), Stem("made"))
	require.NotEqual(t, Stem("binds"), Stem("bound"), "an upper bound is no binding")
}

// British and American spellings stem alike.
func TestStemBritishSpelling(t *testing.T) {
	for uk, us := range map[string]string{
		"colour": "color", "colours": "colors", "behaviour": "behavior", "optimisation": "optimization",
		"optimise": "optimizing", "recognised": "recognizes", "serialiser": "serializer",
		"analyse": "analyzing", "catalogue": "catalog", "licence": "license", "centre": "center",
	} {
		require.Equal(t, Stem(us), Stem(uk), "%s / %s", uk, us)
	}
	// -ise in both spellings, and "analysis", stay as they are.
	require.Equal(t, "advis", Stem("advise"))
	require.NotEqual(t, Stem("analyze"), Stem("analysis"))
	require.Equal(t, "organ", Stem("organ"))
}

// Adverbs in -fully and -lessly stem with their adjectives, which Porter
// reaches only for other endings ("-ously").
func TestStemAdverbsOfFulAndLess(t *testing.T) {
	for adverb, adjective := range map[string]string{
		"gracefully": "graceful", "successfully": "successful", "carelessly": "careless", "needlessly": "needless",
	} {
		require.Equal(t, Stem(adjective), Stem(adverb), "%s / %s", adverb, adjective)
	}
	require.Equal(t, "fulli", Stem("fully"), "no adjective inside")
}

// A verb whose only vowel is its final y ("try", "dry") stems as its
// other forms do: Porter keeps the y of "try" but turns "tries" and
// "tried" into "tri".
func TestStemShortYVerbs(t *testing.T) {
	for base, forms := range map[string][]string{"try": {"tries", "tried"}, "dry": {"dries", "dried"}, "apply": {"applies", "applied"}} {
		for _, f := range forms {
			require.Equal(t, Stem(base), Stem(f), "%s / %s", base, f)
		}
	}
	require.Equal(t, "kei", Stem("key"), "a vowel before the y: Porter's rule")
}
