package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/hybridrag/hybridrag/internal/beirrun"
	"github.com/hybridrag/hybridrag/retrieve"
)

func cmdBEIR(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var (
		data, split, modes, fusion string
		asJSON                     bool
		mmr                        float64
		depth, concurrency         int
	)
	fs := flag.NewFlagSet("beir", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&data, "data", "", "BEIR dataset directory (corpus.jsonl, queries.jsonl, qrels/)")
	fs.StringVar(&split, "split", beirrun.DefaultSplit, "qrels split")
	fs.StringVar(&modes, "modes", "keyword,vector,hybrid", "comma-separated modes")
	fs.StringVar(&fusion, "fusion", "", "hybrid fusion: rrf|weighted (default: the pipeline's choice for the offline embedder, weighted)")
	fs.Float64Var(&mmr, "mmr-lambda", 0, "MMR lambda in (0,1] (default 1: MMR off)")
	fs.IntVar(&depth, "depth", 0, "candidates per search and ranked list length (default 100)")
	fs.IntVar(&concurrency, "concurrency", 0, "queries run at once (default 1)")
	fs.BoolVar(&asJSON, "json", false, "print JSON")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if data == "" {
		return fmt.Errorf("%w: --data DIR is required", errUsage)
	}
	switch {
	case len(pos) > 0:
		return fmt.Errorf("%w: unexpected argument %q", errUsage, pos[0])
	case mmr < 0 || mmr > 1:
		return fmt.Errorf("%w: --mmr-lambda must be in (0, 1], not %v", errUsage, mmr)
	case depth < 0:
		return fmt.Errorf("%w: --depth must not be negative", errUsage)
	case concurrency < 0:
		return fmt.Errorf("%w: --concurrency must not be negative", errUsage)
	}
	opts := beirrun.Options{Split: split, MMRLambda: mmr, Depth: depth, Concurrency: concurrency}
	for m := range strings.SplitSeq(modes, ",") {
		if m = strings.TrimSpace(m); m != "" {
			opts.Modes = append(opts.Modes, beirrun.Mode(m))
		}
	}
	// The offline hashing embedder is the only one this command uses; the
	// pipeline fuses its weak lexical vectors with weighted fusion.
	f, err := retrieve.ParseFusion(fusion)
	if err != nil || f == retrieve.FusionDefault && fusion != "" {
		return fmt.Errorf("%w: unknown fusion %q (rrf, weighted)", errUsage, fusion)
	}
	if f == retrieve.FusionDefault {
		f = retrieve.FusionWeighted
	}
	opts.Retrieval.Fusion = f
	var (
		mu  sync.Mutex
		bar = map[string]func(int){}
	)
	opts.Progress = func(stage string, done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if _, ok := bar[stage]; !ok {
			b := newProgress(total, stage, stderr)
			bar[stage] = func(int) {}
			if b != nil {
				bar[stage] = func(n int) {
					_ = b.Set(n)
					if n == total {
						_ = b.Finish()
						fmt.Fprintln(stderr)
					}
				}
			}
		}
		bar[stage](done)
	}
	rep, err := beirrun.Run(ctx, data, opts)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(stdout, rep)
	}
	fmt.Fprintf(stdout, "%s (%s split): %d documents, %d queries; indexed in %.1f s\n",
		rep.Dataset, rep.Split, rep.Documents, rep.Queries, rep.IndexSeconds)
	fmt.Fprintf(stdout, "embedder %s, fusion %s, MMR lambda %g, depth %d\n\n", rep.Embedder, rep.Fusion, rep.MMRLambda, rep.Depth)
	fmt.Fprintf(stdout, "%-8s  %8s  %10s  %7s  %12s\n", "mode", "nDCG@10", "recall@100", "MRR@10", "query p50 ms")
	for _, m := range rep.Modes {
		fmt.Fprintf(stdout, "%-8s  %8.4f  %10.4f  %7.4f  %12.2f\n", m.Mode, m.NDCG10, m.Recall100, m.MRR10, m.QueryP50MS)
	}
	return nil
}
