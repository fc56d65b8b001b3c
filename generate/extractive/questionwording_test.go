package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// How the generator reads a question's wording before it scores sentences:
// capitals, pronouns that only phrase the question, phrasal verbs.

// A question typed in capitals is read as words: read as written, each of
// its words looked like a name the sentences had to hold, and the
// generator declined what it answers in lower case.
func TestShoutedQuestionIsAnswered(t *testing.T) {
	p := prompt(
		"The server keeps a log of every connection attempt.",
		"The TCP port the server listens on is 5432 by default.",
	)
	for _, q := range []string{"What is the default port of the server?", "WHAT IS THE DEFAULT PORT OF THE SERVER?"} {
		got := answerTo(t, q, p)
		require.True(t, strings.HasPrefix(got, "The TCP port the server listens on"), "%q: %q", q, got)
	}
}

// "one another" phrases the question: a sentence that only shares
// "another" with it ("within another transaction") does not answer
// whether savepoints nest.
func TestReciprocalPronounIsNoTerm(t *testing.T) {
	got := answerTo(t, "Can savepoints be nested inside one another?", prompt(
		"If the transaction occurs within another transaction it is a no-op.",
		"Savepoints are named transactions and may be nested.",
	))
	require.True(t, strings.HasPrefix(got, "Savepoints are named transactions"), got)
}

// A phrasal verb is read as the verb manuals write, on both sides: "switch
// off" asks how to disable, and "turns off" says how to.
func TestPhrasalVerbsAreTheirVerbs(t *testing.T) {
	for _, tc := range []struct{ question, wrong, right string }{
		{
			"How do I switch off memory-mapped I/O?",
			"Memory-mapped I/O is a feature of the operating system.",
			"To disable memory-mapped I/O, set mmap_size to zero.",
		},
		{
			"How do I disable all busy handlers?",
			"The busy handler is called when a table is locked.",
			"Calling sqlite3_busy_timeout with zero turns off all busy handlers.",
		},
	} {
		got := answerTo(t, tc.question, prompt(tc.wrong, tc.right))
		require.True(t, strings.HasPrefix(got, tc.right), "%q: %q", tc.question, got)
	}
}
