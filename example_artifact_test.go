package hybridrag_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
)

// An artifact grounds every section on its own: a section the sources
// support is cited, one they do not says so instead of inventing.
func ExamplePipeline_Artifact() {
	dir, err := os.MkdirTemp("", "hybridrag-artifact-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	st, err := embedded.Open(dir, embedded.Options{Create: true})
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()
	p, err := hybridrag.New(hybridrag.Config{Store: st})
	if err != nil {
		log.Fatal(err)
	}
	defer p.Close()

	ctx := context.Background()
	_, err = p.Index(ctx, store.Document{
		ID: "pump.md", Source: "docs/pump.md",
		Text: "# Pump manual\n\n## Priming\n\nPrime the pump with 2 litres of water before the first start.\n\n## Seal\n\nReplace the shaft seal of the pump every 2,000 operating hours.\n",
	})
	if err != nil {
		log.Fatal(err)
	}
	art, err := p.Artifact(ctx, hybridrag.ArtifactRequest{Topic: "pump", Schema: &hybridrag.ArtifactSchema{
		Name: "service-sheet", Title: "Service Sheet",
		Sections: []hybridrag.SectionSchema{
			{Title: "Priming", Query: "prime water"},
			{Title: "Seal", Query: "shaft seal replace"},
			{Title: "Firmware", Query: "firmware bluetooth"},
		},
	}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(art.Markdown)
	// Output:
	// # Service Sheet: pump
	//
	// > LOW CONFIDENCE — some sections have limited or no source coverage.
	//
	// ## Priming
	//
	// Prime the pump with 2 litres of water before the first start. [S1]
	//
	// ## Seal
	//
	// Replace the shaft seal of the pump every 2,000 operating hours. [S1]
	//
	// ## Firmware
	//
	// _No supporting documentation found for this section: the generator found no answer to the question in the sources._
	//
	// ## Sources
	//
	// - [S1] docs/pump.md, Pump manual > Priming
}
