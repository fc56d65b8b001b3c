// Command quickstart indexes a small product manual into a temporary store
// and answers questions from it, with no server, no API key and no
// download: the offline embedder and the extractive generator need no model.
//
//	go run ./examples/quickstart
package main

import (
	"context"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/hybridrag/hybridrag/store/loader"
)

//go:embed docs
var docsFS embed.FS

var questions = []string{
	"How often should the G4 filters be replaced?",
	"What does error code E4 mean and how do I fix it?",
	"How far must the outdoor air intake be from the exhaust outlet?",
	// The manual says nothing about this: the gate refuses before any generator call.
	"How do I connect the ventilator to my Wi-Fi network?",
}

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "quickstart:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, w io.Writer) error {
	tmp, err := os.MkdirTemp("", "hybridrag-quickstart-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)

	docs, err := loadDocs(tmp)
	if err != nil {
		return err
	}
	st, err := embedded.Open(filepath.Join(tmp, "store"), embedded.Options{Create: true})
	if err != nil {
		return err
	}
	defer st.Close()
	p, err := hybridrag.New(hybridrag.Config{Store: st})
	if err != nil {
		return err
	}
	defer p.Close()

	stats, err := p.Index(ctx, docs...)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "Indexed %d documents (%d chunks) in %v.\n\n", stats.Documents, stats.Chunks, stats.Duration.Round(1e6))

	for _, q := range questions {
		ans, err := p.Ask(ctx, hybridrag.Request{Question: q})
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "Q: %s\n", q)
		if ans.Refused() {
			fmt.Fprintf(w, "Refused (%s): %s\n\n", *ans.RefusalReason, ans.Answer)
			continue
		}
		fmt.Fprintf(w, "%s\n\n", ans.Text)
	}
	return nil
}

// loadDocs writes the embedded manual to dir and loads it, naming each
// document by its path under docs/.
func loadDocs(dir string) ([]store.Document, error) {
	var docs []store.Document
	err := fs.WalkDir(docsFS, "docs", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := docsFS.ReadFile(path)
		if err != nil {
			return err
		}
		file := filepath.Join(dir, filepath.Base(path))
		if err := os.WriteFile(file, data, 0o600); err != nil {
			return err
		}
		doc, err := loader.LoadFile(file)
		if err != nil {
			return err
		}
		doc.ID, doc.Source = path, path
		docs = append(docs, doc)
		return nil
	})
	return docs, err
}
