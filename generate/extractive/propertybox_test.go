package extractive_test

import (
	"context"
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
