package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// "What does X stand for?" leads with the sentence that spells X out,
// over code that shares every term with the question and over sentences
// that lead with X.
func TestExpansionLeads(t *testing.T) {
	for _, tc := range []struct{ question, want string }{
		{"What does mpsc stand for in std::sync::mpsc?", "We create a channel with the std::sync::mpsc::channel function; mpsc stands for multiple producer, single consumer."},
		{"What does GIN stand for?", "Its name, GIN, is short for Generalized Inverted Index."},
		{"What does MVCC stand for?", "Consistency is kept by a multiversion model (Multiversion Concurrency Control, MVCC)."},
	} {
		got := answerTo(t, tc.question, prompt(
			"```\nuse std::sync::mpsc;\nfn main() { let (tx, rx) = mpsc::channel(); }\n```",
			"GIN is designed for handling composite values. MVCC avoids locking. The mpsc::channel function returns a tuple of the sending and receiving ends.",
			tc.want,
		))
		require.True(t, strings.HasPrefix(got, tc.want), "%q: %q", tc.question, got)
	}
}
