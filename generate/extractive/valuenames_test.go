package extractive

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// A subjectless default whose value is another setting's name lends the
// name's parts to no question: "Defaults to SpoolDirectorySize= divided by
// 4096." under SpoolDirectoryInodesMax= is not about the spool directory's
// size. A part the sentence writes as a word of its own stays, and so do
// the terms of a sentence that is no subjectless default, or of one under
// a title rather than a setting's name.
func TestDropValueNames(t *testing.T) {
	termsUnder := func(text, heading string) map[string]bool {
		terms := map[string]bool{}
		words := textutil.Words(text)
		for _, w := range words {
			if !textutil.IsStopword(w) {
				terms[textutil.Stem(w)] = true
			}
		}
		codeWordTerms(text, func(p string) { terms[textutil.Stem(p)] = true }, nil)
		dropValueNames(terms, text, words, heading)
		return terms
	}
	const entry = "SpoolDirectoryInodesMax="

	got := termsUnder("Defaults to SpoolDirectorySize= divided by 4096.", entry)
	require.True(t, got[textutil.Stem("defaults")])
	for _, w := range []string{"spool", "directory", "size"} {
		require.False(t, got[textutil.Stem(w)], w)
	}
	got = termsUnder("DEFAULTS TO SpoolDirectorySize= divided by 4096.", entry)
	require.False(t, got[textutil.Stem("spool")], "in capitals too")
	got = termsUnder("Defaults to SpoolDirectorySize= divided by 4096, a size in inodes.", entry)
	require.True(t, got[textutil.Stem("size")], "written as a word of its own")
	require.False(t, got[textutil.Stem("spool")])
	got = termsUnder("SpoolDirectorySize= sets the size limit of the spool directory.", entry)
	require.True(t, got[textutil.Stem("spool")], "no default: the name is the sentence's subject")
	got = termsUnder("Defaults to SpoolDirectorySize= divided by 4096.", "Description")
	require.True(t, got[textutil.Stem("spool")], "under a title, not a setting's name, nothing is dropped")
}
