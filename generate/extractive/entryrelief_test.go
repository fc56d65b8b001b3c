package extractive_test

import (
	"testing"

	"github.com/hybridrag/hybridrag/generate"
)

// An entry states the count it is asked for in words of its own ("It
// executes … once"), naming its subject only in its heading: under the
// heading of what the question asks about it answers with less of the
// question's words; elsewhere it does not.
func TestCountInTheEntryAskedAbout(t *testing.T) {
	entry := func(heading string) *generate.Prompt {
		return &generate.Prompt{Sources: []generate.ContextSource{
			sourceUnder("S1", "Other hooks are described in the chapters on glazing and on cooling, with their arguments and their exit codes.", "Hooks"),
			sourceUnder("S2", "It takes no arguments and reads the names of the loaded kilns from its standard input.\n\nIt executes on the controller once after all the kilns have been loaded.", "Hooks", heading),
		}}
	}
	runSupportCases(t, []supportCase{
		{"under the entry asked about", "How many times does the post-firing hook run for one batch that loads several kilns?", entry("post-firing"), true},
		{"under another entry", "How many times does the post-firing hook run for one batch that loads several kilns?", entry("pre-glazing"), false},
	})
}
