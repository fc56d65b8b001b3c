package extractive

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/retrieve"
)

func TestDefinedAbbreviations(t *testing.T) {
	src := func(text string) []generate.ContextSource { return []generate.ContextSource{{Label: "S1", Text: text}} }
	for _, tc := range []struct {
		text string
		want map[string][]string
	}{
		{"loaded through the Dynamic Shared Object (DSO) mechanism", map[string][]string{"dso": {"Dynamic", "Shared", "Object"}}},
		{"uses Multiversion Concurrency Control (MVCC) for reads", map[string][]string{"mvcc": {"Multiversion", "Concurrency", "Control"}}},
		{"the kiln writes a Write-Ahead Log (WAL) first", map[string][]string{"wal": {"Write", "Ahead", "Log"}}},
		{"every Point of Sale (POS) terminal", map[string][]string{"pos": {"Point", "of", "Sale"}}},
		// Letters the words before do not spell: no definition.
		{"through the shared mechanism (DSO)", nil},
		{"see the kiln manual (XK)", nil},
		{"see the kiln manual (KM)", map[string][]string{"km": {"kiln", "manual"}}},
	} {
		require.Equal(t, tc.want, definedAbbreviations(src(tc.text)), tc.text)
	}
}

// A sentence writing an abbreviation the sources define holds the terms
// of its spelled-out form, and one writing the spelled-out form the
// abbreviation's.
func TestAbbreviationTerms(t *testing.T) {
	sources := []generate.ContextSource{{Label: "S1", Text: "Modules load through the Dynamic Shared Object (DSO) mechanism."}}
	short := &candidate{text: "It is the only module which cannot be put into a DSO itself.", terms: map[string]bool{}}
	long := &candidate{text: "A dynamic shared object is loaded at startup.", terms: map[string]bool{}}
	other := &candidate{text: "Static modules are compiled in.", terms: map[string]bool{}}
	abbreviationTerms([]*candidate{short, long, other}, sources)
	for _, w := range []string{"shared", "object", "dynamic"} {
		require.True(t, short.terms[textutil.Stem(w)], w)
	}
	require.True(t, long.terms[textutil.Stem("dso")])
	require.Empty(t, other.terms)
}

// The answer in the abbreviation's words is found for a question in the
// spelled-out words.
func TestAnswerInTheAbbreviationsWords(t *testing.T) {
	p := []generate.ContextSource{
		{Label: "S1", Text: "mod_kiln\n\nIt is the only module which cannot be put into a DSO itself.", Source: retrieve.Source{Relevance: 0.8}},
		{Label: "S2", Text: "Glaze modules load at startup through the Dynamic Shared Object (DSO) mechanism, which the kiln supports.", Source: retrieve.Source{Relevance: 0.7}},
	}
	got := strings.Join(New(Options{}).answer("Which module cannot itself be loaded as a shared object?", p), "")
	require.Contains(t, got, "It is the only module which cannot be put into a DSO itself.", got)
}
