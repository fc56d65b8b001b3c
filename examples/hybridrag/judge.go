package main

import (
	"fmt"

	"github.com/hybridrag/hybridrag"
)

// checkJudge rejects --judge with a generator that cannot judge: the
// extractive generator copies source sentences and cannot answer the
// judge's question.
func checkJudge(judge bool, genName string) error {
	if judge && (genName == "" || genName == "extractive") {
		return fmt.Errorf("%w: --judge asks the --generator model to check each claim; the extractive generator cannot, choose --generator openai|ollama|googleai", errUsage)
	}
	return nil
}

// setJudge makes the configured generator the judge when --judge is on.
func setJudge(cfg *hybridrag.Config, judge bool) {
	if judge {
		cfg.Generation.Judge = cfg.Generator
	}
}
