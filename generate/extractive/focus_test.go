package extractive_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
)

// When the first sentence answers by form (the extent, amount, default or
// definition asked for), the sentences after it must answer too: one that
// shares only the question's subject, above all from another source, is a
// side remark and is left out; one that answers another part of the
// question, or states what is asked itself, stays. A definition opens with
// the sentence that defines, not with one that merely starts with the
// subject's words. Questions of no such form are left to the scores
// (TestGenerateSelection).
func TestAnswerFocus(t *testing.T) {
	for _, tt := range []struct {
		name, question string
		sources        []string
		want           string // the whole answer
	}{
		{
			name:     "another source naming only the subject",
			question: "How often should the bicycle chain be lubricated?",
			sources: []string{
				"Lubricate the bicycle chain every 300 km, or after every ride in the rain.",
				"The tool kit holds a chain breaker, two spare bicycle chain links and a 15 mm spanner.",
			},
			want: "Lubricate the bicycle chain every 300 km, or after every ride in the rain. [S1]",
		},
		{
			name:     "the same source: a side remark goes, a second figure stays",
			question: "How often should the bicycle chain be lubricated?",
			sources: []string{
				"Lubricate the bicycle chain every 300 km, or after every ride in the rain. " +
					"Never clean the bicycle chain with a pressure washer. " +
					"On a racing bicycle, lubricate the chain every 150 km.",
			},
			want: "Lubricate the bicycle chain every 300 km, or after every ride in the rain. [S1] " +
				"On a racing bicycle, lubricate the chain every 150 km. [S1]",
		},
		{
			name:     "a default: what the setting does and another source's side remark go",
			question: "What is the default value of fetch_depth?",
			sources: []string{
				"fetch_depth (integer)\n\nLimits how many commits a shallow fetch downloads. The default is 50.",
				"Setting fetch_depth too low makes later merges fail.",
			},
			want: "The default is 50. [S1]",
		},
		{
			name:     "a second default in the section is another setting's",
			question: "What is the default value of fetch_depth?",
			sources: []string{
				"fetch_depth (integer)\n\nThe default is 50. The default remote is origin.",
			},
			want: "The default is 50. [S1]",
		},
		{
			name:     "another part of the question stays",
			question: "How often should the bicycle chain be lubricated, and what oil suits winter?",
			sources: []string{
				"Lubricate the bicycle chain every 300 km, or after every ride in the rain.",
				"Wet oil suits winter riding.",
			},
			want: "Lubricate the bicycle chain every 300 km, or after every ride in the rain. [S1]\n\n" +
				"Wet oil suits winter riding. [S2]",
		},
		{
			name:     "a second answer as full as the first stays",
			question: "What does a dishwasher do by default when the door opens?",
			sources: []string{
				"By default, a dishwasher pauses the cycle when the door opens.",
				"By default, when the door opens, the dishwasher stops the pump and keeps the water in the tub.",
			},
			want: "By default, when the door opens, the dishwasher stops the pump and keeps the water in the tub. [S2]\n\n" +
				"By default, a dishwasher pauses the cycle when the door opens. [S1]",
		},
		{
			name:     "the section a code's heading opens leads",
			question: "What does fault code F7 mean?",
			sources: []string{
				"Fault codes\n\nF7: Door not latched\n\nThe door switch has stayed open for more than 30 seconds during a cycle. " +
					"Press the latch until it clicks.",
				"A worn latch often causes the fault code F7 on the display.",
			},
			want: "The door switch has stayed open for more than 30 seconds during a cycle. [S1]\n\n" +
				"A worn latch often causes the fault code F7 on the display. [S2]",
		},
		{
			name:     "a condition on the subject does not define it",
			question: "What is a soft reset?",
			sources: []string{
				"If a soft reset does not clear the display, unplug the unit for a minute.",
				"A soft reset restarts the controller without erasing the saved programs.",
			},
			want: "A soft reset restarts the controller without erasing the saved programs. [S2]\n\n" +
				"If a soft reset does not clear the display, unplug the unit for a minute. [S1]",
		},
		{
			name:     "code after a definition is left out",
			question: "What does the fsck_dirs option do?",
			sources: []string{
				"fsck_dirs (boolean)\n\nfsck_dirs makes the check walk every directory before the files.",
				"```\nmount -o fsck_dirs,ro /dev/sda1 /mnt\n```",
			},
			want: "fsck_dirs makes the check walk every directory before the files. [S1]",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := extractive.New(extractive.Options{})
			gen, err := g.Generate(context.Background(), generate.Request{Question: tt.question, Prompt: prompt(tt.sources...)})
			require.NoError(t, err)
			require.Equal(t, tt.want, gen.Text)
		})
	}
}
