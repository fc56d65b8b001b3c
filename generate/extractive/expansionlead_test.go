package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// "What does X stand for?", and "What does X mean?" of an abbreviation
// in capitals, lead with the sentence that spells X out, over code that
// shares every term with the question and over sentences that lead with X.
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

// A definition question ("What does MVCC mean?") would lead with a
// sentence that opens with the name; asked of an abbreviation in capitals,
// it leads with the one that spells it out.
func TestAbbreviationMeaningLeads(t *testing.T) {
	const want = "Internally, data consistency is maintained by using a multiversion model (Multiversion Concurrency Control, MVCC)."
	got := answerTo(t, "What does MVCC mean?", prompt(
		"MVCC, by eschewing the locking methodologies of traditional database systems, minimizes lock contention.",
		"Because of MVCC, readers never block writers.",
		want,
	))
	require.True(t, strings.HasPrefix(got, want), got)
}
