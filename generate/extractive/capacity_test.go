package extractive_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
)

// "How many X can Y hold/have/keep" asks what Y may hold, a bound: a
// sentence giving some number of X about Y ("the third shelf", "several
// shelves") does not answer it, one stating a bound does. "How many X can
// Y <other verb>" asks how many kinds there are: a plain count answers it.
func TestCapacityQuestionNeedsABound(t *testing.T) {
	g := extractive.New(extractive.Options{})
	for _, tt := range []struct {
		name, question, source string
		answered               bool
	}{
		{"some number of the thing", "How many shelves can a single cabinet hold?",
			"A cabinet with 3 shelves holds the spare fuses; a single cabinet is mounted beside the boiler.", false},
		{"several, not a bound", "How many shelves can a single cabinet have?",
			"A single cabinet can have several shelves, each sized for one fuse box.", false},
		{"a bound stated", "How many shelves can a single cabinet hold?",
			"A single cabinet holds at most 6 shelves.", true},
		{"a bound in other words", "How many shelves can a single cabinet have?",
			"A single cabinet has no more than 6 shelves.", true},
		{"kinds, not a capacity", "How many kinds of fuses can the cabinet accept?",
			"The cabinet accepts 4 kinds of fuses: glass, ceramic, blade and cartridge.", true},
		// "more than one" says there may be several, not how many at most.
		{"more than one is no bound", "How many records can a single cabinet hold at most?",
			"Order the wide frame if a single cabinet must hold more than one record.", false},
		{"more than one million is a bound", "How many records can a single cabinet hold at most?",
			"A single cabinet cannot hold more than one million records.", true},
		// "How many X long can Y be?" asks for a length bound.
		{"a length capacity without a bound", "How many characters long can a cabinet label be?",
			"Cabinet labels are printed on the tape; these five characters are reserved in a label: < > & ' and \".", false},
		{"a length capacity bounded", "How many characters long can a cabinet label be?",
			"A cabinet label can be at most 40 characters long.", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			gen, err := g.Generate(context.Background(), generate.Request{Question: tt.question, Prompt: prompt(tt.source)})
			require.NoError(t, err)
			require.Equal(t, tt.answered, gen.Text != generate.NotInDocs, gen.Text)
		})
	}
}

// "What number …?" asks for a figure: sentences about the setting that
// give none do not answer it.
func TestWhatNumberNeedsAFigure(t *testing.T) {
	q := "What number does the kiln use as the firing depth limit when KILN_MAX_DEPTH is not set?"
	runSupportCases(t, []supportCase{
		{"no figure", q, prompt("The firing depth limit can be adjusted with KILN_MAX_DEPTH. It is meant to be set on the command line when the kiln runs deep programs."), false},
		{"a figure", q, prompt("When KILN_MAX_DEPTH is not set, the kiln uses a firing depth limit of 1000."), true},
	})
}
