package langchain

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/tmc/langchaingo/llms"

	"github.com/hybridrag/hybridrag/generate"
)

// messages converts the prompt's messages to langchaingo's form.
func messages(p *generate.Prompt) ([]llms.MessageContent, error) {
	if p == nil || len(p.Messages) == 0 {
		return nil, ErrNoPrompt
	}
	out := make([]llms.MessageContent, len(p.Messages))
	for i, m := range p.Messages {
		var role llms.ChatMessageType
		switch m.Role {
		case generate.RoleSystem:
			role = llms.ChatMessageTypeSystem
		case generate.RoleUser:
			role = llms.ChatMessageTypeHuman
		case generate.RoleAssistant:
			role = llms.ChatMessageTypeAI
		default:
			return nil, fmt.Errorf("%w: %q (message %d)", ErrRole, m.Role, i)
		}
		out[i] = llms.TextParts(role, m.Content)
	}
	return out, nil
}

// responseText returns the reply's text: with join, the text of every
// choice, content blocks of one reply (Anthropic returns one choice per
// block, thinking blocks with empty text); otherwise the first choice
// with text, choices being alternatives (Options.JoinChoices).
func responseText(resp *llms.ContentResponse, join bool) string {
	if resp == nil {
		return ""
	}
	var b strings.Builder
	for _, c := range resp.Choices {
		if c == nil || c.Content == "" {
			continue
		}
		if !join {
			return c.Content
		}
		b.WriteString(c.Content)
	}
	return b.String()
}

// Token-count keys in ContentChoice.GenerationInfo, most common first:
// langchaingo's openai, ollama and googleai clients report PromptTokens and
// CompletionTokens; anthropic reports InputTokens and OutputTokens.
var (
	promptKeys     = []string{"PromptTokens", "InputTokens", "input_tokens", "prompt_tokens"}
	completionKeys = []string{"CompletionTokens", "OutputTokens", "output_tokens", "completion_tokens"}
)

// usage returns the token counts of the first choice that reports any.
func usage(resp *llms.ContentResponse) (prompt, completion int) {
	if resp == nil {
		return 0, 0
	}
	for _, c := range resp.Choices {
		if c == nil {
			continue
		}
		prompt, completion = lookup(c.GenerationInfo, promptKeys), lookup(c.GenerationInfo, completionKeys)
		if prompt != 0 || completion != 0 {
			return prompt, completion
		}
	}
	return 0, 0
}

func lookup(info map[string]any, keys []string) int {
	for _, k := range keys {
		if n, ok := toInt(info[k]); ok {
			return n
		}
	}
	return 0
}

// toInt reads a count of any numeric type a client may have stored.
func toInt(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int32:
		return int(n), true
	case int64:
		return int(n), true
	case uint:
		return int(n), true
	case uint32:
		return int(n), true
	case uint64:
		return int(n), true
	case float64:
		return floatCount(n)
	case float32:
		return floatCount(float64(n))
	case json.Number:
		if i, err := n.Int64(); err == nil {
			return int(i), true
		}
		if f, err := n.Float64(); err == nil {
			return floatCount(f)
		}
	}
	return 0, false
}

func floatCount(f float64) (int, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
		return 0, false
	}
	return int(math.Round(f)), true
}
