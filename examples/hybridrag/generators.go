package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
	"github.com/hybridrag/hybridrag/generate/googleai"
	"github.com/hybridrag/hybridrag/generate/ollama"
	"github.com/hybridrag/hybridrag/generate/openai"
)

// newGenerator builds the chosen generator. Only the chosen provider's
// environment variables are read.
func newGenerator(ctx context.Context, name, model string) (generate.Generator, error) {
	switch name {
	case "", "extractive":
		return extractive.New(extractive.Options{}), nil
	case "openai":
		opts, err := openaiEnv("--generator openai")
		if err != nil {
			return nil, err
		}
		opts.Model = model
		return openai.New(opts)
	case "ollama":
		return ollama.New(ollama.Options{ServerURL: ollamaHost(), Model: model})
	case "googleai":
		key := os.Getenv("GOOGLE_API_KEY")
		if key == "" {
			return nil, fmt.Errorf("--generator googleai needs GOOGLE_API_KEY")
		}
		return googleai.New(ctx, googleai.Options{APIKey: key, Model: model})
	default:
		return nil, fmt.Errorf("%w: unknown generator %q (extractive, openai, ollama, googleai)", errUsage, name)
	}
}

// openaiEnv reads the OpenAI settings from the environment: OPENAI_API_KEY
// (required; who names what needs it in the error) and OPENAI_BASE_URL.
// The generator and the embedder both call it, and only when chosen.
func openaiEnv(who string) (openai.Options, error) {
	key := os.Getenv("OPENAI_API_KEY")
	if key == "" {
		return openai.Options{}, fmt.Errorf("%s needs OPENAI_API_KEY", who)
	}
	return openai.Options{APIKey: key, BaseURL: os.Getenv("OPENAI_BASE_URL")}, nil
}

// ollamaHost reads OLLAMA_HOST, ollama's own convention (host:port, scheme
// optional), as a server URL; "" means the default local server.
func ollamaHost() string {
	host := os.Getenv("OLLAMA_HOST")
	if host != "" && !strings.Contains(host, "://") {
		host = "http://" + host
	}
	return host
}
