package main

import (
	"context"

	"github.com/hybridrag/hybridrag"
)

// openAnswerPipeline opens the pipeline of the commands that generate
// (ask, artifact): the generator named by --generator and --model (none
// when withGenerator is false: --print-prompt calls no model), then the
// command's own settings from tune (nil for none), then the agent's, which
// come last because an agent file may override both.
func openAnswerPipeline(ctx context.Context, c *common, ag *agentFlags, genName, model string, withGenerator bool, tune func(*hybridrag.Config) error) (*hybridrag.Pipeline, error) {
	var cfg hybridrag.Config
	if withGenerator {
		gen, err := newGenerator(ctx, genName, model)
		if err != nil {
			return nil, err
		}
		cfg.Generator = gen
	}
	if tune != nil {
		if err := tune(&cfg); err != nil {
			return nil, err
		}
	}
	if err := ag.configure(&cfg, c.store, model); err != nil {
		return nil, err
	}
	return openPipeline(c, cfg)
}
