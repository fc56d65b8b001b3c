package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A keyword that is an English function word ("with", "if") is no term of
// any sentence; the phrase the question writes ("the with statement")
// still picks its definition over another statement's.
func TestDefinitionOfFunctionWordKeyword(t *testing.T) {
	p := prompt(
		"The global statement is a declaration which holds for the entire current code block.",
		"The with statement is used to wrap the execution of a block with methods defined by a context manager.",
	)
	for _, q := range []string{"What does the with statement do?", "What is the with statement?"} {
		got := answerTo(t, q, p)
		require.True(t, strings.HasPrefix(got, "The with statement is used"), "%q: %q", q, got)
	}
}
