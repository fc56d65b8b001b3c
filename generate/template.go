package generate

import (
	_ "embed" // prompt files
	"fmt"
	"os"
	"strings"
	"unicode/utf8"
)

// NotInDocs is the exact sentence the model must answer with when the
// sources do not contain the answer. The
// pipeline recognises it to report the model_declined refusal.
const NotInDocs = "The indexed documentation does not contain this information."

// Template placeholders.
const (
	// ContextPlaceholder marks where the fenced sources go in a system
	// template. Every template must contain it exactly once.
	ContextPlaceholder = "{context}"
	// QuestionPlaceholder is rejected in system templates: the question
	// goes in the user message, after the sources (see Builder).
	QuestionPlaceholder = "{question}"

	refusalPlaceholder = "{refusal}"
	personaPlaceholder = "{persona}"
)

// The embedded prompt texts. The system text is the default Template; the
// others are fixed so that a custom template can never drop the rule
// restatement that follows the data.
var (
	//go:embed prompts/system.tmpl
	defaultSystemText string
	//go:embed prompts/reminder.tmpl
	reminderText string
	//go:embed prompts/strict.tmpl
	strictText string
	//go:embed prompts/persona.tmpl
	personaText string

	// defaultTemplate skips validation to avoid a panic path at init; a test
	// checks that ParseTemplate accepts the embedded text.
	defaultTemplate = newTemplate(defaultSystemText)
)

// Template is a system prompt template: the rules with a {context}
// placeholder where the fenced sources go. The same template serves every
// generator, local or remote. A Template is immutable and safe for
// concurrent use.
type Template struct {
	text          string
	before, after string // text around the placeholder
}

// DefaultTemplate returns the built-in system template (prompts/system.tmpl):
// answer only from the documentation, refuse with NotInDocs, no outside
// knowledge, no guessed steps, cite every sentence with [S#] labels, treat
// fenced text as data.
func DefaultTemplate() *Template { return defaultTemplate }

// ParseTemplate checks a system template and returns it. The text must be
// valid UTF-8, contain {context} exactly once, hold some rules besides it,
// and must not contain {question}: the question belongs in the user message,
// where untrusted input keeps user rather than system authority and is
// followed by the rule restatement. Errors wrap ErrTemplate (*TemplateError).
func ParseTemplate(text string) (*Template, error) {
	return parseTemplate("", text)
}

// LoadTemplate reads a system template from a file and checks it like
// ParseTemplate.
func LoadTemplate(path string) (*Template, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("generate: load template: %w", err)
	}
	return parseTemplate(path, string(b))
}

func parseTemplate(path, text string) (*Template, error) {
	fail := func(reason string) (*Template, error) {
		return nil, &TemplateError{Path: path, Reason: reason}
	}
	switch n := strings.Count(text, ContextPlaceholder); {
	case !utf8.ValidString(text):
		return fail("not valid UTF-8")
	case n == 0:
		return fail("missing the " + ContextPlaceholder + " placeholder")
	case n > 1:
		return fail(fmt.Sprintf("%s appears %d times; the sources must appear once", ContextPlaceholder, n))
	case strings.Contains(text, QuestionPlaceholder):
		return fail(QuestionPlaceholder + " is not allowed: the question goes in the user message, after the sources")
	}
	t := newTemplate(text)
	if strings.TrimSpace(t.before+t.after) == "" {
		return fail("holds no rules besides " + ContextPlaceholder)
	}
	return t, nil
}

func newTemplate(text string) *Template {
	before, after, _ := strings.Cut(text, ContextPlaceholder)
	return &Template{text: text, before: before, after: after}
}

// String returns the template text.
func (t *Template) String() string { return t.text }

// Render returns the template with the placeholder replaced by context.
// Context is inserted verbatim, so a "{question}" inside it stays text.
func (t *Template) Render(context string) string {
	return t.before + context + t.after
}
