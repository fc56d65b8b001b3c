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

// A pipeline with the offline defaults answers from its documents with
// citations, and refuses, without calling any generator, what they do not
// cover.
func Example() {
	dir, err := os.MkdirTemp("", "hybridrag-example-")
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
		ID:     "valve.md",
		Source: "docs/valve.md",
		Text:   "# Valve guide\n\n## Pressure relief\n\nThe pressure relief valve opens at 6 bar. Test the relief valve every 6 months by lifting its lever.\n",
	})
	if err != nil {
		log.Fatal(err)
	}

	for _, q := range []string{"At what pressure does the relief valve open?", "Who won the football world cup in 1998?"} {
		ans, err := p.Ask(ctx, hybridrag.Request{Question: q})
		if err != nil {
			log.Fatal(err)
		}
		if ans.Refused() {
			fmt.Println("refused:", *ans.RefusalReason)
			continue
		}
		fmt.Println(ans.Answer)
		fmt.Println("cites:", ans.Citations, "from", ans.Sources[0].Source)
	}
	// Output:
	// The pressure relief valve opens at 6 bar. [S1] Test the relief valve every 6 months by lifting its lever. [S1]
	// cites: [S1] from docs/valve.md
	// refused: no_relevant_content
}
