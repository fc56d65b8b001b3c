// Command library is the README's library example, verbatim: a host opens
// an embedded store, indexes a file and asks one question.
//
//	go run ./examples/library
package main

import (
	"context"
	"fmt"
	"log"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/hybridrag/hybridrag/store/loader"
)

func main() {
	ctx := context.Background()
	st, err := embedded.Open("./rag-store", embedded.Options{Create: true}) // on disk
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()
	p, err := hybridrag.New(hybridrag.Config{Store: st}) // every other part has an offline default
	if err != nil {
		log.Fatal(err)
	}
	defer p.Close()

	doc, err := loader.LoadFile("examples/quickstart/docs/operation-and-maintenance.md") // .md .txt .html .pdf .docx .odt .epub .rst .adoc
	if err != nil {
		log.Fatal(err)
	}
	if _, err := p.Index(ctx, doc); err != nil {
		log.Fatal(err)
	}

	ans, err := p.Ask(ctx, hybridrag.Request{Question: "How often should the filters be replaced?"})
	if err != nil {
		log.Fatal(err) // bad input or a failing component; a refusal is not an error
	}
	if ans.Refused() {
		fmt.Println("refused:", *ans.RefusalReason) // e.g. no_relevant_content
	}
	fmt.Println(ans.Text) // the answer with [S#] markers, then the Sources block
}
