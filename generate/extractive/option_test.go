package extractive_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
)

// kilnPage is a command's manual page: a synopsis listing every option,
// then an entry per option, some with the description on the lines below
// the option's spellings.
const kilnPage = "kiln - fire pots\n\nSynopsis\n\nkiln [ -a amount ] [ -j jobs ] [ -t seconds ] [ -T ] pot\n\n" +
	"Options\n\n-a amount\nAmount of clay to load.\n\n" +
	"-j jobs\n--jobs=jobs\n\nFire up to jobs pots at once on shelves of their own.\n\n" +
	"-t seconds\nLongest firing time in seconds.\n\n" +
	"-T\nFire at the top temperature."

// "What does the -t option of kiln do?" asks about -t; kiln is where it is
// documented. The option's entry answers, not the synopsis that lists it
// among the others with the command's name; a bare entry line is followed
// by its description.
func TestCommandOptionEntryLeads(t *testing.T) {
	for _, tt := range []struct{ question, want string }{
		{"What does the -t option of kiln do?", "-t seconds\nLongest firing time in seconds. [S1]"},
		{"What does kiln -t do?", "-t seconds\nLongest firing time in seconds. [S1]"},
		{"What does kiln -T do?", "-T\nFire at the top temperature. [S1]"},
		{"What does the -j flag of kiln do?", "-j jobs\n--jobs=jobs [S1]\n\nFire up to jobs pots at once on shelves of their own. [S1]"},
	} {
		t.Run(tt.question, func(t *testing.T) {
			gen, err := extractive.New(extractive.Options{}).Generate(context.Background(),
				generate.Request{Question: tt.question, Prompt: prompt(kilnPage)})
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(gen.Text, tt.want), gen.Text)
		})
	}
}
