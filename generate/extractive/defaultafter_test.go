package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// An entry whose description covers the question and whose default
// follows without naming its subject ("The default is 12.") answers a
// default question ahead of another entry's default sentence that happens
// to share more of the question's words, in either order of the sources.
// A default under the next heading is that entry's and lends the
// description nothing.
func TestEntryDefaultAfterItsDescription(t *testing.T) {
	q := "What is the maximum number of simultaneous feed pumps by default?"
	feeds := func(def string) string {
		return "tank-feeds\n\nGrammar: tank-feeds <integer>;\n\nSpecifies the maximum number of simultaneous feed pumps attached to the tank.\n\n" +
			"This is the maximum number of simultaneous feed pumps that the tank accepts. " + def
	}
	timeout := "feed-timeout\n\nGrammar: feed-timeout <integer>;\n\nSets the time the tank waits on an idle feed pump.\n\n" +
		"The default is 300 (30 seconds), the maximum is 600 (about 1.8 hours), and the minimum is 0, which signals that simultaneous feed pumps must close their connections immediately."

	for _, p := range [][]string{{feeds("The default is 12."), timeout}, {timeout, feeds("The default is 12.")}} {
		got := answerTo(t, q, prompt(p...))
		require.Regexp(t, `^tank-feeds \[S\d\]\n\nSpecifies the maximum number of simultaneous feed pumps attached to the tank\. \[S\d\] The default is 12\.`, got)
		require.NotContains(t, got, "The default is 300")
	}

	got := answerTo(t, q, prompt(feeds("\n\nrefill-rate\n\nSets how fast the tank refills. The default is 12."), timeout))
	require.Regexp(t, `^The default is 300`, got)
}

// A which-X question answered by later sentences of a named section is
// answered with the section's name, once, however many of its sentences
// are quoted.
func TestWhichQuestionNamesTheSectionOnce(t *testing.T) {
	section := "Persistent=\n\nTakes a boolean argument. If true, the time when the kiln unit was last fired is stored on disk. " +
		"When the timer is activated, the kiln unit is fired at once if it would have been fired while the timer was inactive. " +
		"This is useful to catch up on missed firings of the kiln when the workshop was powered down. " +
		"Catching up on missed firings only happens for calendar timers."
	other := "AccuracySec=\n\nSpecify the accuracy the timer shall elapse with. Defaults to 1min."
	got := answerTo(t, "Which timer option catches up on missed firings of the kiln while the workshop was powered down?", prompt(section, other))
	require.Regexp(t, `^Persistent= \[S1\]\n\n`, got)
	require.Equal(t, 1, strings.Count(got, "Persistent="), got)
}

// A default that names the settings it is of answers only for them: after
// a description covering several settings, "DefaultHeatSec= and
// DefaultSoakSec= default to 90s." is no default of the time to cool,
// which DefaultCoolSec='s sentence gives.
func TestFollowingDefaultOfAnotherSetting(t *testing.T) {
	entry := "DefaultHeatSec=, DefaultSoakSec=, DefaultCoolSec=\n\nConfigures the default times for heating and soaking of kilns, " +
		"as well as the default time a kiln cools between firings. Disabled by default for single firings. " +
		"DefaultHeatSec= and DefaultSoakSec= default to 90s. DefaultCoolSec= defaults to 100ms."
	other := "GlazeSec=\n\nSets how long glaze dries. Defaults to 5min."
	got := answerTo(t, "How long does a kiln cool between firings by default?", prompt(entry, other))
	require.Contains(t, got, "DefaultCoolSec= defaults to 100ms.")
	require.NotContains(t, got, "90s")
}
