package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/tmc/langchaingo/embeddings"

	"github.com/hybridrag/hybridrag/generate/ollama"
	"github.com/hybridrag/hybridrag/generate/openai"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/retrieve/embed"
	"github.com/hybridrag/hybridrag/store"
)

// Default embedding models of the semantic embedders.
const (
	openaiEmbeddingModel = openai.DefaultEmbeddingModel
	ollamaEmbeddingModel = "nomic-embed-text"
)

// embedderFlags are --embedder and --embedding-model (index, reindex). The
// other commands take no flag: they build the embedder the store records,
// so a store indexed once with --embedder ollama is queried with it.
type embedderFlags struct {
	name  string
	model string
}

func addEmbedderFlags(fs *flag.FlagSet, e *embedderFlags) {
	fs.StringVar(&e.name, "embedder", "", "hash|openai|ollama (default: the embedder the store records; hash, offline, for a new store)")
	fs.StringVar(&e.model, "embedding-model", "", "model of --embedder (openai: "+openaiEmbeddingModel+", ollama: "+ollamaEmbeddingModel+")")
}

// build returns the chosen embedder, or ok = false when --embedder was not
// given. A nil embedder with ok = true is the offline hashing one (the
// Pipeline's default). Called before any work, so a bad name or a missing
// key is bad usage with nothing done.
func (e *embedderFlags) build() (emb retrieve.Embedder, ok bool, err error) {
	if e.name == "" {
		if e.model != "" {
			return nil, false, fmt.Errorf("%w: --embedding-model needs --embedder openai or ollama", errUsage)
		}
		return nil, false, nil
	}
	emb, err = newEmbedder(e.name, e.model, 0, "--embedder "+e.name)
	return emb, err == nil, err
}

// newEmbedder builds provider's embedder for model ("" for its default);
// dim > 0 is the dimension the store already holds. Only the chosen
// provider's environment variables are read. who names the choice in
// errors.
func newEmbedder(provider, model string, dim int, who string) (retrieve.Embedder, error) {
	var client embeddings.EmbedderClient
	switch provider {
	case "hash":
		if model != "" {
			return nil, fmt.Errorf("%w: the hash embedder has no --embedding-model", errUsage)
		}
		return nil, nil
	case "openai":
		if model == "" {
			model = openaiEmbeddingModel
		}
		opts, err := openaiEnv(who)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", errUsage, err)
		}
		opts.EmbeddingModel = model
		if client, err = openai.NewLLM(opts); err != nil {
			return nil, err
		}
	case "ollama":
		if model == "" {
			model = ollamaEmbeddingModel
		}
		llm, err := ollama.NewLLM(ollama.Options{ServerURL: ollamaHost(), Model: model})
		if err != nil {
			return nil, err
		}
		client = llm
	default:
		return nil, fmt.Errorf("%w: unknown embedder %q (hash, openai, ollama)", errUsage, provider)
	}
	lc, err := embeddings.NewEmbedder(client)
	if err != nil {
		return nil, err
	}
	// The name is what the store records and storeEmbedder parses back.
	return embed.FromLangchain(lc, embed.Options{Name: provider + ":" + model, Dim: dim}), nil
}

// storeEmbedder builds the embedder st records: nil (the offline hashing
// embedder) for a store that records none or a hashing one — a hashing
// embedder configured otherwise than the default fails the Pipeline's own
// check, naming both — else "openai:MODEL" or "ollama:MODEL".
func storeEmbedder(ctx context.Context, st store.Store) (retrieve.Embedder, error) {
	er, ok := st.(store.EmbedderRecorder)
	if !ok {
		return nil, nil
	}
	id, found, err := er.LoadEmbedder(ctx)
	if err != nil {
		return nil, err
	}
	if !found || strings.HasPrefix(id.Name, "hash ") {
		return nil, nil
	}
	provider, model, _ := strings.Cut(id.Name, ":")
	if (provider != "openai" && provider != "ollama") || model == "" {
		return nil, &unknownEmbedderError{ID: id}
	}
	return newEmbedder(provider, model, id.Dimension, fmt.Sprintf("the store's embedder %q", id.Name))
}

// unknownEmbedderError: the store records an embedder the CLI cannot build
// (a library user's own). Its vectors are only comparable with that
// embedder's, so the CLI cannot query or extend the store as it is.
type unknownEmbedderError struct{ ID store.EmbedderID }

func (e *unknownEmbedderError) Error() string {
	return fmt.Sprintf("the store was built with embedder %v, which the CLI cannot build (it builds hash, openai:MODEL and ollama:MODEL); "+
		"use the library with that embedder, or re-embed the store: hybridrag reindex --store DIR --embedder hash|openai|ollama", e.ID)
}
