package textutil

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestKeywordStopword(t *testing.T) {
	for _, tt := range []struct {
		word, next string
		want       bool
	}{
		{"HAVING", "clause", true},
		{"BETWEEN", "", true},
		{"IS", "NOT", true},
		{"while", "statement", true},
		{"for", "loops", true},
		{"in", "operator", true},
		{"with", "Statement", true},
		{"having", "", false},       // lower case, no kind after it
		{"Is", "it", false},         // a sentence's first word, not capitals
		{"I", "", false},            // one letter
		{"while", "the", false},     // a conjunction
		{"and", "operators", false}, // "the -> and ->> operators"
		{"which", "statement", false},
		{"the", "statement", false},
		{"SELECT", "", false}, // no stop word: kept anyway
		{"statement", "", false},
	} {
		require.Equal(t, tt.want, KeywordStopword(tt.word, tt.next), "%q %q", tt.word, tt.next)
	}
}

func TestContentTermsKeepKeywordStopWords(t *testing.T) {
	require.Equal(t, []string{"having", "claus"}, ContentTerms("What does the HAVING clause do?"))
	require.Equal(t, []string{"while", "statement", "repeat"}, ContentTerms("The while statement repeats"))
	require.Equal(t, []string{"fun"}, ContentTerms("having fun while the"))
}

func TestKeywordStopwordsSkipNameParts(t *testing.T) {
	require.Nil(t, KeywordStopwords("Is LINK_WHAT_YOU_USE supported? Set EXCLUDE_FROM_ALL."))
	require.Equal(t, map[string]bool{"all": true}, KeywordStopwords("UNION ALL, ON_ERROR"))
	require.Equal(t, []string{"link"}, ContentTerms("LINK_WHAT_YOU_USE"))
}

// Every construct kind holds one of the quick test's substrings.
func TestKindStemsCoverKinds(t *testing.T) {
	for kind := range constructKinds {
		require.True(t, mayHoldKeywordStopword("the x "+kind), kind)
		require.True(t, mayHoldKeywordStopword("The X "+strings.ToUpper(kind[:1])+kind[1:]), kind)
	}
	require.False(t, mayHoldKeywordStopword("Set the Pump to On."))
}

func TestUnshouted(t *testing.T) {
	for in, want := range map[string]string{
		"WHAT IS THE DEFAULT PORT?":       "what is the default port?",
		"HOW DO I SET max_connections?":   "how do i set max_connections?",
		"ON CONFLICT DO NOTHING":          "ON CONFLICT DO NOTHING", // keywords only
		"What does the HAVING clause do?": "What does the HAVING clause do?",
		"HAVING":                          "HAVING",
		"IS DISTINCT FROM vs = for NULLs": "IS DISTINCT FROM vs = for NULLs",
	} {
		require.Equal(t, want, Unshouted(in), in)
	}
}
