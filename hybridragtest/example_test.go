package hybridragtest_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/langchain"
	"github.com/hybridrag/hybridrag/hybridragtest"
)

func ExampleScriptedLLM() {
	llm := hybridragtest.NewScriptedLLM("Service the pump every six months. [S1]")
	gen := hybridragtest.NewCountingGenerator(langchain.New(llm, langchain.Options{}))

	var chunks []string
	out, err := gen.Generate(context.Background(), generate.Request{
		Prompt: &generate.Prompt{Messages: []generate.Message{{Role: generate.RoleUser, Content: "How often?"}}},
		Stream: func(_ context.Context, b []byte) error { chunks = append(chunks, string(b)); return nil },
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(out.Text)
	fmt.Println(len(chunks), "chunks:", strings.Join(chunks, "|"))
	fmt.Println("calls:", gen.Calls(), "temperature:", llm.Calls()[0].Temperature)
	// Output:
	// Service the pump every six months. [S1]
	// 4 chunks: Service th|e pump eve|ry six mon|ths. [S1]
	// calls: 1 temperature: 0.1
}
