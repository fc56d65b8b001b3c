package hybridrag_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"slices"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/hybridrag/hybridrag/validate"
)

// Each of the six components is an interface with a Func adapter, set
// through Config. Here every one wraps the default and notes that it ran;
// the default retriever comes from DefaultRetriever, so the wrapper keeps
// its fusion choice.
func Example_components() {
	dir, err := os.MkdirTemp("", "hybridrag-components-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	st, err := embedded.Open(dir, embedded.Options{Create: true})
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()

	var called []string
	note := func(name string) {
		if !slices.Contains(called, name) {
			called = append(called, name)
		}
	}
	retriever, err := hybridrag.DefaultRetriever(hybridrag.Config{Store: st})
	if err != nil {
		log.Fatal(err)
	}
	builder, err := generate.NewContextBuilder(generate.ContextOptions{})
	if err != nil {
		log.Fatal(err)
	}
	extractor := cite.New(cite.Options{})
	validator := validate.New(validate.Options{Extractor: extractor})
	p, err := hybridrag.New(hybridrag.Config{
		Store: st,
		Retriever: retrieve.RetrieverFunc(func(ctx context.Context, q retrieve.Query) (*retrieve.Result, error) {
			note("retriever")
			return retriever.Retrieve(ctx, q)
		}),
		Gate: gate.Func(func(ctx context.Context, e gate.Evidence) gate.Decision {
			note("gate")
			return gate.New(gate.Thresholds{}).Check(ctx, e)
		}),
		ContextBuilder: generate.ContextBuilderFunc(func(ctx context.Context, req generate.BuildRequest) (*generate.Prompt, error) {
			note("context builder")
			return builder.Build(ctx, req)
		}),
		Generator: generate.GeneratorFunc(func(ctx context.Context, req generate.Request) (*generate.Generation, error) {
			note("generator")
			return extractive.New(extractive.Options{}).Generate(ctx, req)
		}),
		Extractor: cite.Func(func(ctx context.Context, answer string, sources []retrieve.Source) cite.Extraction {
			note("extractor")
			return extractor.Extract(ctx, answer, sources)
		}),
		Validator: validate.Func(func(ctx context.Context, answer string, sources []retrieve.Source) (*validate.Report, error) {
			note("validator")
			return validator.Validate(ctx, answer, sources)
		}),
	})
	if err != nil {
		log.Fatal(err)
	}
	defer p.Close()

	ctx := context.Background()
	_, err = p.Index(ctx, store.Document{ID: "valve.md", Text: "# Valve guide\n\nThe pressure relief valve opens at 6 bar.\n"})
	if err != nil {
		log.Fatal(err)
	}
	ans, err := p.Ask(ctx, hybridrag.Request{Question: "At what pressure does the relief valve open?"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(ans.Answer)
	for _, name := range called {
		fmt.Println("called:", name)
	}
	// Output:
	// The pressure relief valve opens at 6 bar. [S1]
	// called: gate
	// called: retriever
	// called: context builder
	// called: generator
	// called: validator
	// called: extractor
}
