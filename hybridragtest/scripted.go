package hybridragtest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/tmc/langchaingo/llms"

	"github.com/hybridrag/hybridrag/generate"
)

// ErrNoScript is returned by a ScriptedLLM built with no responses.
var ErrNoScript = errors.New("hybridragtest: scripted LLM has no responses")

// Responder computes a scripted answer from the messages of a call.
type Responder func(ctx context.Context, messages []generate.Message) (string, error)

// LLMCall records one call to a ScriptedLLM.
type LLMCall struct {
	Messages    []generate.Message
	Model       string
	Temperature float64
	MaxTokens   int
	// Streamed is set when the call asked for streaming.
	Streamed bool
}

// ScriptedLLM is an llms.Model for tests: it answers from a list of
// responses or a Responder, records every call, reports word counts as
// token usage, and honours llms.WithStreamingFunc by delivering the answer
// in StreamChunks pieces (DefaultStreamChunks when zero) before returning
// it whole. Unlike langchaingo's llms/fake it is safe for concurrent use.
// Set StreamChunks before the first call.
type ScriptedLLM struct {
	StreamChunks int

	respond   Responder
	mu        sync.Mutex
	responses []string
	next      int
	calls     []LLMCall
}

var _ llms.Model = (*ScriptedLLM)(nil)

// NewScriptedLLM returns a model whose i-th call answers responses[i]; once
// the list is used up, every further call repeats the last response. With
// no responses every call fails with ErrNoScript.
func NewScriptedLLM(responses ...string) *ScriptedLLM {
	return &ScriptedLLM{responses: append([]string(nil), responses...)}
}

// NewResponderLLM returns a model that answers with respond. respond may
// be called concurrently.
func NewResponderLLM(respond Responder) *ScriptedLLM {
	return &ScriptedLLM{respond: respond}
}

// GenerateContent implements llms.Model.
func (s *ScriptedLLM) GenerateContent(ctx context.Context, messages []llms.MessageContent, options ...llms.CallOption) (*llms.ContentResponse, error) {
	var opts llms.CallOptions
	for _, o := range options {
		o(&opts)
	}
	msgs, err := FromLLMMessages(messages)
	if err != nil {
		return nil, err
	}
	s.record(LLMCall{Messages: msgs, Model: opts.Model, Temperature: opts.Temperature,
		MaxTokens: opts.MaxTokens, Streamed: opts.StreamingFunc != nil})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	text, err := s.answer(ctx, msgs)
	if err != nil {
		return nil, err
	}
	if opts.StreamingFunc != nil {
		for _, piece := range SplitChunks(text, s.StreamChunks) {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if err := opts.StreamingFunc(ctx, []byte(piece)); err != nil {
				return nil, err
			}
		}
	}
	prompt := 0
	for _, m := range msgs {
		prompt += countWords(m.Content)
	}
	completion := countWords(text)
	return &llms.ContentResponse{Choices: []*llms.ContentChoice{{
		Content:    text,
		StopReason: "stop",
		GenerationInfo: map[string]any{
			"PromptTokens":     prompt,
			"CompletionTokens": completion,
			"TotalTokens":      prompt + completion,
		},
	}}}, nil
}

// Call implements llms.Model.
func (s *ScriptedLLM) Call(ctx context.Context, prompt string, options ...llms.CallOption) (string, error) {
	return llms.GenerateFromSinglePrompt(ctx, s, prompt, options...)
}

// Calls returns a copy of the calls made so far, in arrival order.
func (s *ScriptedLLM) Calls() []LLMCall {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]LLMCall, len(s.calls))
	for i, c := range s.calls {
		c.Messages = append([]generate.Message(nil), c.Messages...)
		out[i] = c
	}
	return out
}

// CallCount returns the number of calls made so far.
func (s *ScriptedLLM) CallCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.calls)
}

func (s *ScriptedLLM) record(c LLMCall) {
	s.mu.Lock()
	s.calls = append(s.calls, c)
	s.mu.Unlock()
}

func (s *ScriptedLLM) answer(ctx context.Context, msgs []generate.Message) (string, error) {
	if s.respond != nil {
		return s.respond(ctx, msgs)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.responses) == 0 {
		return "", ErrNoScript
	}
	i := min(s.next, len(s.responses)-1)
	s.next++
	return s.responses[i], nil
}

// FromLLMMessages converts langchaingo messages to generate messages,
// joining the text parts of each. Non-text parts are an error.
func FromLLMMessages(messages []llms.MessageContent) ([]generate.Message, error) {
	out := make([]generate.Message, len(messages))
	for i, m := range messages {
		var role generate.Role
		switch m.Role {
		case llms.ChatMessageTypeSystem:
			role = generate.RoleSystem
		case llms.ChatMessageTypeHuman, llms.ChatMessageTypeGeneric:
			role = generate.RoleUser
		case llms.ChatMessageTypeAI:
			role = generate.RoleAssistant
		default:
			return nil, fmt.Errorf("hybridragtest: unsupported message role %q", m.Role)
		}
		var b strings.Builder
		for _, p := range m.Parts {
			t, ok := p.(llms.TextContent)
			if !ok {
				return nil, fmt.Errorf("hybridragtest: unsupported content part %T", p)
			}
			b.WriteString(t.Text)
		}
		out[i] = generate.Message{Role: role, Content: b.String()}
	}
	return out, nil
}
