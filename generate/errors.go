package generate

import (
	"errors"
	"fmt"
)

var (
	// ErrTemplate means a prompt template is unusable (see TemplateError).
	ErrTemplate = errors.New("generate: invalid template")
	// ErrBudget means not even the first sentence of the first source fits
	// the context token budget (see BudgetError).
	ErrBudget = errors.New("generate: context budget too small")
	// ErrNoSources means a build request has no source with any text: the
	// gate should have refused before the builder was called.
	ErrNoSources = errors.New("generate: no sources")
	// ErrEmptyQuestion means the question is empty after sanitising.
	ErrEmptyQuestion = errors.New("generate: empty question")
	// ErrOptions means ContextOptions hold an invalid value.
	ErrOptions = errors.New("generate: invalid options")
	// ErrNonce means the nonce source returned a nonce that cannot fence
	// sources safely (not 8 to 64 ASCII letters or digits).
	ErrNonce = errors.New("generate: invalid nonce")
	// ErrTruncated means a model's reply did not end normally: its stream
	// ended (cleanly or not) before the provider's terminal event, or the
	// provider stopped it early (token cap, content filter). The text is
	// incomplete, so it is an error and never validated as an answer. See
	// TruncatedError.
	ErrTruncated = errors.New("generate: truncated reply")
)

// TemplateError reports why a prompt template was rejected.
type TemplateError struct {
	Path   string // file the template came from, "" when parsed from text
	Reason string
}

func (e *TemplateError) Error() string {
	if e.Path == "" {
		return "generate: invalid template: " + e.Reason
	}
	return fmt.Sprintf("generate: invalid template %s: %s", e.Path, e.Reason)
}

// Unwrap makes errors.Is(err, ErrTemplate) true.
func (e *TemplateError) Unwrap() error { return ErrTemplate }

// BudgetError reports a context budget too small for any source.
type BudgetError struct {
	// Budget is the configured budget in cl100k tokens.
	Budget int
	// Needed is the size of the smallest possible context block: the first
	// source cut to its first sentence, with its label, metadata and fences.
	Needed int
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("generate: context budget too small: %d tokens, the first sentence of the first source needs %d", e.Budget, e.Needed)
}

// Unwrap makes errors.Is(err, ErrBudget) true.
func (e *BudgetError) Unwrap() error { return ErrBudget }

// TruncatedError reports a reply that did not end normally. Exactly one of
// Missing and StopReason is set.
type TruncatedError struct {
	// Missing names the terminal event the reply ended without
	// ("data: [DONE]", "message_stop", …), empty when the provider ended
	// the reply itself.
	Missing string
	// StopReason is the provider's reason for ending the reply early, as
	// it sent it ("length", "max_tokens", "MAX_TOKENS", "content_filter",
	// …; "blocked: SAFETY" and the like when Google AI blocked the prompt).
	// Asking again is expected to end the same way, so retry policies do
	// not retry these.
	StopReason string
	// Reported is the error message the provider sent in the stream before
	// it ended ("upstream overloaded"), at most 300 bytes; empty if none.
	Reported string
	// Err is the read error when the connection broke, else the client's
	// own error about the reply if it reported one; nil when the client
	// took the cut reply for a complete one.
	Err error
}

func (e *TruncatedError) Error() string {
	msg := "generate: truncated reply"
	switch {
	case e.Missing != "":
		msg += ": ended without " + e.Missing
	case e.StopReason != "":
		msg += ": stopped by the provider (" + e.StopReason + ")"
	}
	if e.Reported != "" {
		msg += ": the provider reported: " + e.Reported
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap makes errors.Is(err, ErrTruncated) true, and errors.Is on the
// read error when there was one.
func (e *TruncatedError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrTruncated}
	}
	return []error{ErrTruncated, e.Err}
}
