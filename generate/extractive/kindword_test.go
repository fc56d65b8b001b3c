package extractive_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
)

// "What does the --kiln-heat flag do?" asks about --kiln-heat; "flag"
// names its kind, which the entry defining it rarely repeats ("Sets the
// heat …" under "--kiln-heat=DEGREES") while passing mentions do ("Flags
// … (such as the --kiln-heat flag) are not supported in workers."). The
// same holds for directives, methods, properties, events and the rest of
// kindWords. And "What does X default to?" asks for a value, though it
// opens like "What does X do?".
func TestKindWordsAndDefaultTo(t *testing.T) {
	cli := "Command-line options\n\n--kiln-heat=DEGREES\n\nSets the heat the kiln holds during a firing.\n\n" +
		"--kiln-vent\n\nOpens the vent at once."
	passing := "Flags that affect the whole kiln (such as the --kiln-heat flag) are not supported in workers."
	opts := "kiln.fire(options)\n\n- vent <string> The vent mode. Default: 'slow'.\n- heat <number> The heat to hold. Default: 1200."
	for _, tt := range []struct{ name, question, want string }{
		{"flag", "What does the --kiln-heat flag do?", "Sets the heat the kiln holds during a firing."},
		{"default to", "What does the vent option of kiln.fire() default to?", "vent <string> The vent mode. Default: 'slow'."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			gen, err := extractive.New(extractive.Options{}).Generate(context.Background(),
				generate.Request{Question: tt.question, Prompt: prompt(cli, passing, opts)})
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(gen.Text, tt.want), gen.Text)
		})
	}
}
