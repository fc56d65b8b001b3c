package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve/rerank"
)

// rerankFlags are --rerank and its companions. Reranking is off unless
// --rerank is given.
type rerankFlags struct {
	spec, protocol, model string
}

func addRerankFlags(fs *flag.FlagSet, r *rerankFlags, withLLM bool) {
	help := "rerank the candidates with a cross-encoder at this /rerank URL (Cohere, Jina, TEI; key from RERANK_API_KEY)"
	if withLLM {
		help = "rerank the candidates: llm (the --generator model, listwise) or the URL of a /rerank endpoint (Cohere, Jina, TEI; key from RERANK_API_KEY)"
	}
	fs.StringVar(&r.spec, "rerank", "", help)
	fs.StringVar(&r.protocol, "rerank-protocol", string(rerank.ProtocolCohere), "wire shape of the --rerank URL: cohere (Cohere, Jina) or tei (Hugging Face TEI)")
	fs.StringVar(&r.model, "rerank-model", "", "model name sent to the --rerank URL")
}

// check rejects combinations that cannot work, before any work is done.
func (r rerankFlags) check(genName string, withLLM, printPrompt bool) error {
	switch {
	case r.spec == "":
		return nil
	case r.spec == "llm" && !withLLM:
		return fmt.Errorf("%w: --rerank llm needs a --generator model; this command has none, give a /rerank URL", errUsage)
	case r.spec == "llm" && (genName == "" || genName == "extractive"):
		return fmt.Errorf("%w: --rerank llm asks the --generator model to order the sources; the extractive generator cannot, choose --generator openai|ollama|googleai", errUsage)
	case r.spec == "llm" && printPrompt:
		return fmt.Errorf("%w: --rerank llm calls the model, which --print-prompt never does", errUsage)
	case r.spec == "llm":
		return nil
	case !strings.HasPrefix(r.spec, "http://") && !strings.HasPrefix(r.spec, "https://"):
		return fmt.Errorf("%w: --rerank takes llm or an http(s) URL, not %q", errUsage, r.spec)
	}
	_, err := r.http()
	return err
}

func (r rerankFlags) http() (*rerank.HTTP, error) {
	h, err := rerank.NewHTTP(rerank.HTTPOptions{
		URL: r.spec, Protocol: rerank.Protocol(r.protocol), Model: r.model,
		APIKey: os.Getenv("RERANK_API_KEY"), // read only because a URL was chosen
	})
	if err != nil {
		return nil, fmt.Errorf("%w: --rerank: %w", errUsage, err)
	}
	return h, nil
}

// apply sets cfg.Reranker; gen is the --generator's model for --rerank llm.
func (r rerankFlags) apply(cfg *hybridrag.Config, gen generate.Generator) error {
	switch r.spec {
	case "":
		return nil
	case "llm":
		l, err := rerank.NewLLM(gen, rerank.LLMOptions{})
		if err != nil {
			return err
		}
		cfg.Reranker = l
		return nil
	}
	h, err := r.http()
	if err != nil {
		return err
	}
	cfg.Reranker = h
	return nil
}
