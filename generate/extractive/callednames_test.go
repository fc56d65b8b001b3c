package extractive_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A definition question is answered with the sentence that gives the
// thing its name ("… is known as a kiln hold"), which outranks sentences
// that only use the name; a name given pointing back ("These are called
// …") brings the sentence before it, which says what they are.
func TestDefinitionByNaming(t *testing.T) {
	for _, tt := range []struct {
		name, question, source, quoted string
	}{
		{
			"named at the end", "What is a kiln hold?",
			"A kiln hold is also useful when glazing thick pieces of stoneware. " +
				"A kiln hold can be set in the schedule of each firing program. " +
				"A kiln hold adds to the length of the firing and to its cost. " +
				"A kiln hold is shown on the display with a flashing dot. " +
				"Keeping the kiln at one temperature for a while before cooling is known as a kiln hold.",
			"Keeping the kiln at one temperature for a while before cooling is known as a kiln hold.",
		},
		{
			"named pointing back", "What are shadow schedules?",
			"Shadow schedules are stored on the memory card of the controller. " +
				"Shadow schedules are copied when the controller is updated. " +
				"Shadow schedules are listed after the normal ones in the menu. " +
				"The controller can keep extra schedules that run only when the normal one fails. " +
				"These are called shadow schedules, because they stay hidden until needed. " +
				"Shadow schedules can be edited from the front panel.",
			"The controller can keep extra schedules that run only when the normal one fails.",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := answerTo(t, tt.question, prompt(tt.source))
			require.True(t, strings.Contains(got, tt.quoted), got)
		})
	}
}
