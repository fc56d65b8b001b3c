package generate

import (
	"context"

	"github.com/hybridrag/hybridrag/retrieve"
)

// Role is a chat message role.
type Role string

// Chat roles.
const (
	RoleSystem    Role = "system"
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
)

// Message is one chat message as it leaves the machine.
type Message struct {
	Role    Role   `json:"role"`
	Content string `json:"content"`
}

// ContextSource is one retrieved source as placed in the prompt.
type ContextSource struct {
	// Label is the citation label the model must use: "S1", "S2", …
	Label  string          `json:"label"`
	Source retrieve.Source `json:"source"`
	// Text is the sanitised text placed in the prompt (possibly cut at a
	// sentence boundary to fit the budget).
	Text      string `json:"text"`
	Truncated bool   `json:"truncated,omitempty"`
	// Tokens is the source's share of Prompt.ContextTokens: its fences,
	// metadata lines and text, and the separator after it; the shares add
	// up to ContextTokens.
	Tokens int `json:"tokens"`
	// Flags record what sanitising found, e.g. "instruction_like".
	Flags []string `json:"flags,omitempty"`
}

// Prompt is everything a generator receives.
type Prompt struct {
	Messages []Message `json:"messages"`
	// Sources are the sources that fit the budget, in label order.
	Sources []ContextSource `json:"sources"`
	// Nonce fences the sources for this request only. It is not secret
	// from the model (the fences show it) but retrieved text cannot know it.
	Nonce string `json:"-"`
	// ContextTokens is the token count of the sources block.
	ContextTokens int `json:"context_tokens"`
}

// BuildRequest is the input of a ContextBuilder.
type BuildRequest struct {
	Question string
	Sources  []retrieve.Source
	// Persona is an optional agent persona placed before the rules; it
	// cannot remove them.
	Persona string
	// Strict asks for the stricter instructions used when regenerating after
	// validation found unsupported sentences.
	Strict bool
}

// ContextBuilder turns retrieved sources into a prompt. Implementations must
// be safe for concurrent use.
type ContextBuilder interface {
	Build(ctx context.Context, req BuildRequest) (*Prompt, error)
}

// ContextBuilderFunc adapts a function to ContextBuilder.
type ContextBuilderFunc func(ctx context.Context, req BuildRequest) (*Prompt, error)

// Build calls f.
func (f ContextBuilderFunc) Build(ctx context.Context, req BuildRequest) (*Prompt, error) {
	return f(ctx, req)
}

// StreamFunc receives generated text as it arrives. Returning an error
// stops generation. The streamed text is not yet validated: the final
// Answer is. What a generator streams is always a prefix of the
// Generation.Text it returns: a generator that retries after streaming must
// not repeat or contradict what was already streamed (generate/langchain
// resumes the stream), and one that fails returns an error.
type StreamFunc func(ctx context.Context, chunk []byte) error

// Request is one generation call.
type Request struct {
	Question string
	Prompt   *Prompt
	Stream   StreamFunc // optional
	// Temperature and MaxTokens, when not zero, override the generator's
	// own settings for this call (a negative Temperature means exactly 0).
	// The pipeline sets them by output type (answer or artifact section);
	// generators that do not sample (the extractive one) ignore them.
	Temperature float64
	MaxTokens   int
}

// Generation is a generator's raw output, before citation mapping and
// validation.
type Generation struct {
	Text             string `json:"text"`
	Model            string `json:"model"`
	PromptTokens     int    `json:"prompt_tokens"`
	CompletionTokens int    `json:"completion_tokens"`
}

// Generator writes an answer from a prompt. It must use only the prompt's
// sources; the pipeline validates its output either way, after removing a
// reasoning block the reply opens with (StripReasoning). Implementations
// must be safe for concurrent use and return an error (never partial text)
// when the provider fails or times out.
type Generator interface {
	Generate(ctx context.Context, req Request) (*Generation, error)
}

// GeneratorFunc adapts a function to Generator.
type GeneratorFunc func(ctx context.Context, req Request) (*Generation, error)

// Generate calls f.
func (f GeneratorFunc) Generate(ctx context.Context, req Request) (*Generation, error) {
	return f(ctx, req)
}

// Namer is an optional capability: a generator's name for logs and answers
// ("extractive", "openai", …).
type Namer interface {
	Name() string
}
