package retrieve

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// A name in capitals that is an everyday term with a bundled synonym
// ("RAM", synonyms.txt: memory) is spoken about where a source speaks
// about its synonym as the question does; a passing mention of the name
// with the synonym nowhere, or only away from the question's words, is
// still incidental.
func TestIncidentalNameWrittenAsSynonym(t *testing.T) {
	chunk := func(text string) Source { return Source{Chunk: store.Chunk{Text: text}} }
	passing := chunk("Hardware notes: RAM, disks and network cards are listed in the appendix of the installation guide.")
	const q = "Which spool option keeps a frobnicator spool entirely in RAM?"
	cases := []struct {
		name    string
		sources []Source
		want    []string
	}{
		{"synonym spoken about", []Source{passing, chunk("The frobnicator keeps its spool in memory when the spool option transient is set.")}, nil},
		{"synonym written in a compound", []Source{passing, chunk("Set the spool option transient for an in-memory frobnicator spool.")}, nil},
		{"synonym far from the question's words", []Source{passing, chunk("Memory is cheap these days, and most hosts have plenty of it for every task they run.")}, []string{"RAM"}},
		{"no synonym in any source", []Source{passing}, []string{"RAM"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, incidentalNames(q, testQueryTerms(q, func(string) bool { return true }), c.sources, testAnalyze))
		})
	}
}
