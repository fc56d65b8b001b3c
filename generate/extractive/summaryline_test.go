package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// "What does kiln fire do?" over manual and module pages is answered by
// the page's one-line summary ("kiln-fire - Fire the loaded kiln …", which
// spells the command with a hyphen), rather than by a side remark that
// also opens with the command's name from a better-ranked source; the
// description's first sentence, past the synopsis, follows it, though it
// names neither word.
func TestManualSummaryAnswersWhatItDoes(t *testing.T) {
	page := func(name, summary string) string {
		return name + "(1) Manual Page\n\nNAME\n\n" + name + " - " + summary + "\n\nSYNOPSIS\n\n```\n" +
			strings.ReplaceAll(name, "-", " ") + " [--cone=<n>]\n```"
	}
	for _, tt := range []struct {
		name, question string
		sources        []string
		lead           string // prefix of the answer
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
		{
			name:     "the description follows the summary",
			question: "What does kiln fire do?",
			sources: []string{
				"kiln fire tries very hard not to crack pots that were loaded cold into the chamber.",
				page("kiln-fire", "Fire the loaded kiln and cool it down slowly") + "\n\nDESCRIPTION\n\n" +
					"Heats the chamber along the ramp of the chosen cone, holds it at the peak, then vents it. Pots loaded cold may crack.\n\n" +
					"OPTIONS\n\n--cone=<n>\n\nThe cone kiln fire aims for.",
			},
			lead: "kiln-fire - Fire the loaded kiln and cool it down slowly [S2]\n\nHeats the chamber along the ramp",
		},
		{
			name:     "a module page's title",
			question: "What does the kiln.ramp module do?",
			sources: []string{
				"kiln.ramp — Heating schedules for kilns\n\nSource code: Lib/kiln/ramp.py\n\nThis module reads ramp files and applies them to a firing.",
				"class kiln.ramp.Ramp\n\nThe kiln.ramp module stores each ramp as a list of segments.",
			},
			lead: "kiln.ramp — Heating schedules for kilns [S1]",
		},
		{
			// PostgreSQL's "REINDEX" over "REINDEX — rebuild indexes",
			// shorter than a sentence must be.
			name:     "a reference page's summary under its title",
			question: "What does the KILNFIRE command do?",
			sources: []string{
				"KILNFIRE requires the kiln to be loaded and the vent open before it starts.",
				"KILNFIRE\n\nKILNFIRE — fire kilns\n\nSynopsis\n\n```\nKILNFIRE [ CONE n ]\n```\n\n" +
					"Description\n\nKILNFIRE heats the chamber to the given cone and holds it there.\n\nNotes\n\nKILNFIRE needs the lid closed.",
			},
			lead: "KILNFIRE — fire kilns [S2]\n\nKILNFIRE heats the chamber",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			answer := answerTo(t, tt.question, prompt(tt.sources...))
			require.True(t, strings.HasPrefix(answer, tt.lead), "answer: %q", answer)
		})
	}
}
