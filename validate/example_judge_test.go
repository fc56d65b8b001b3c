package validate_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/validate"
)

func ExampleWithJudge() {
	sources := []retrieve.Source{{Chunk: store.Chunk{Text: "The CX-90 chiller holds 12 litres of coolant. Drain the coolant every 2 years."}}}
	answer := "The CX-90 chiller holds 12 litres of coolant [S1]. Drain the coolant every 2 years [S1]."
	// Any generate.Generator can judge; this one stands in for a model.
	model := generate.GeneratorFunc(func(_ context.Context, req generate.Request) (*generate.Generation, error) {
		claims := strings.Count(req.Prompt.Messages[1].Content, "(cites ")
		fmt.Println("claims sent to the judge:", claims)
		return &generate.Generation{Text: `{"verdicts":[{"claim":1,"supported":true,"reason":"stated"},` +
			`{"claim":2,"supported":false,"reason":"the interval is not about draining"}]}`}, nil
	})
	v := validate.WithJudge(validate.New(validate.Options{}), model, validate.JudgeOptions{})
	rep, err := v.Validate(context.Background(), answer, sources)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range rep.Sentences {
		fmt.Printf("%v %v %q\n", s.Supported, s.Issues, s.Judge.Reason)
	}
	// Output:
	// claims sent to the judge: 2
	// true [] "stated"
	// false [judge_rejected] "the interval is not about draining"
}

func ExampleCleanOutput() {
	cited := []retrieve.Source{{Chunk: store.Chunk{Text: "Spare parts are listed at https://parts.example.com/cx90."}}}
	fmt.Println(validate.CleanOutput("Spare parts are listed at https://parts.example.com/cx90 [S1].", cited))
	fmt.Println(validate.CleanOutput("See [the shop](https://evil.example.net/?q=cx90) ![logo](https://evil.example.net/l.png) [S1].", cited))
	fmt.Println(validate.CleanOutput("Keep it < 5 bar <script>alert(1)</script> [S1].", cited))
	// Output:
	// Spare parts are listed at https://parts.example.com/cx90 [S1].
	// See the shop [S1].
	// Keep it < 5 bar &lt;script&gt;alert(1)&lt;/script&gt; [S1].
}
