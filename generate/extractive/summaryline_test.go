package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// "What does kiln fire do?" over manual pages is answered by the page's
// NAME summary ("kiln-fire - Fire the loaded kiln …"), which spells the
// command with a hyphen, rather than by a side remark that also opens with
// the command's name from a better-ranked source.
func TestManualSummaryAnswersWhatItDoes(t *testing.T) {
	page := func(name, summary string) string {
		return name + "(1) Manual Page\n\nNAME\n\n" + name + " - " + summary + "\n\nSYNOPSIS\n\n```\n" +
			strings.ReplaceAll(name, "-", " ") + " [--cone=<n>]\n```"
	}
	for _, tt := range []struct {
		name, question string
		sources        []string
		lead           string
	}{
		{
			name:     "a long summary",
			question: "What does kiln fire do?",
			sources: []string{
				"kiln fire tries very hard not to crack pots that were loaded cold into the chamber.",
				page("kiln-fire", "Fire the loaded kiln and cool it down slowly afterwards"),
			},
			lead: "kiln-fire - Fire the loaded kiln",
		},
		{
			// Short and unpunctuated, like a heading, but under NAME.
			name:     "a summary as short as a heading",
			question: "What does kiln vent do?",
			sources: []string{
				"kiln vent tries very hard to keep fumes away from the glaze room.",
				page("kiln-vent", "Open the kiln's vent"),
			},
			lead: "kiln-vent - Open the kiln's vent",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			answer := answerTo(t, tt.question, prompt(tt.sources...))
			require.True(t, strings.HasPrefix(answer, tt.lead), "answer: %q", answer)
		})
	}
}

// The description's first sentence, past the synopsis, follows the
// summary: it says what the command does, though it names neither word.
func TestManualSummaryThenDescription(t *testing.T) {
	page := "kiln-fire(1) Manual Page\n\nNAME\n\nkiln-fire - Fire the loaded kiln and cool it down slowly\n\nSYNOPSIS\n\n```\nkiln fire [--cone=<n>]\n```\n\n" +
		"DESCRIPTION\n\nHeats the chamber along the ramp of the chosen cone, holds it at the peak, then vents it. Pots loaded cold may crack.\n\nOPTIONS\n\n--cone=<n>\n\nThe cone kiln fire aims for."
	answer := answerTo(t, "What does kiln fire do?", prompt(
		"kiln fire tries very hard not to crack pots that were loaded cold into the chamber.",
		page,
	))
	require.True(t, strings.HasPrefix(answer, "kiln-fire - Fire the loaded kiln and cool it down slowly [S2]\n\nHeats the chamber along the ramp"), "answer: %q", answer)
}

// A module page's title in the summary form answers what the module does.
func TestModuleTitleAnswersWhatItDoes(t *testing.T) {
	answer := answerTo(t, "What does the kiln.ramp module do?", prompt(
		"kiln.ramp — Heating schedules for kilns\n\nSource code: Lib/kiln/ramp.py\n\nThis module reads ramp files and applies them to a firing.",
		"class kiln.ramp.Ramp\n\nThe kiln.ramp module stores each ramp as a list of segments.",
	))
	require.True(t, strings.HasPrefix(answer, "kiln.ramp — Heating schedules for kilns [S1]"), "answer: %q", answer)
}

// A reference page that puts its summary under its title (PostgreSQL's
// "REINDEX" over "REINDEX — rebuild indexes"), however short, leads, and
// the description's first sentence past the synopsis follows it.
func TestReferenceSummaryUnderItsTitle(t *testing.T) {
	page := "KILNFIRE\n\nKILNFIRE — fire kilns\n\nSynopsis\n\n```\nKILNFIRE [ CONE n ]\n```\n\n" +
		"Description\n\nKILNFIRE heats the chamber to the given cone and holds it there.\n\nNotes\n\nKILNFIRE needs the lid closed."
	answer := answerTo(t, "What does the KILNFIRE command do?", prompt(
		"KILNFIRE requires the kiln to be loaded and the vent open before it starts.",
		page,
	))
	require.True(t, strings.HasPrefix(answer, "KILNFIRE — fire kilns [S2]\n\nKILNFIRE heats the chamber"), "answer: %q", answer)
}
