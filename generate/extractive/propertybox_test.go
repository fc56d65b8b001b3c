package extractive_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
)

// kettleReference is a reference page's property boxes as the loader
// writes HTML tables: one "Label: | value" row per line, the description
// first. The default of each setting is only in its box.
const kettleReference = "BrewTemp Setting\n\n" +
	"Description: | Water temperature for brewing green tea\n" +
	"Syntax: | BrewTemp degrees\n" +
	"Default: | BrewTemp 80\n" +
	"Context: | kettle config\n\n" +
	"The kettle holds the water at this temperature until it is poured.\n\n" +
	"SteepLimit Setting\n\n" +
	"Description: | Longest steeping time before the kettle beeps\n" +
	"Syntax: | SteepLimit seconds\n" +
	"Default: | SteepLimit 180\n" +
	"Context: | kettle config\n\n" +
	"The beep repeats until the lid is opened."

// A box's rows are facts about what its description row says: the default
// row answers a question that names the setting only as the description
// does, and a short row is not dropped as a fragment.
func TestPropertyBoxRows(t *testing.T) {
	g := extractive.New(extractive.Options{})
	for _, tt := range []struct {
		question, want string
	}{
		{"What is the default water temperature for brewing green tea?", "Default: | BrewTemp 80"},
		{"What is the default longest steeping time before the kettle beeps?", "Default: | SteepLimit 180"},
		{"What is the default SteepLimit?", "Default: | SteepLimit 180"},
	} {
		t.Run(tt.question, func(t *testing.T) {
			gen, err := g.Generate(context.Background(), generate.Request{Question: tt.question, Prompt: prompt(kettleReference)})
			require.NoError(t, err)
			require.Contains(t, gen.Text, tt.want)
		})
	}
	// The description row does not make the other box's default an answer.
	gen, err := g.Generate(context.Background(), generate.Request{Question: "What is the default water temperature for brewing green tea?", Prompt: prompt(kettleReference)})
	require.NoError(t, err)
	require.NotContains(t, gen.Text, "SteepLimit 180")
}

// lampReference's boxes punctuate their rows as some manuals do: the
// description row ends in a full stop, which the sentence splitter takes
// for a sentence end, and the last row is a sentence too. The rows are
// still one box, each quoted as a row.
const lampReference = "GlowLevel Setting\n\n" +
	"Description: | Brightness of the reading lamp at night.\n" +
	"Syntax: | GlowLevel percent\n" +
	"Default: | GlowLevel 40\n" +
	"Context: | lamp config\n" +
	"Compatibility: | Available since firmware 2.1.\n\n" +
	"The lamp dims to this level after sunset.\n\n" +
	"FadeTime Setting\n\n" +
	"Description: | Seconds the lamp takes to fade out.\n" +
	"Default: | FadeTime 12\n\n" +
	"The fade starts when the switch is pressed."

func TestPropertyBoxRowsPunctuated(t *testing.T) {
	g := extractive.New(extractive.Options{})
	for _, tt := range []struct {
		question, want, not string
	}{
		{"What is the default brightness of the reading lamp at night?", "Default: | GlowLevel 40 [S1]", "FadeTime 12"},
		{"How many seconds does the lamp take to fade out by default?", "Default: | FadeTime 12 [S1]", "GlowLevel 40"},
	} {
		t.Run(tt.question, func(t *testing.T) {
			gen, err := g.Generate(context.Background(), generate.Request{Question: tt.question, Prompt: prompt(lampReference)})
			require.NoError(t, err)
			require.Contains(t, gen.Text, tt.want)
			require.NotContains(t, gen.Text, tt.not)
			// Row by row: the box is never quoted whole.
			require.NotContains(t, gen.Text, "Syntax: | GlowLevel percent\nDefault")
		})
	}
}

// A box's rows are one record: the default row leads the answer to a
// question naming the module only its "Module:" row names, ahead of the
// rows that name the module but give no default. A default row that
// points elsewhere ("Default: | See usage for details") gives no default,
// and a default row answers only for its own box: another setting's box
// ("Default: | GateSpeedPerLane 3"), holding none of the question's other
// words, does not answer for GateThreadsPerLane. Of two sibling boxes
// whose rows cover the question alike, the one whose description says
// least besides the question answers: "Maximum lane ratio for gate
// crossings", not "Maximum number of times the lane ratio … can be
// exceeded".
func TestPropertyBoxDefaultRows(t *testing.T) {
	for _, tt := range []struct {
		name, question string
		sources        []string
		lead           string
	}{
		{
			name:     "the default row leads",
			question: "Which greeting does mod_turnstile show on the display of the gate by default?",
			sources: []string{"Description: | Greeting shown on the display of the gate\n" +
				"Syntax: | GateGreeting text\n" +
				"Default: | GateGreeting Welcome\n" +
				"Module: | mod_turnstile\n\n" +
				"Loading mod_turnstile without any settings keeps the gate display dark."},
			lead: "Default: | GateGreeting Welcome [S1]",
		},
		{
			name:     "a row pointing elsewhere gives no default",
			question: "What is the default GateThreads on the north gate?",
			sources: []string{"GateThreads Setting\n\n" +
				"Description: | Number of threads the gate starts\n" +
				"Syntax: | GateThreads number\n" +
				"Default: | See usage for details\n" +
				"Module: | mod_turnstile\n\n" +
				"The default value for GateThreads is 8 on the north gate and 4 on the others."},
			lead: "The default value for GateThreads is 8",
		},
		{
			name:     "another setting's box does not answer",
			question: "What is the default GateThreadsPerLane on weekdays?",
			sources: []string{"GateSpeedPerLane Setting\n\n" +
				"Description: | Speed of each lane of the gate\n" +
				"Default: | GateSpeedPerLane 3\n" +
				"Module: | mod_turnstile",
				"Unless set, GateThreadsPerLane starts 8 threads per lane on weekdays."},
			lead: "Unless set, GateThreadsPerLane starts 8",
		},
		{
			name:     "of sibling boxes, the one described by the question",
			question: "What is the default maximum lane ratio for gate crossings?",
			sources: []string{"GateLaneRatioBurst Setting\n\n" +
				"Description: | Maximum number of times the lane ratio for gate crossings can be exceeded\n" +
				"Syntax: | GateLaneRatioBurst value\n" +
				"Default: | GateLaneRatioBurst 3\n" +
				"Module: | mod_turnstile\n\n" +
				"GateLaneRatioLimit Setting\n\n" +
				"Description: | Maximum lane ratio for gate crossings\n" +
				"Syntax: | GateLaneRatioLimit value\n" +
				"Default: | GateLaneRatioLimit 200\n" +
				"Module: | mod_turnstile"},
			lead: "Default: | GateLaneRatioLimit 200 [S1]",
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			gen, err := extractive.New(extractive.Options{}).Generate(context.Background(), generate.Request{
				Question: tt.question,
				Prompt:   prompt(tt.sources...),
			})
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(gen.Text, tt.lead), "answer: %q", gen.Text)
		})
	}
}

// A row whose label is what the question asks for ("In which context …",
// "Which module provides …") answers it, and a question asking what a
// setting does is answered by its own box's description row, before the
// prose that mentions the setting in passing with more of the question's
// words. Another setting's description that names this one (the box of
// "SteepLimitInherit" describing "SteepLimit settings") is not its box.
func TestPropertyBoxRowAnswersByLabel(t *testing.T) {
	boxes := "SteepLimitInherit Setting\n\n" +
		"Description: | Inherit SteepLimit settings from the main kettle\n" +
		"Syntax: | SteepLimitInherit On|Off\n" +
		"Context: | kettle config\n\n" +
		kettleReference + "\n\n" +
		"GrindSize Setting\n\n" +
		"Description: | Coarseness of the grinder's output\n" +
		"Context: | grinder config\n" +
		"Module: | mod_grinder"
	passing := "To find out in which context the GrindSize setting may be used, check the context list of the grinder module. " +
		"The SteepLimit setting may also be lowered on kettles in busy kitchens, and the SteepLimit setting of a guest kettle is inherited from the main kettle's SteepLimit setting."
	for _, tt := range []struct{ name, question, want string }{
		{"context row", "In which context can the GrindSize setting be used?", "Context: | grinder config"},
		{"module row", "Which module provides the GrindSize setting?", "Module: | mod_grinder"},
		{"description row of its own box", "What does the SteepLimit setting do?", "Description: | Longest steeping time before the kettle beeps"},
		{"a how-to question holding a label's word", "How do I find the context list of the grinder module?", "To find out in which context"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			gen, err := extractive.New(extractive.Options{}).Generate(context.Background(),
				generate.Request{Question: tt.question, Prompt: prompt(passing, boxes)})
			require.NoError(t, err)
			require.True(t, strings.HasPrefix(gen.Text, tt.want), gen.Text)
		})
	}
}

// A "Module:" row answers which module only for the thing its box is
// titled by: a question sharing words with the box's description row
// alone asks about another module, and the row does not lead.
func TestModuleRowAnswersForItsBoxsTitle(t *testing.T) {
	box := "KilnCache Setting\n\nDescription: | The shared gate cache implementation to use\n" +
		"Syntax: | KilnCache type\n" +
		"Module: | mod_kiln_cache"
	prose := "Gate modules load at startup. The only gate module which cannot itself be loaded at startup as a shared gate module is mod_gate_core."
	gen, err := extractive.New(extractive.Options{}).Generate(context.Background(), generate.Request{
		Question: "Which module cannot itself be loaded as a shared gate module?",
		Prompt:   prompt(box, prose),
	})
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(gen.Text, "The only gate module which cannot"), gen.Text)
	// The question naming the box's thing is answered by the row.
	gen, err = extractive.New(extractive.Options{}).Generate(context.Background(), generate.Request{
		Question: "Which module provides KilnCache?",
		Prompt:   prompt(box, prose),
	})
	require.NoError(t, err)
	require.Contains(t, gen.Text, "Module: | mod_kiln_cache", gen.Text)
}
