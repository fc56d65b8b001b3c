package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A sentence that points back at its entry ("This routine is …") is quoted
// with the declaration the entry opens with, which names what it is
// about; not when the question or the answer spells the name already, nor
// when the sentences between point at something else.
func TestSignatureBeforePointingSentence(t *testing.T) {
	decl := "void kiln_interrupt(kiln*);"
	page := func(between string) string {
		return "Interrupt A Firing\n\n```\n" + decl + "\n```\n\n" + between +
			"This routine is typically called when the operator presses the Cancel key to halt a long firing immediately. " +
			"It is safe to call this routine from another thread."
	}
	pointing := "This function causes any pending firing to stop at its earliest opportunity. "

	got := answerTo(t, "How can the operator halt a long firing with the Cancel key?", prompt(page(pointing)))
	require.True(t, strings.HasPrefix(got, "```\n"+decl+"\n```"), "answer: %q", got)
	require.Contains(t, got, "This routine is typically called when the operator presses the Cancel key")

	got = answerTo(t, "How can the operator halt a long firing with the Cancel key?", prompt(page("")))
	require.Contains(t, got, decl, "right under the declaration")

	got = answerTo(t, "When is kiln_interrupt called to halt a long firing with the Cancel key?", prompt(page(pointing)))
	require.False(t, strings.HasPrefix(got, "```"), "the question names it: %q", got)

	got = answerTo(t, "How can the operator halt a long firing with the Cancel key?",
		prompt(page("The kiln keeps a queue of firings in memory. ")))
	require.NotContains(t, got, decl, "a sentence about another subject between")
}
