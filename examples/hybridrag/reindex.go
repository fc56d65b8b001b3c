package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store"
)

// cmdReindex re-embeds every stored chunk with the configured embedder:
//
//	reindex --store DIR|postgres://... [--tenant T --project P]
//
// An interrupted run (Ctrl-C, an embedding failure) leaves a checkpoint in
// the store; running the command again resumes where it stopped.
func cmdReindex(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var c common
	fs := newFlagSet("reindex", &c)
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
	st, err := openStore(ctx, c.store, false)
	if err != nil {
		return err
	}
	defer st.Close()
	p, err := hybridrag.New(hybridrag.Config{Store: st})
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
