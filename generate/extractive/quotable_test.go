package extractive

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
)

func quoted(text string) []string {
	var out []string
	for _, q := range quotableSpans(text) {
		out = append(out, text[q.Start:q.End])
	}
	return out
}

func TestQuotableSpans(t *testing.T) {
	// Hard-wrapped prose stays one sentence.
	prose := "The relief valve opens at 6 bar\nand closes again once the pressure\nhas fallen below 5 bar, after which\nthe pump restarts on its own."
	require.Equal(t, []string{prose}, quoted(prose))

	// Code without fences (HTML <pre>) stays whole.
	code := "func main() {\n\tfor _, w := range work {\n\t\tgo w()\n\t}\n}"
	require.Equal(t, []string{code}, quoted(code))

	// A run of unpunctuated lines (PDF front matter) is quoted line by line.
	front := "Chapter 3: Utilities 6\nReport bugs to: help@example.org\nHome page: https://example.org/\nGeneral help: https://example.org/help"
	require.Equal(t, strings.Split(front, "\n"), quoted(front))

	// So is a "sentence" of many lines that happens to end in a full stop.
	var long []string
	for i := range maxProseLines + 2 {
		long = append(long, "line "+strings.Repeat("x", i+1))
	}
	block := strings.Join(long, "\n") + "."
	got := quoted(block)
	require.Len(t, got, maxProseLines+2)
	require.Equal(t, long[0], got[0])

	// Lines of one split block share their sentence's IDF group, and none
	// of them is taken for a heading.
	qs := quotableSpans(front)
	for i, q := range qs {
		require.True(t, q.split)
		require.Equal(t, i, q.line)
	}
}

func TestSplitBlockIsNotQuotedWhole(t *testing.T) {
	src := "Contents\nChapter 1: Valves 3\nChapter 2: Pumps 9\nReport bugs to: help@example.org\n" +
		"Relief valve settings are listed here\nwith the pressure each valve opens at\n\n" +
		"The relief valve opens at 6 bar."
	pieces := New(Options{}).answer("At what pressure does the relief valve open?", promptOf(src))
	require.NotEmpty(t, pieces)
	require.Contains(t, strings.Join(pieces, ""), "The relief valve opens at 6 bar. [S1]")
	require.NotContains(t, strings.Join(pieces, ""), "Chapter 1")
}

func promptOf(text string) []generate.ContextSource {
	return []generate.ContextSource{{Label: "S1", Text: text, Source: retrieve.Source{Relevance: 0.9}}}
}
