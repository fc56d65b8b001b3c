package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/internal/loader"
	"github.com/hybridrag/hybridrag/store"
)

const indexBatch = 32 // documents per Index call, so progress moves

func cmdIndex(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var c common
	fs := newFlagSet("index", &c)
	paths, err := parse(fs, args)
	if err != nil {
		return err
	}
	if c.store == "" {
		return fmt.Errorf("%w: --store DIR is required", errUsage)
	}
	if len(paths) == 0 {
		return fmt.Errorf("%w: missing PATH", errUsage)
	}
	start := time.Now()
	docs, err := loadPaths(paths)
	if err != nil {
		return err
	}
	for i := range docs {
		docs[i].TenantID, docs[i].ProjectID = c.tenant, c.project
	}
	st, err := openStore(ctx, c.store, true)
	if err != nil {
		return err
	}
	defer st.Close()
	p, err := hybridrag.New(hybridrag.Config{Store: st})
	if err != nil {
		return err
	}
	defer p.Close()

	bar := newBar(len(docs), stderr)
	total := hybridrag.IndexStats{}
	for lo := 0; lo < len(docs); lo += indexBatch {
		st, err := p.Index(ctx, docs[lo:min(lo+indexBatch, len(docs))]...)
		total.Documents += st.Documents
		total.Chunks += st.Chunks
		if err != nil {
			return fmt.Errorf("after %d documents: %w", total.Documents, err)
		}
		if bar != nil {
			_ = bar.Add(st.Documents)
		}
	}
	if bar != nil {
		_ = bar.Finish()
		fmt.Fprintln(stderr)
	}
	if err := p.Close(); err != nil {
		return err
	}
	if err := st.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "indexed %d documents, %d chunks in %.2fs into %s\n",
		total.Documents, total.Chunks, time.Since(start).Seconds(), c.store)
	return nil
}

// loadPaths reads files and folders (recursively) in argument order.
func loadPaths(paths []string) ([]store.Document, error) {
	var docs []store.Document
	for _, path := range paths {
		st, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			d, err := loader.LoadFile(path)
			if err != nil {
				return nil, err
			}
			docs = append(docs, d)
			continue
		}
		if err := loader.LoadDir(path, func(d store.Document) error {
			docs = append(docs, d)
			return nil
		}); err != nil {
			return nil, err
		}
	}
	if len(docs) == 0 {
		return nil, fmt.Errorf("no supported documents (.md, .txt, .html, .pdf) under %v", paths)
	}
	return docs, nil
}

// newBar returns a progress bar when w is a terminal, else nil.
func newBar(n int, w io.Writer) *progressbar.ProgressBar {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return progressbar.NewOptions(n,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("indexing"),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
	)
}
