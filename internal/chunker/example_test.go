package chunker_test

import (
	"fmt"

	"github.com/hybridrag/hybridrag/internal/chunker"
	"github.com/hybridrag/hybridrag/store"
)

func ExampleSplit() {
	doc := store.Document{
		ID:   "manual.md",
		Text: "# Pump\n\nRead this first.\n\n## Installation\n\n### Linux\n\nUse the package.\n\n```sh\n# not a heading\napt install pump\n```\n",
	}
	// MinTokens: 1 keeps every section in its own chunk; the defaults
	// would merge this small document into one.
	chunks, err := chunker.Split(doc, chunker.Options{MinTokens: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range chunks {
		fmt.Printf("%d %q [%d:%d] %d tokens\n", c.Index, c.HeadingPath(), c.Start, c.End, c.Tokens)
	}
	// Output:
	// 0 "Pump" [0:24] 7 tokens
	// 1 "Pump > Installation > Linux" [26:114] 23 tokens
}
