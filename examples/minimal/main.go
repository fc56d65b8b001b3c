// Command minimal is the smallest useful host: it builds a Pipeline with
// every default (offline hashing embedder, hybrid retriever, gate,
// extractive generator, citation parser, lexical validator) over a small
// in-memory store of its own, indexes one document and asks one question.
//
// It exists to measure what importing the root package costs: its
// stripped binary size and cold build time are tracked in BENCHMARKS.md
// ("Cost of importing the root"). The store is brute force and lives here,
// as a host's own would; a real host opens store/embedded or
// store/postgres instead.
//
//	go run ./examples/minimal
package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store"
)

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "minimal:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, w io.Writer) error {
	p, err := hybridrag.New(hybridrag.Config{Store: newMemStore()})
	if err != nil {
		return err
	}
	defer p.Close()
	_, err = p.Index(ctx, store.Document{
		ID:   "valve.md",
		Text: "# Valve guide\n\n## Pressure relief\n\nThe pressure relief valve opens at 6 bar. Test the relief valve every 6 months by lifting its lever.\n",
	})
	if err != nil {
		return err
	}
	ans, err := p.Ask(ctx, hybridrag.Request{Question: "At what pressure does the relief valve open?"})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, ans.Text)
	return err
}
