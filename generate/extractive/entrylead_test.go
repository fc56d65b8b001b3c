package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// "What does X set?" asks what the setting X does: the verb is no part of
// the subject, and the sentence opening X's entry ("maxjobs <number>")
// leads, over a later one that names X and happens to say "set". A
// heading that goes on in words is no entry of X.
func TestEntryOpenerLeadsWhatASettingDoes(t *testing.T) {
	entry := "maxjobs <number>\n\nThis setting is only available when the spooler was built in. It makes the kiln keep <number> jobs in its queue. " +
		"\"maxjobs\" also works when the kiln runs in the foreground. On some models the default \"maxjobs\" value is automatically set to the number of shelves.\n\n" +
		"spooldir <path>\n\nSets the directory the spooler writes to."
	got := answerTo(t, "What does maxjobs set?", prompt(entry))
	require.True(t, strings.HasPrefix(got, "This setting is only available when the spooler was built in."), "answer: %q", got)

	// An entry line that prints the default is the entry's line too.
	defaulted := "spoolhost (default: empty)\n\nThe next-hop kiln for jobs from other studios; overrides the studio's own kiln. " +
		"\"spoolhost\" also applies to test firings. When set, the default \"spoolhost\" is used for every queue."
	got = answerTo(t, "What does spoolhost specify?", prompt(defaulted))
	require.True(t, strings.HasPrefix(got, "The next-hop kiln for jobs from other studios"), "answer: %q", got)

	// A name of several words' letters ("spool_delimiter") is one name.
	named := "spool_delimiter (default: empty)\n\nThe set of characters that can separate a job name from its extension. " +
		"The spool_delimiter is not applied to test firings."
	got = answerTo(t, "What does spool_delimiter do?", prompt(named))
	require.True(t, strings.HasPrefix(got, "The set of characters that can separate a job name"), "answer: %q", got)

	section := "maxjobs Tuning Notes\n\nThis section collects advice from kiln operators. " +
		"\"maxjobs\" also works when the kiln runs in the foreground. On some models the default \"maxjobs\" value is automatically set to the number of shelves."
	got = answerTo(t, "What does maxjobs set?", prompt(section))
	require.False(t, strings.HasPrefix(got, "This section collects advice"), "answer: %q", got)
}

// "What does setting X enable?" asks what X does once turned on, as "What
// does X enable?" would: X's entry leads, over sentences that name X in
// passing with "enable" in them.
func TestEntryOpenerLeadsWhatSettingAnOptionDoes(t *testing.T) {
	entry := "GLAZE_MODE\n\nTreat the ‘#’ and ‘~’ marks on a shelf plan as firing instructions. (A leading ‘~’ always names a kiln.)"
	passing := "Enable GLAZE_MODE for plans read via the spooler.\n\nNote that marks not allowed by the current settings for GLAZE_MODE are never enabled, whatever the plan says."
	for _, q := range []string{"What does setting GLAZE_MODE enable?", "What does enabling GLAZE_MODE change?"} {
		got := answerTo(t, q, prompt(passing, entry))
		require.True(t, strings.HasPrefix(got, "Treat the ‘#’ and ‘~’ marks"), "%s: %q", q, got)
	}
}
