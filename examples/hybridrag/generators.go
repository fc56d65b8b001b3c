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
		key := os.Getenv("OPENAI_API_KEY")
		if key == "" {
			return nil, fmt.Errorf("--generator openai needs OPENAI_API_KEY")
		}
		return openai.New(openai.Options{APIKey: key, Model: model, BaseURL: os.Getenv("OPENAI_BASE_URL")})
	case "ollama":
		host := os.Getenv("OLLAMA_HOST") // ollama's own convention: host:port, scheme optional
		if host != "" && !strings.Contains(host, "://") {
			host = "http://" + host
		}
		return ollama.New(ollama.Options{ServerURL: host, Model: model})
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
