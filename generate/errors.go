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
