package extractive

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
)

// A numbered title names a section only when at most half of the sources
// stand under one so titled ("Options" under every encoder names none),
// and only when it is a name, not a word ("6.6 Errors").
func TestSectionWords(t *testing.T) {
	q := "What is the default quality setting q for the kilnvorb firing, and what errors can it raise?"
	cand := func(source int, path string) *candidate { return &candidate{source: source, path: path} }
	three := make([]generate.ContextSource, 3)

	one := []*candidate{cand(0, "9.5 glazer2000"), cand(1, "8 Firing\n8.12 kilnvorb"), cand(2, "6.6 Errors")}
	got := sectionWords(q, one, three)
	require.Len(t, got, 1)
	require.True(t, got[0].MatchString("the kilnvorb firing"))

	most := []*candidate{cand(0, "9.5 glazer2000"), cand(1, "8.12 kilnvorb"), cand(2, "7.1 kilnvorb")}
	require.Empty(t, sectionWords(q, most, three))
}
