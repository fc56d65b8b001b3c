package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The sentence that makes the generator answer is quoted, and leads: an
// answer whose best-scoring sentences only cover the question's words,
// given because a lower sentence states what was asked, would present
// sentences that do not answer.
func TestAnsweringSentenceIsQuoted(t *testing.T) {
	cases := []struct {
		name, question string
		sources        []string
		lead           string // the answer's first sentence starts so
		holds          string // and the answer holds this
	}{
		{
			name:     "a default below a note on the setting",
			question: "Roughly how long do session cookies live by default?",
			sources: []string{
				"## Session security\n\nPlease note that the presence of this setting does not mean that session cookies live safely across subdomains by default.",
				"The session cookie is named sessionid by default, but you can rename the session cookie with a setting. Session cookies are sent over HTTPS only when the secure flag is set.",
				"## SESSION_COOKIE_AGE\n\nThe age of session cookies.\n\nDefault: 1209600 (two weeks, in seconds)",
			},
			lead:  "Default: 1209600",
			holds: "two weeks",
		},
		{
			name:     "a count below sentences on the same thing",
			question: "How many rows per page does the report viewer show by default?",
			sources: []string{
				"## Report viewer\n\nThe report viewer shows the rows of a report page by page, and its toolbar moves between the pages by default.\n\nSet show_totals to show the total count of rows on each report page.",
				"## Paging\n\nThe default is to display 50 rows per page.",
			},
			lead:  "The default is to display 50 rows",
			holds: "50 rows",
		},
		{
			// The lead's figure answers, though the answer test found the
			// question's subject ("same file") only beside a later one.
			name:     "a lead with its figure stays first",
			question: "At any given time, how many writers may I have on the same file?",
			sources: []string{
				"## Locking rules\n\n- At any given time, you can have either one writer or any number of readers (but not both).\n- A writer of a file is given the lock in the order writers asked for it.\n- Writers of a file queue for the lock.",
				"## Lock upgrades\n\nThe lock table keeps an entry for the same file.\n\nConverting one writer to one reader will never break the rules of a given lock.",
			},
			lead:  "- At any given time",
			holds: "Converting one writer",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			answer := answerTo(t, c.question, prompt(c.sources...))
			require.True(t, strings.HasPrefix(answer, c.lead), "answer: %q", answer)
			require.Contains(t, answer, c.holds)
		})
	}
}
