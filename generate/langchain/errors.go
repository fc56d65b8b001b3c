package langchain

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag/internal/redact"
)

var (
	// ErrProvider is wrapped by every *ProviderError: the model failed or
	// timed out, and no text is returned.
	ErrProvider = errors.New("langchain: provider error")
	// ErrNoPrompt means a request carried no prompt or no messages.
	ErrNoPrompt = errors.New("langchain: request has no prompt messages")
	// ErrRole means a prompt message has a role the adapter cannot send.
	ErrRole = errors.New("langchain: unsupported message role")
	// ErrEmptyResponse means the model answered with no text. It is
	// wrapped in a *ProviderError.
	ErrEmptyResponse = errors.New("langchain: empty response")
	// ErrNilModel means New was given a nil model.
	ErrNilModel = errors.New("langchain: nil model")
)

// ProviderError reports a failed generation: the last attempt's error and
// how many attempts were made. Its message is redacted (internal/redact):
// URL passwords and key-shaped strings are masked. errors.Is(err, ErrProvider) holds, and so
// does errors.Is on the underlying error (for example
// context.DeadlineExceeded when the last attempt timed out).
type ProviderError struct {
	// Provider is the generator's name.
	Provider string
	// Attempts is the number of calls made to the model.
	Attempts int
	// StatusCode is the HTTP status of the last attempt, 0 when unknown (a
	// network error, or a model whose HTTP client does not report statuses;
	// see Transport).
	StatusCode int
	// Timeout is set when the last attempt exceeded Options.Timeout.
	Timeout bool
	// Err is the last attempt's error.
	Err error
}

func (e *ProviderError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "langchain: %s failed after %d attempt(s)", e.Provider, e.Attempts)
	if e.StatusCode != 0 {
		fmt.Fprintf(&b, " (HTTP %d)", e.StatusCode)
	}
	if e.Err != nil {
		b.WriteString(": ")
		// Clients quote response bodies; Transport scrubs the request's own
		// key from them, this catches key-shaped strings from any path.
		b.WriteString(redact.String(e.Err.Error()))
	}
	return b.String()
}

// Unwrap returns ErrProvider and the last attempt's error.
func (e *ProviderError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrProvider}
	}
	return []error{ErrProvider, e.Err}
}

// timeoutError marks an attempt that exceeded the per-call timeout; it
// unwraps to context.DeadlineExceeded and the model's own error, whose text
// some clients sanitise so that it no longer wraps the context error.
type timeoutError struct {
	after time.Duration
	errs  []error
}

func (e *timeoutError) Error() string {
	return fmt.Sprintf("call exceeded %s: %v", e.after, e.errs[len(e.errs)-1])
}

func (e *timeoutError) Unwrap() []error { return e.errs }
