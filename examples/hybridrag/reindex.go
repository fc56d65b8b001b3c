package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store"
)

// cmdReindex re-embeds every stored chunk with the store's recorded
// embedder, or with --embedder (which the store then records):
//
//	reindex --store DIR|postgres://... [--tenant T --project P] [--embedder hash|openai|ollama [--embedding-model M]]
//
// An interrupted run (Ctrl-C, an embedding failure) leaves a checkpoint in
// the store; running the command again resumes where it stopped.
func cmdReindex(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var (
		c   common
		emb embedderFlags
	)
	fs := newFlagSet("reindex", &c)
	addEmbedderFlags(fs, &emb)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return fmt.Errorf("%w: reindex takes no arguments, got %q", errUsage, pos)
	}
	if c.store == "" {
		return fmt.Errorf("%w: --store DIR|postgres://... is required", errUsage)
	}
	if emb.name != "" && (c.tenant != "" || c.project != "") {
		// The store records one embedder for all its vectors.
		return fmt.Errorf("%w: reindex --embedder re-embeds the whole store: not with --tenant or --project", errUsage)
	}
	embedder, chosen, err := emb.build()
	if err != nil {
		return err
	}
	st, err := openStore(ctx, c.store, false)
	if err != nil {
		return err
	}
	defer st.Close()
	if !chosen {
		if embedder, err = storeEmbedder(ctx, st); err != nil {
			return err
		}
	}
	p, err := hybridrag.New(hybridrag.Config{Store: st, Embedder: embedder})
	if err != nil {
		return err
	}
	defer p.Close()

	start := time.Now()
	var bar interface{ Set(int) error }
	stats, err := p.Reindex(ctx, hybridrag.ReindexOptions{
		Filter: store.Filter{TenantID: c.tenant, ProjectID: c.project},
		Progress: func(done, total int) {
			if bar == nil {
				if b := newBar(total, stderr); b != nil {
					b.Describe("reindexing")
					bar = b
				}
			}
			if bar != nil {
				_ = bar.Set(done)
			}
		},
	})
	if bar != nil {
		fmt.Fprintln(stderr)
	}
	if err != nil && chosen && errors.Is(err, store.ErrDimensionMismatch) {
		// Resuming cannot help: a store keeps one vector dimension.
		return fmt.Errorf("--embedder %s: its vectors have another dimension than the store's, which keeps one: "+
			"index the files into a new store with --embedder %s instead, or pick a model of the store's dimension: %w", emb.name, emb.name, err)
	}
	if err != nil && chosen {
		// A plain reindex would resume with the embedder the store still
		// records, mixing two models' vectors: name the flags to repeat.
		again := "--embedder " + emb.name
		if emb.model != "" {
			again += " --embedding-model " + emb.model
		}
		return fmt.Errorf("after %d documents (run reindex %s again to resume; until it finishes, "+
			"the store holds vectors of two embedders): %w", stats.Documents+stats.Skipped, again, err)
	}
	if err != nil {
		return fmt.Errorf("after %d documents (run the command again to resume): %w", stats.Documents+stats.Skipped, err)
	}
	if err := p.Close(); err != nil {
		return err
	}
	if err := st.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "reindexed %d documents, %d chunks (%d skipped) in %.2fs\n",
		stats.Documents, stats.Chunks, stats.Skipped, time.Since(start).Seconds())
	return nil
}
