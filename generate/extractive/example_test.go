package extractive_test

import (
	"context"
	"fmt"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
)

func Example() {
	p := &generate.Prompt{Sources: []generate.ContextSource{
		{Label: "S1", Text: "# Maintenance\n\nService the pump every six months. To reset the pump controller, hold the red button for five seconds."},
		{Label: "S2", Text: "The controller shows a green light once the reset is complete."},
	}}
	g := extractive.New(extractive.Options{})
	for _, q := range []string{"How do I reset the pump controller?", "Who founded the company?"} {
		gen, err := g.Generate(context.Background(), generate.Request{Question: q, Prompt: p})
		if err != nil {
			panic(err)
		}
		fmt.Println(gen.Text)
	}
	// Output:
	// To reset the pump controller, hold the red button for five seconds. [S1]
	//
	// The controller shows a green light once the reset is complete. [S2]
	// The indexed documentation does not contain this information.
}
