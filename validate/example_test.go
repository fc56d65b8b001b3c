package validate_test

import (
	"context"
	"fmt"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/validate"
)

func Example() {
	sources := []retrieve.Source{{Chunk: store.Chunk{
		Source: "px400.md",
		Text:   "The maximum operating pressure is 16 bar at a fluid temperature of 40 °C.",
	}}}
	answer := "The maximum operating pressure is 16 bar [S1]. It can briefly reach 25 bar [S1]."

	rep, err := validate.New(validate.Options{}).Validate(context.Background(), answer, sources)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range rep.Sentences {
		fmt.Printf("%q supported=%v issues=%v\n", s.Text, s.Supported, s.Issues)
	}
	fmt.Printf("coverage %.2f\n", rep.Coverage)

	text, out := validate.Apply(answer, rep, validate.Drop)
	fmt.Printf("%s (dropped %d, low confidence %v)\n", text, out.Dropped, out.Low)
	// Output:
	// "The maximum operating pressure is 16 bar [S1]." supported=true issues=[]
	// "It can briefly reach 25 bar [S1]." supported=false issues=[number_mismatch missing_term]
	// coverage 0.50
	// The maximum operating pressure is 16 bar [S1]. (dropped 1, low confidence true)
}
